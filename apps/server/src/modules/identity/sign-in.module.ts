import type Provider from 'oidc-provider';
import { usernameLookupRateLimit } from '../../http/rate-limits';
import type { ModuleContext } from '../../module-context';
import type { MessagingService, SecurityNotices } from '../messaging';
import type { MethodFactory } from './challenge/challenge-method';
import { createChallengeService } from './challenge/challenge.service';
import { createMethods } from './challenge/methods/methods';
import { createOtpService } from './credentials/otp.service';
import { createPasswordService } from './credentials/password.service';
import { createPushService } from './devices/push.service';
import { createSecretBox } from './devices/secret-box';
import { createFactors } from './factors/factors';
import { createRecoveryCodeService } from './factors/recovery-code/recovery-code.service';
import { createFlowService } from './flow/flow.service';
import type { ServerKeys } from './keys/keys.service';
import { completeBackchannelRequest } from './oauth/ciba';
import {
  backchannelOfPhone,
  createCibaBackchannel,
  type TransferApprovals,
} from './oauth/ciba-approvals';
import { createInteractionPort } from './oauth/interaction.port';
import { isSelfServiceClient, userTypeOfClient } from './oauth/oauth.clients';
import { createRecentAuthentication } from './oauth/recent-authentication';
import type { SessionsService } from './oauth/sessions.service';
import { createPickupService } from './pickup/pickup.service';
import { createRememberedBrowserService } from './remembered-browsers/remembered-browser.service';
import { DEFAULT_RISK_POLICY } from './risk/risk.rules';
import { createRiskService } from './risk/risk.service';

/**
 * The sign-in's services, part of the identity module's register: risk, passwords, one-time
 * codes, push approvals, the factors, the recent-authentication guard, remembered browsers,
 * the flow and the session pickup.
 */
export function createSignInServices(
  ctx: ModuleContext,
  deps: {
    keys: ServerKeys;
    messaging: MessagingService;
    notices: SecurityNotices;
    provider: Provider;
    sessions: SessionsService;
    /** Ways of proving it is you added to the bank's own (a test's method, ADR 0026). */
    challengeMethods?: readonly MethodFactory[] | undefined;
    /** A test's phone: answers the money approvals the phone-push method asks. */
    transferApprovals?: TransferApprovals | undefined;
  },
) {
  const { config, db, clock, app } = ctx;
  const { messaging, notices, provider, sessions } = deps;
  const { secrets } = deps.keys;
  // The demo admin's "high risk on next sign-in" is a demo tool: ignored with DEMO_TOOLS=off.
  const risk = createRiskService({
    db,
    adminOverrideEnabled: config.demoToolsEnabled,
    policy: {
      ...DEFAULT_RISK_POLICY,
      unknownUsernamesPerMinute: usernameLookupRateLimit(config).max,
    },
  });
  const passwords = createPasswordService({ db });
  const otp = createOtpService({ db, signingSecret: secrets.signingSecret });
  const push = createPushService({
    db,
    messaging,
    onDecided: async (request, approved) => {
      const cibaRequestId = (request.context as { cibaRequestId?: string }).cibaRequestId;
      if (request.kind === 'transfer' && cibaRequestId) {
        await completeBackchannelRequest(provider, cibaRequestId, approved);
      }
    },
  });
  const webauthn = {
    rpId: config.host,
    rpName: 'AnyBank',
    origin: new URL(config.publicUrl).origin,
  };
  const secretBox = createSecretBox(secrets.signingSecret);
  // Recovery codes, a factor of their own; a new set needs a step-up (the guard, built below
  // from the factors, is asked only when a set is made).
  const recoveryCodes = createRecoveryCodeService({
    db,
    secret: secrets.signingSecret,
    notices,
    recentAuth: {
      requireStepUpForChange: (who) => recentAuth.requireStepUpForChange(who),
    },
    clock,
  });
  // The challenge engine (ADR 0026): every "prove it is you", its methods registered once.
  const challenges = createChallengeService({
    db,
    clock,
    methods: createMethods(
      {
        db,
        otp,
        messaging,
        passwords,
        push,
        webauthn,
        recoveryCodes,
        notices,
        // A test's own phone, when it brings one; else the bank's CIBA server.
        backchannel: deps.transferApprovals
          ? backchannelOfPhone(deps.transferApprovals)
          : createCibaBackchannel({ config, secrets, app }),
        secrets: secretBox,
        phoneCountry: config.phoneDefaultCountry,
        clock: clock ?? (() => new Date()),
      },
      deps.challengeMethods,
    ),
  });
  // The sign-in factors, once: the flow asks them everything about a device, and the step-up
  // guard which devices can be used now.
  const factors = createFactors({
    db,
    challenges,
    otp,
    messaging,
    passwords,
    push,
    secrets: secretBox,
    webauthn,
    recoveryCodes,
    notices,
    phoneCountry: config.phoneDefaultCountry,
    clock,
  });
  // Sensitive changes need a recent sign-in or step-up (docs/security.md).
  const recentAuth = createRecentAuthentication({
    db,
    usableDevices: factors.usable,
    windowMs: config.stepUpWindowMs,
    clock,
  });
  // Browsers that stand in for the second factor at low risk, for 30 days (ADR 0018).
  const rememberedBrowsers = createRememberedBrowserService({ db, risk, notices, clock });
  const flows = createFlowService({
    db,
    challenges,
    rememberedBrowsers,
    sessions,
    interactions: createInteractionPort(provider),
    messaging,
    passwords,
    otp,
    risk,
    push,
    secrets: secretBox,
    webauthn,
    factors,
    userTypeOfClient,
    isSelfServiceClient,
    notices,
    recentAuth,
    clock,
  });
  const pickup = createPickupService({ config, db, provider });
  return {
    challenges,
    risk,
    passwords,
    otp,
    push,
    recoveryCodes,
    recentAuth,
    rememberedBrowsers,
    flows,
    pickup,
  };
}
