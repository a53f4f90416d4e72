import type { ModuleContext } from '../../module-context';
import { registerOrchestrationRoutes } from './orchestration.routes';
import { createOrchestrationService, type OrchestrationDeps } from './orchestration.service';

/**
 * The orchestration module's part of the server (document 1 §7): widget tokens and the named
 * policies, each adapting the service of the module that owns the change.
 */
export function registerOrchestration(
  ctx: ModuleContext,
  deps: Omit<OrchestrationDeps, 'config' | 'db' | 'serverSecrets' | 'secrets' | 'clock'> & {
    secrets: OrchestrationDeps['serverSecrets'];
  },
): void {
  const { config } = ctx;
  const orchestration = createOrchestrationService({
    config,
    db: ctx.db,
    messaging: deps.messaging,
    notices: deps.notices,
    auth: deps.auth,
    recentAuth: deps.recentAuth,
    challenges: deps.challenges,
    wallet: deps.wallet,
    helpDesk: deps.helpDesk,
    sessions: deps.sessions,
    serverSecrets: deps.secrets,
  });
  ctx.routes((api) => registerOrchestrationRoutes(api, { config, orchestration }));
}
