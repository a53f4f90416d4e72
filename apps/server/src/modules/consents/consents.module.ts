import type { ModuleContext } from '../../module-context';
import type { AuthGuards } from '../identity';
import { registerAdvisorConsentRoutes } from './advisor-consents.routes';
import { createAdvisorConsentService } from './advisor-consents.service';
import { registerConsentRoutes } from './consent.routes';
import { createConsentService, type AccountIdsOf } from './consent.service';

/**
 * The consents module's part of the server: the customer's consents, and the partner portals'
 * data, each showing only what customers consented to share.
 */
export function registerConsents(
  ctx: ModuleContext,
  deps: {
    auth: AuthGuards;
    /** A balance-sharing consent may name only the customer's own accounts. */
    accountIdsOf: AccountIdsOf;
  },
): void {
  const { db } = ctx;
  const { auth } = deps;
  const consents = createConsentService({ db, accountIdsOf: deps.accountIdsOf });
  const advisorConsents = createAdvisorConsentService({ db });
  ctx.routes((api) => {
    registerConsentRoutes(api, { auth, consents });
    registerAdvisorConsentRoutes(api, { auth, advisorConsents });
  });
}
