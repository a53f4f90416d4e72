import {
  ACCOUNTS_SCOPE,
  ASSISTANT_SCOPE_LIST,
  BANK_CLIENT,
  CONNECTED_APP_NAMES,
  PARTNER_CLIENTS,
  PAYMENTS_SCOPE,
  RETAIL_SHOP_CLIENT_ID,
  RETAIL_SHOP_COMPANY,
  SCOPES,
  SCOPES_BY_USER_TYPE,
  isRegisteredAssistant,
  type UserType,
} from '@anybank/contracts';

/**
 * Which scopes each OAuth client may hold, and which clients need the customer's consent.
 *
 * The policy, the same at every layer: a scope outside what the client may request, or outside
 * what the signed-in user's type may hold, is DROPPED from the grant (RFC 6749 §3.3 lets the
 * server ignore part of the requested scope), never answered with an error; the token
 * response's `scope` names what was granted. So `retail-checkout` asking for
 * `openid profile banking consent` signs in with `openid profile` and no API scope at all.
 */

/** The OpenID Connect scopes the server knows (its discovery document's `scopes_supported`). */
export const OIDC_SCOPES: readonly string[] = ['openid', 'profile', 'email'];

/** The retail checkout site: another application that sends its shoppers here to sign in. */
export const RETAIL_CLIENT_ID = 'retail-checkout';
/** Server-side callers (client credentials); its secret never leaves the server. */
export const SERVICE_CLIENT_ID = 'anybank-services';
/**
 * The API reference's "Authorize" (ADR 0019): a public client (authorization code + PKCE)
 * whose one redirect URI is the reference's own page on the bank's origin. It signs in
 * customers only (oauth.clients.ts) and may hold just their API scopes, so "Try it out" works on
 * the customer APIs and nothing more: no profile or e-mail claims, no partner scope.
 */
export const API_DOCS_CLIENT_ID = 'anybank-api-docs';
/** ciba.ts's TRANSFER_APPROVAL_CLIENT_ID (a test keeps the two equal; rules import no service). */
export const TRANSFER_APPROVAL_CLIENT = 'anybank-transfer-approvals';

/** Every client's explicit list: what it may request. Nothing else is ever granted to it. */
export const CLIENT_SCOPES: Readonly<Record<string, readonly string[]>> = {
  [BANK_CLIENT.clientId]: [...OIDC_SCOPES, SCOPES.banking, SCOPES.consent],
  ...Object.fromEntries(
    Object.values(PARTNER_CLIENTS).map((client) => [
      client.clientId,
      [...OIDC_SCOPES, ...(client.userType ? SCOPES_BY_USER_TYPE[client.userType] : [])],
    ]),
  ),
  // A shop needs to know who its shopper is, never their accounts.
  [RETAIL_CLIENT_ID]: OIDC_SCOPES,
  // The pay-by-bank shop: who paid, and the payment API (each token bound to one consent);
  // with its own token, its company's accounts (CLIENT_COMPANIES). No user type holds
  // `accounts`, so a shopper's token from this client never carries it.
  [RETAIL_SHOP_CLIENT_ID]: ['openid', PAYMENTS_SCOPE, ACCOUNTS_SCOPE],
  // The customer's own APIs; never the payment API, which only a consent's client may use.
  [API_DOCS_CLIENT_ID]: ['openid', SCOPES.banking, SCOPES.consent],
  [TRANSFER_APPROVAL_CLIENT]: ['openid'],
  [SERVICE_CLIENT_ID]: [SCOPES.directory, SCOPES.consentAdmin],
};

/**
 * The organisation (its fixed user id, contracts' organisations.ts) each company's client
 * belongs to, as a bank registers a merchant's application for its corporate API: the client's
 * own token (client credentials, DPoP-bound, scope `accounts`) reads that organisation's
 * accounts and nobody else's, and its payments are paid into that organisation's account
 * (payments/merchant.ts). By id, never by a username someone could register. A client not listed
 * belongs to no company.
 */
const CLIENT_COMPANIES: Readonly<Record<string, string>> = {
  [RETAIL_SHOP_CLIENT_ID]: RETAIL_SHOP_COMPANY.id,
};

/** The id of the organisation whose accounts this client's own token may read, or null. */
export function companyOfClient(clientId: string): string | null {
  return Object.hasOwn(CLIENT_COMPANIES, clientId) ? (CLIENT_COMPANIES[clientId] ?? null) : null;
}

/**
 * The clients that are the bank itself: its site, its partner portals, its API reference (its
 * code returns only to the bank's own page), its server-side callers.
 */
const FIRST_PARTY_CLIENTS: ReadonlySet<string> = new Set([
  BANK_CLIENT.clientId,
  ...Object.values(PARTNER_CLIENTS).map((client) => client.clientId),
  API_DOCS_CLIENT_ID,
  TRANSFER_APPROVAL_CLIENT,
  SERVICE_CLIENT_ID,
]);

/**
 * What the client may request (empty for a client the bank does not know). An application that
 * registered itself (an assistant, ADR 0029) may ask for the assistant scopes alone: never the
 * bank's APIs', nor an ID token.
 */
export function scopesClientMayRequest(clientId: string): readonly string[] {
  if (isRegisteredAssistant(clientId)) return ASSISTANT_SCOPE_LIST;
  return Object.hasOwn(CLIENT_SCOPES, clientId) ? (CLIENT_SCOPES[clientId] ?? []) : [];
}

/**
 * The API (resource) scopes a token of this client may carry for a user of this type: the
 * client's list and the user type's, together. `userType` null: a token that speaks for no
 * person (client credentials), which gets the client's API scopes alone.
 *
 * For the access-token check (§1, access-token.ts): a token whose `scope` holds anything
 * outside `scopesClientMayHold(client_id, userType)` was not issued by this server's rules.
 */
export function scopesClientMayHold(clientId: string, userType: UserType | null): string[] {
  const apiScopes = scopesClientMayRequest(clientId).filter(
    (scope) => !OIDC_SCOPES.includes(scope),
  );
  if (userType === null) return apiScopes;
  const ofUserType = SCOPES_BY_USER_TYPE[userType];
  return apiScopes.filter((scope) => ofUserType.includes(scope));
}

/** Whether a sign-in for this client needs the customer's consent: every client not the bank's. */
export function needsConsent(clientId: string): boolean {
  return !FIRST_PARTY_CLIENTS.has(clientId);
}

/** What a sign-in grants out of what was requested, and what it drops. */
export interface GrantedScopes {
  /** OpenID scopes (the ID token's and userinfo's claims). */
  oidc: string[];
  /** API scopes for the bank's APIs (the JWT access token's `scope`). */
  api: string[];
  /** Requested but not granted: outside the client's list or the user type's. */
  dropped: string[];
}

/** Splits a requested scope list into what this client and user get and what is dropped. */
export function grantedScopes(
  clientId: string,
  requested: Iterable<string>,
  userType: UserType,
): GrantedScopes {
  const mayRequest = scopesClientMayRequest(clientId);
  const mayHold = scopesClientMayHold(clientId, userType);
  const result: GrantedScopes = { oidc: [], api: [], dropped: [] };
  for (const scope of new Set(requested)) {
    if (OIDC_SCOPES.includes(scope) && mayRequest.includes(scope)) result.oidc.push(scope);
    else if (mayHold.includes(scope)) result.api.push(scope);
    else result.dropped.push(scope);
  }
  return result;
}

/** Whether a remembered consent covers every scope a sign-in would now grant. */
export function consentCovers(consented: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((scope) => consented.includes(scope));
}

/** The scopes a customer has agreed to after agreeing to `wanted` too (no scope twice). */
export function mergedConsent(consented: readonly string[], wanted: readonly string[]): string[] {
  return [...new Set([...consented, ...wanted])];
}

/** What the customer calls an application (its client id, should it have no name yet). */
export function appNameOf(clientId: string): string {
  return Object.hasOwn(CONNECTED_APP_NAMES, clientId)
    ? (CONNECTED_APP_NAMES[clientId] ?? clientId)
    : clientId;
}
