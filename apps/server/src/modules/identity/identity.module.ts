import type Provider from 'oidc-provider';
import { RETAIL_SHOP_CLIENT_ID, type ConnectedApp } from '@anybank/contracts';
import type { ModuleContext } from '../../module-context';
import { insertAuditEvent } from '../audit';
import type { MessagingService, SecurityNotices } from '../messaging';
import { loadClientKeyPair } from './keys/client-key';
import type { ServerKeys } from './keys/keys.service';
import { createPresenterGuard } from './keys/presenter';
import { cibaConfiguration } from './oauth/ciba';
import type { TransferApprovals } from './oauth/ciba-approvals';
import { createAuthGuards } from './oauth/access-token';
import { API_DOCS_CLIENT_ID } from './oauth/oauth.clients';
import { scopesClientMayRequest } from './oauth/client-scopes.rules';
import { readGrantBinding } from './oauth/grant.store';
import { purgeExpiredOidcModels } from './oauth/oidc.adapter';
import { providerFollowingKeys } from './oauth/oidc.current';
import { oauthEndpointPaths } from './oauth/oidc.docs';
import { mountOidcProvider } from './oauth/oidc.mount';
import { createOidcProvider } from './oauth/oidc.provider';
import {
  credentialNonceSecret,
  mintPreAuthorizedCode,
  type CredentialIssuancePort,
} from './oauth/openid4vci';
import type { PaymentConsentLookup } from './oauth/payment-authorization';
import { createPaymentInteractionPort } from './oauth/payment-interaction.port';
import { createSessionsService } from './oauth/sessions.service';
import { createLogoutAnnouncer } from './oauth/backchannel-logout';
import { purgeEndedSessionRecords } from './oauth/sessions.store';
import type { PushService } from './devices/push.service';
import type { MethodFactory } from './challenge/challenge-method';
import { createSignInServices } from './sign-in.module';
import { registerIdentityRoutes } from './identity-routes.module';

/** How often expired OAuth rows and ended sessions' records are purged. */
const PURGE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * The identity module's part of the server: the OAuth server (oidc-provider, served under
 * /as/*), the guards every API authorizes through, the sign-in flow and its factors, and
 * their routes. Answers the services other modules are handed.
 */
export async function registerIdentity(
  ctx: ModuleContext,
  deps: {
    /** The server's secrets and signing keys (app.ts loads them before the cookies need them). */
    keys: ServerKeys;
    messaging: MessagingService;
    notices: SecurityNotices;
    /** Pay by bank: the consents a payment request names, and each application's payments. */
    payments: {
      consents: PaymentConsentLookup;
      byApp: (userId: string) => Promise<ReadonlyMap<string, ConnectedApp['payments']>>;
    };
    /** How a transfer above the CIBA threshold is approved; by default on the customer's phone. */
    transferApprovals?: TransferApprovals | undefined;
    /** Ways of proving it is you added to the bank's own (a test's method, ADR 0026). */
    challengeMethods?: readonly MethodFactory[] | undefined;
    /** The credential issuer behind oidc-provider's OpenID4VCI endpoints (ADR 0027). */
    credentialIssuance?: CredentialIssuancePort | undefined;
  },
) {
  const { config, db, app, clock } = ctx;
  const { keys } = deps;
  const { secrets } = keys;
  // The phone's decision on a transfer completes its CIBA request: the provider and the push
  // service need each other, so each finds the other through these late references.
  const pushRef: { current?: PushService } = {};
  const ciba = cibaConfiguration({
    db,
    push: () => {
      if (!pushRef.current) throw new Error('push service used before it was created');
      return pushRef.current;
    },
  });
  // The pay-by-bank shop's key pair (ADR 0023), made on first start; the bank registers only
  // its public half, and asks the payments module about the consents its requests name.
  const retailShopKey = await loadClientKeyPair(db, config.keyEncryptionKey, RETAIL_SHOP_CLIENT_ID);
  const payments = { retailShopJwk: retailShopKey.publicJwk, consents: deps.payments.consents };
  // A new provider serves /as/* whenever the published signing keys change (oidc.current.ts).
  const providers = providerFollowingKeys(keys.signingKeys, () => {
    const built = createOidcProvider(config, db, keys, {
      ciba,
      payments,
      ...(deps.credentialIssuance
        ? {
            credentialIssuance: {
              port: deps.credentialIssuance,
              nonceSecret: credentialNonceSecret(secrets),
            },
          }
        : {}),
    });
    built.on('end_session.success', (oidcContext) => {
      void insertAuditEvent(db, {
        type: 'signout',
        userId: oidcContext.oidc.session?.accountId ?? null,
        ip: oidcContext.ip,
        details: { clientId: oidcContext.oidc.client?.clientId ?? null },
      }).catch((error: unknown) => app.log.error({ err: error }, 'audit of sign-out failed'));
    });
    // The provider's own logout tokens, sent at its end-session endpoint (ADR 0028).
    const auditLogout = (
      type: 'backchannel_logout.delivered' | 'backchannel_logout.failed',
      clientId: string,
      accountId: string,
      sid: string,
      error?: unknown,
    ) => {
      void insertAuditEvent(db, {
        type,
        userId: accountId,
        details: {
          clientId,
          sid,
          via: 'signout',
          ...(error === undefined ? {} : { error: String((error as Error).message ?? error) }),
        },
      }).catch((failure: unknown) =>
        app.log.error({ err: failure }, 'audit of a back-channel logout failed'),
      );
    };
    built.on('backchannel.success', (_ctx, client: { clientId: string }, accountId, sid) =>
      auditLogout('backchannel_logout.delivered', client.clientId, accountId, sid),
    );
    built.on('backchannel.error', (_ctx, error, client: { clientId: string }, accountId, sid) =>
      auditLogout('backchannel_logout.failed', client.clientId, accountId, sid, error),
    );
    return built;
  });
  app.addHook('onClose', async () => providers.close());
  // The services use the first provider's models (grants, interactions, codes): they sign
  // nothing, and what they read and write is in the database every provider shares.
  const provider: Provider = providers.current();
  await mountOidcProvider(app, () => providers.current(), config.basePath, {
    // A tenth of the sign-in limit, as for the calls that tell whether a username exists.
    registrationsPerMinute: Math.max(1, Math.floor(config.rateLimitPerMinute / 10)),
  });
  purgeEvery(ctx, PURGE_INTERVAL_MS);

  // The customer's sign-in sessions; a token's use is their "last active".
  const sessions = createSessionsService({
    db,
    clock,
    announceLogout: createLogoutAnnouncer({
      db,
      currentProvider: () => providers.current(),
      warn: (error) => app.log.warn({ err: error }, 'a back-channel logout failed'),
    }),
  });
  const auth = createAuthGuards(config, provider, {
    signingKeys: keys.signingKeys,
    readGrantBinding: (grantId) => readGrantBinding(db, grantId),
    audit: (event) => insertAuditEvent(db, event),
    sessionUsed: (principal) => sessions.touch(principal),
  });
  const signIn = createSignInServices(ctx, { ...deps, provider, sessions });
  pushRef.current = signIn.push;
  // The demo tools that change the bank for everyone ask for the presenter's cookie.
  const presenter = createPresenterGuard({ db, secret: secrets.presenterSecret });
  registerIdentityRoutes(ctx, {
    ...deps,
    ...signIn,
    provider,
    sessions,
    auth,
    presenter,
  });
  return {
    ...signIn,
    keys,
    secrets,
    provider,
    sessions,
    auth,
    /** Pay by bank's DPoP-bound tokens, checked by the same verifier in its DPoP mode. */
    dpop: auth.dpop,
    presenter,
    paymentInteractions: createPaymentInteractionPort(provider),
    retailShopKey,
    /** A credential offer's pre-authorized code for the phone's wallet (ADR 0027). */
    mintPreAuthorizedCode: (input: {
      accountId: string;
      scope: string;
      txCode: string;
      ttlSeconds: number;
    }) => mintPreAuthorizedCode(provider, { ...input, site: ctx.siteUrl }),
    /** The API reference's Authorize (its own public client) and the OAuth server's paths. */
    apiDocs: {
      oauthClient: {
        clientId: API_DOCS_CLIENT_ID,
        scopes: scopesClientMayRequest(API_DOCS_CLIENT_ID),
      },
      extraPaths: oauthEndpointPaths(),
    },
  };
}

/** Expired OAuth rows and the records of ended sessions are deleted now and then. */
function purgeEvery(ctx: ModuleContext, intervalMs: number) {
  const { db, app } = ctx;
  const purge = setInterval(() => {
    purgeExpiredOidcModels(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'purging expired OAuth rows failed'),
    );
    purgeEndedSessionRecords(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'purging the records of ended sessions failed'),
    );
  }, intervalMs);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
