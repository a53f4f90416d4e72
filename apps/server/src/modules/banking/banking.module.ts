import type { ModuleContext } from '../../module-context';
import type { AuthGuards, ChallengeService } from '../identity';
import { registerActivityRoutes } from './activity.routes';
import { createActivityService } from './activity.service';
import { registerAdvisorBalanceRoutes } from './advisor-balances.routes';
import { createClientBalancesService } from './advisor-balances.service';
import { registerBankingRoutes } from './banking.routes';
import { createBankingService } from './banking.service';

/**
 * The banking module's part of the server: balances and transfers, account activity (also
 * read by a company's own application with a DPoP-bound token) and the advisors' balances.
 */
export function registerBanking(
  ctx: ModuleContext,
  deps: {
    auth: AuthGuards;
    /** Transfers above the threshold are approved through the challenge engine (ADR 0026). */
    challenges: ChallengeService;
  },
) {
  const { config, db, siteUrl } = ctx;
  const { auth } = deps;
  const banking = createBankingService({ db, challenges: deps.challenges });
  const activity = createActivityService({ db });
  const clientBalances = createClientBalancesService({ db, productId: config.productId });
  ctx.routes((api) => {
    registerBankingRoutes(api, { auth, banking, siteUrl });
    registerActivityRoutes(api, { auth, activity, siteUrl, dpop: auth.dpop });
    registerAdvisorBalanceRoutes(api, { auth, clientBalances, productId: config.productId });
  });
  return banking;
}
