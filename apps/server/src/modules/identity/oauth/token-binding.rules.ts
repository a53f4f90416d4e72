import { SCOPES_BY_USER_TYPE, type UserType } from '@anybank/contracts';

/** What a signed access token claims about who it speaks for. */
export interface TokenClaims {
  sub: string;
  clientId: string | null;
  userType: UserType;
  scopes: readonly string[];
}

/** What the grant the token names (`gid`) holds, with its account's real user type. */
export interface GrantFacts {
  accountId: string;
  clientId: string;
  /** The grant's scopes, OpenID and API ones together. */
  scopes: readonly string[];
  /** The user type of the grant's account; null when the account no longer exists. */
  accountUserType: UserType | null;
}

export type BindingProblem = 'subject' | 'client' | 'user-type' | 'scope';

/**
 * Why a token does not belong to its grant, or null when it does: the grant is the account's
 * and the client's, and the token's user type and scopes are ones that client may hold for
 * that user. A token the bank signed always passes; one that fails was made some other way
 * (a leaked key, a signing bug), so the caller refuses it and audits the problem.
 * `clientUserType` is the user type the token's client signs in (null: any).
 */
export function bindingProblemOf(
  token: TokenClaims,
  grant: GrantFacts,
  clientUserType: UserType | null,
): BindingProblem | null {
  if (token.sub !== grant.accountId) return 'subject';
  if (token.clientId !== grant.clientId) return 'client';
  if (token.userType !== grant.accountUserType) return 'user-type';
  if (clientUserType !== null && clientUserType !== token.userType) return 'user-type';
  const userScopes = new Set(SCOPES_BY_USER_TYPE[token.userType]);
  const grantScopes = new Set(grant.scopes);
  const apiScopesOf = (scopes: readonly string[]) =>
    scopes.filter((scope) =>
      Object.values(SCOPES_BY_USER_TYPE).some((list) => list.includes(scope)),
    );
  if (!token.scopes.every((scope) => grantScopes.has(scope))) return 'scope';
  if (!apiScopesOf(token.scopes).every((scope) => userScopes.has(scope))) return 'scope';
  return null;
}

/**
 * Why an application's own token (client credentials: no person, no grant) does not belong to
 * its client, or null when it does: every scope it carries is one that client may hold for
 * itself (`mayHold`, client-scopes.rules.ts `scopesClientMayHold(clientId, null)`).
 */
export function applicationBindingProblemOf(
  scopes: readonly string[],
  mayHold: readonly string[],
): 'scope' | null {
  return scopes.every((scope) => mayHold.includes(scope)) ? null : 'scope';
}
