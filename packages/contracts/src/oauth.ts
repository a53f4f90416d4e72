import { ASSISTANT_SCOPE_LIST } from './assistant';
import type { UserType } from './user-types';

/**
 * The bank's OAuth 2.0 / OpenID Connect clients, scopes and claims (document 1 §6, §7;
 * document 2 §6). All browser clients are public: authorization code + PKCE S256, no secret.
 * The pickup answer's schema is in oauth.schemas.ts (ADR 0024).
 */
export const OAUTH_PATHS = {
  authorization: '/as/authorization.oauth2',
  token: '/as/token.oauth2',
  userinfo: '/as/userinfo.openid',
  jwks: '/as/jwks',
  endSession: '/as/signoff',
  revocation: '/as/revoke_token.oauth2',
  backchannel: '/as/bc-authorize',
  pushedAuthorization: '/as/par.oauth2',
  /** OpenID4VCI's credential and nonce endpoints (ADR 0027). */
  credential: '/as/credential',
  challenge: '/as/challenge',
  /** Dynamic Client Registration (RFC 7591), for assistants (ADR 0029). */
  registration: '/as/register',
  discovery: '/.well-known/openid-configuration',
} as const;

export const SCOPES = {
  banking: 'banking',
  consent: 'consent',
  consentAdmin: 'consent_admin',
  directory: 'directory',
  helpdesk: 'helpdesk',
  /** The payment API, for the pay-by-bank shop's client only. */
  payments: 'payments',
  /**
   * A business's own application reading its company's accounts (Open Banking
   * transactions), as a bank's corporate API lets a merchant see its payments arrive. Held only
   * by a client the bank registered as its company's (the pay-by-bank shop's, client-credentials
   * and DPoP-bound); no person's token carries it, so it opens no customer's account.
   */
  accounts: 'accounts',
} as const;

/**
 * The authentication context (`acr_values`) of a sign-in that needs a verified identity: the
 * credit-card application asks for it, and a user whose identity is not verified is asked for a
 * code e-mailed to them before the sign-in completes (ADR 0015).
 */
export const IDENTITY_VERIFIED_ACR = 'urn:anybank:acr:identity-verified';

export interface BrowserClient {
  clientId: string;
  /** Path (under the base path) the authorization response returns to. */
  returnPath: string;
  /** The user type this client signs in; null: any (the bank's own Sign In). */
  userType: UserType | null;
  scopes: string[];
}

/** The bank's own site: every sign-in from Sign In, /login and the redirect page's customers. */
export const BANK_CLIENT: BrowserClient = {
  clientId: 'anybank-web',
  returnPath: '/ext/ref/return',
  userType: null,
  scopes: ['openid', 'profile', SCOPES.banking, SCOPES.consent],
};

export const PARTNER_CLIENTS: Record<Exclude<UserType, 'customer'>, BrowserClient> = {
  AnyWealthAdvisor: {
    clientId: 'anywealthadvisor-portal',
    returnPath: '/app/advisor',
    userType: 'AnyWealthAdvisor',
    scopes: ['openid', 'profile', SCOPES.consentAdmin, SCOPES.directory, SCOPES.consent],
  },
  AnyMarketing: {
    clientId: 'anymarketing-portal',
    returnPath: '/app/any-marketing',
    userType: 'AnyMarketing',
    scopes: ['openid', 'profile', SCOPES.consentAdmin, SCOPES.directory],
  },
  CustomerServiceRep: {
    clientId: 'customer-service-portal',
    returnPath: '/app/customer-service',
    userType: 'CustomerServiceRep',
    scopes: ['openid', 'profile', SCOPES.helpdesk],
  },
};

/** Resource (API) scopes each user type may hold, whatever a client asks for. */
export const SCOPES_BY_USER_TYPE: Record<UserType, string[]> = {
  // `payments`: only the pay-by-bank shop's client may ask for it (client-scopes.rules.ts).
  // The assistant scopes: only a registered assistant may ask for them (ADR 0029).
  customer: [SCOPES.banking, SCOPES.consent, SCOPES.payments, ...ASSISTANT_SCOPE_LIST],
  AnyWealthAdvisor: [SCOPES.consentAdmin, SCOPES.directory, SCOPES.consent],
  AnyMarketing: [SCOPES.consentAdmin, SCOPES.directory],
  CustomerServiceRep: [SCOPES.helpdesk],
};

/** The audience of the bank's access tokens. */
export const API_AUDIENCE = 'https://api.anybank.example';

/** Session pickup (document 1 §3.8). */
export const PICKUP_PATH = '/ext/ref/pickup';
export const PICKUP_INSTANCE_HEADER = 'X-Instance-Id';
export const PICKUP_REFERENCE_TYPES = ['AdvisorSPRefID', 'BXFSPRefID'] as const;
export type PickupReferenceType = (typeof PICKUP_REFERENCE_TYPES)[number];
