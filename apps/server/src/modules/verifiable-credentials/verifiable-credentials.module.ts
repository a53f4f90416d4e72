import type { ModuleContext } from '../../module-context';
import type { AuthGuards, RecentAuthentication } from '../identity';
import type { MessagingService } from '../messaging';
import type { IssuerKey } from './issuer-key';
import { createCredentialOfferService } from './offer.service';
import { createCredentialStatusService } from './status.service';
import { registerVerifiableCredentialRoutes } from './verifiable-credentials.routes';

/**
 * The verifiable-credentials module's part of the server (ADR 0027): offers, the customer's
 * credentials and their status list, the issuer's keys. The issuance itself runs inside
 * oidc-provider's credential endpoint through the port app.ts hands identity
 * (issuance.service.ts). Answers what the help desk needs: revoking a lost phone's credentials.
 */
export function registerVerifiableCredentials(
  ctx: ModuleContext,
  deps: {
    issuerKey: IssuerKey;
    auth: AuthGuards;
    recentAuth: RecentAuthentication;
    messaging: Pick<MessagingService, 'send'>;
    mintPreAuthorizedCode: Parameters<
      typeof createCredentialOfferService
    >[0]['mintPreAuthorizedCode'];
    retailShopKey: { publicJwk: Record<string, unknown> };
  },
) {
  const { config, db, clock } = ctx;
  const status = createCredentialStatusService({ config, db, issuerKey: deps.issuerKey, clock });
  const offers = createCredentialOfferService({
    config,
    db,
    messaging: deps.messaging,
    mintPreAuthorizedCode: deps.mintPreAuthorizedCode,
    clock,
  });
  ctx.routes((api) =>
    registerVerifiableCredentialRoutes(api, {
      auth: deps.auth,
      recentAuth: deps.recentAuth,
      offers,
      status,
      retailShopJwk: deps.retailShopKey.publicJwk,
    }),
  );
  return status;
}
