import { z } from 'zod';
import type { WidgetTokenResponse } from '@anybank/contracts';
import type { Config, PolicyName } from '../../config';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { parseInput } from '../../http/validation';
import {
  type ChallengeService,
  createSecretBox,
  relyingPartyFor,
  type AuthGuards,
  type RecentAuthentication,
  type SecretBox,
  type ServerSecrets,
  type SessionsService,
} from '../identity';
import type { MessagingService, SecurityNotices } from '../messaging';
import type { WalletService } from '../wallet';
import type { HelpDeskService } from '../helpdesk';
import { createAdminService } from '../admin';
import { createDirectoryService, createProfileService } from '../directory';
import { apiKeyMatches, bearerTokenOf } from '../../http/bearer-token';
import { createDeleteUserPolicy } from './policies/delete-user.policy';
import { createDeviceUniquenessPolicy } from './policies/device-uniqueness.policy';
import { createHelpDeskPolicy } from './policies/help-desk.policy';
import { createPhishingEmailPolicy } from './policies/phishing-email.policy';
import { createProfileUpdatePolicy } from './policies/profile-update.policy';
import { createQrCodePolicy } from './policies/qr-code.policy';
import { createRegistrationPolicy } from './policies/registration.policy';
import { createResetVerificationPolicy } from './policies/reset-verification.policy';
import { createSignInMethodPolicy } from './policies/sign-in-method.policy';
import { createUsernameRecoveryPolicy } from './policies/username-recovery.policy';
import { createWalletPairingPolicy } from './policies/wallet-pairing.policy';
import type { Policy } from './policy';
import { createRegistrationService } from './registration.service';
import { createPasskeyRegistration } from './passkey-registration';
import { createWidgetTokens, type WidgetTokens } from './widget-token';

/** What a caller presented: the API key header, the Authorization header. */
export interface CallerCredentials {
  apiKey?: string;
  authorization?: string;
}

export interface StartPolicyCommand {
  companyId: string;
  policyId: string;
  body: unknown;
  credentials: CallerCredentials;
  ip: string;
  /** The caller's User-Agent header, if any. */
  userAgent?: string;
}

export interface OrchestrationService {
  /** `GET …/sdktoken`: a widget token for a server-side caller holding the API key. */
  issueSdkToken(companyId: string, apiKey: string | undefined): Promise<WidgetTokenResponse>;
  /** `POST …/widget-token`: a widget token for the bank's own pages (no key; ADR 0009). */
  issueWidgetToken(companyId: string): Promise<WidgetTokenResponse>;
  /** The policy a configured id names, or null (used by the route's rate limit). */
  policyNameOf(policyId: string): PolicyName | null;
  /** `POST …/policy/{policyId}/start`: checks the caller and the body, then runs the policy. */
  start(command: StartPolicyCommand): Promise<unknown>;
}

const accessTokenInBody = z.object({ accessToken: z.string().min(1).max(8192) });

export interface OrchestrationDeps {
  config: Config;
  db: Database;
  messaging: MessagingService;
  /** E-mails a person about a password or sign-in method change. */
  notices: SecurityNotices;
  /** Checks a user's access token (signature, audience, a grant still live): the APIs' own check. */
  auth: Pick<AuthGuards, 'verifyAccessToken'>;
  /** The step-up guard of the sensitive policies. */
  recentAuth: RecentAuthentication;
  /** Digital-wallet pairing, shared with the phone's redemption route. */
  wallet: WalletService;
  /** The customer-service portal's account help desk (verification, unlock, device removal). */
  helpDesk: HelpDeskService;
  /** Tells the connected apps a deleted customer's sessions end (ADR 0028). */
  sessions: Pick<SessionsService, 'announceEveryEnding'>;
  /** The challenge engine: the codes that confirm a new e-mail address or mobile number. */
  challenges: ChallengeService;
  /** The server's signing secret and API key (modules/identity/keys). */
  serverSecrets: Pick<ServerSecrets, 'signingSecret' | 'apiKey'>;
  secrets?: SecretBox;
  clock?: () => Date;
}

/**
 * The bank's orchestration service (document 1 §7, document 2 §7): widget tokens and a
 * dispatcher of named policies, each a module with a zod input schema and an access rule.
 * Policies not built yet (profile update, sign-in method switch…) answer 404 until they are
 * added to the registry below.
 */
export function createOrchestrationService(deps: OrchestrationDeps): OrchestrationService {
  const { config, db, messaging } = deps;
  const clock = deps.clock ?? (() => new Date());
  const { signingSecret, apiKey } = deps.serverSecrets;
  const widgetTokens: WidgetTokens = createWidgetTokens({ ...config, signingSecret }, clock);
  const verifyUserToken = deps.auth.verifyAccessToken;
  const { recentAuth } = deps;

  // The demo admin's user actions (document 2 §7), each a policy acting on the user.
  const admin = createAdminService({ db, messaging, sessions: deps.sessions });
  // The services the policies adapt: each module's own, built on the same database.
  const directory = createDirectoryService({ db });
  const profile = createProfileService({
    db,
    challenges: deps.challenges,
    notices: deps.notices,
    recentAuth,
    siteUrl: `${config.publicUrl}${config.basePath}`,
    clock,
  });
  const registration = createRegistrationService({
    db,
    directory,
    messaging,
    secrets: deps.secrets ?? createSecretBox(signingSecret),
    signingSecret,
    clock,
    passkeys: createPasskeyRegistration({ db, webauthn: relyingPartyFor(config) }),
  });
  const policies: Policy[] = [
    createRegistrationPolicy({ registration }),
    createUsernameRecoveryPolicy({ config, directory, messaging, clock }),
    createDeviceUniquenessPolicy({ profile }),
    createQrCodePolicy(),
    createProfileUpdatePolicy({ profile, phoneCountry: config.phoneDefaultCountry }),
    createSignInMethodPolicy({ config, profile, recentAuth }),
    createPhishingEmailPolicy({ admin }),
    createDeleteUserPolicy({ admin, recentAuth }),
    createResetVerificationPolicy({ admin }),
    createWalletPairingPolicy({ wallet: deps.wallet, recentAuth }),
    createHelpDeskPolicy({ helpDesk: deps.helpDesk }),
  ];
  const byId = new Map<string, Policy>(
    policies.map((policy) => [config.policyIds[policy.name], policy]),
  );

  function requireCompany(companyId: string) {
    if (companyId !== config.companyId) throw new DomainError('no_such_company');
  }

  async function widgetAccessGranted(companyId: string, credentials: CallerCredentials) {
    if (credentials.apiKey !== undefined) return apiKeyMatches(apiKey, credentials.apiKey);
    const token = bearerTokenOf(credentials.authorization);
    return token !== null && (await widgetTokens.verify(token, companyId));
  }

  return {
    async issueSdkToken(companyId, apiKey) {
      requireCompany(companyId);
      if (!apiKeyMatches(deps.serverSecrets.apiKey, apiKey)) {
        throw new DomainError('api_key_required');
      }
      return widgetTokens.issue(companyId);
    },

    async issueWidgetToken(companyId) {
      requireCompany(companyId);
      return widgetTokens.issue(companyId);
    },

    policyNameOf(policyId) {
      return byId.get(policyId)?.name ?? null;
    },

    async start({ companyId, policyId, body, credentials, ip, userAgent }) {
      const browser = (userAgent ?? '').slice(0, 160) || 'an unknown browser';
      requireCompany(companyId);
      const policy = byId.get(policyId);
      if (!policy) throw new DomainError('no_such_policy');
      if (policy.access === 'widget') {
        if (!(await widgetAccessGranted(companyId, credentials))) {
          throw new DomainError('policy_credentials_required');
        }
        return policy.run(parseInput(policy.input, body), { ip, user: null, browser });
      }
      // A policy acting on a user: that user's own token, whatever else the caller holds.
      const token = accessTokenInBody.safeParse(body);
      if (!token.success) throw new DomainError('sign_in_required');
      const user = await verifyUserToken(token.data.accessToken);
      return policy.run(parseInput(policy.input, body), { ip, user, browser });
    },
  };
}
