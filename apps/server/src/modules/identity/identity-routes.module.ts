import type Provider from 'oidc-provider';
import type { ConnectedApp } from '@anybank/contracts';
import { usernameLookupRateLimit } from '../../http/rate-limits';
import type { ModuleContext } from '../../module-context';
import type { MessagingService, SecurityNotices } from '../messaging';
import { registerPasswordChangeRoutes } from './credentials/password-change.routes';
import { createPasswordChangeService } from './credentials/password-change.service';
import type { PasswordService } from './credentials/password.service';
import type { ChallengeService } from './challenge/challenge.service';
import { registerPasswordlessRoutes } from './credentials/passwordless.routes';
import { createPasswordlessService } from './credentials/passwordless.service';
import { registerMobileRoutes } from './devices/mobile.routes';
import { createMobileActivationService } from './devices/mobile.service';
import type { PushService } from './devices/push.service';
import { registerRecoveryCodeRoutes } from './factors/recovery-code/recovery-code.routes';
import type { RecoveryCodeService } from './factors/recovery-code/recovery-code.service';
import { registerFlowRoutes } from './flow/flow.routes';
import type { FlowService } from './flow/flow.service';
import { registerStepUpRoutes } from './flow/step-up.routes';
import type { ServerKeys } from './keys/keys.service';
import { registerSigningKeyRoutes } from './keys/keys.routes';
import type { PresenterGuard } from './keys/presenter';
import { registerPresenterRoutes } from './keys/presenter.routes';
import type { AuthGuards } from './oauth/access-token';
import { registerConnectedAppsRoutes } from './oauth/connected-apps.routes';
import { createConnectedAppsService } from './oauth/connected-apps.service';
import { createInteractionPort } from './oauth/interaction.port';
import type { RecentAuthentication } from './oauth/recent-authentication';
import { registerSessionRoutes } from './oauth/sessions.routes';
import type { SessionsService } from './oauth/sessions.service';
import { registerPickupRoutes } from './pickup/pickup.routes';
import type { PickupService } from './pickup/pickup.service';
import { registerRememberedBrowserRoutes } from './remembered-browsers/remembered-browser.routes';
import type { RememberedBrowserService } from './remembered-browsers/remembered-browser.service';
import { registerRiskRoutes } from './risk/risk.routes';
import type { RiskService } from './risk/risk.service';

/** The identity module's routes, part of its register (identity.module.ts). */
export function registerIdentityRoutes(
  ctx: ModuleContext,
  deps: {
    keys: ServerKeys;
    messaging: MessagingService;
    notices: SecurityNotices;
    payments: { byApp: (userId: string) => Promise<ReadonlyMap<string, ConnectedApp['payments']>> };
    provider: Provider;
    auth: AuthGuards;
    presenter: PresenterGuard;
    sessions: SessionsService;
    risk: RiskService;
    passwords: PasswordService;
    challenges: ChallengeService;
    push: PushService;
    recoveryCodes: RecoveryCodeService;
    recentAuth: RecentAuthentication;
    rememberedBrowsers: RememberedBrowserService;
    flows: FlowService;
    pickup: PickupService;
  },
): void {
  const { config, db } = ctx;
  const { auth, flows, sessions, recentAuth, notices, presenter } = deps;
  const passwordless = createPasswordlessService({ db, recentAuth, notices });
  const passwordChange = createPasswordChangeService({ db, recentAuth, sessions, notices });
  const connectedApps = createConnectedAppsService({
    db,
    interactions: createInteractionPort(deps.provider),
    paymentsOf: deps.payments.byApp,
    // The name an assistant registered itself under (ADR 0029); the provider keeps its client.
    registeredName: async (clientId) =>
      (await deps.provider.Client.find(clientId))?.clientName ?? null,
  });
  const activation = createMobileActivationService({
    db,
    passwords: deps.passwords,
    risk: deps.risk,
    challenges: deps.challenges,
    notices,
  });
  ctx.routes((api) => {
    // This one tells whether a username exists: a tenth of the other sign-in calls' limit.
    registerRiskRoutes(api, { risk: deps.risk, rateLimit: usernameLookupRateLimit(config) });
    registerFlowRoutes(api, { config, flows, auth });
    registerStepUpRoutes(api, { config, flows, auth });
    registerRememberedBrowserRoutes(api, { auth, rememberedBrowsers: deps.rememberedBrowsers });
    registerRecoveryCodeRoutes(api, { auth, recoveryCodes: deps.recoveryCodes });
    // Where the customer is signed in, and a password change that may end it.
    registerSessionRoutes(api, { auth, sessions });
    registerPasswordlessRoutes(api, { auth, passwordless });
    registerPasswordChangeRoutes(api, { config, auth, passwordChange });
    registerPickupRoutes(api, { config, pickup: deps.pickup });
    // The consent page of other applications, and the customer's Connected apps.
    registerConnectedAppsRoutes(api, { config, auth, connectedApps });
    registerMobileRoutes(api, { config, activation, push: deps.push });
    // The key rotation call is the demo admin's (`npm run keys:rotate` works regardless).
    if (config.demoToolsEnabled) {
      const signingKeys = deps.keys.signingKeys;
      registerSigningKeyRoutes(api, { config, db, auth, presenter, signingKeys });
      registerPresenterRoutes(api, { config, presenter });
    }
  });
}
