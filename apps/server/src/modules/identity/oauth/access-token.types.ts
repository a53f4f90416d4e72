import type { UserType } from '@anybank/contracts';

// The callers the access-token check (access-token.ts) answers with, apart from it so that
// the check's file holds the check.

/** Who is calling, as an access token proves it. */
export interface Principal {
  userId: string;
  userType: UserType;
  firstName: string;
  lastName: string;
  scopes: ReadonlySet<string>;
  grantId: string;
  /** When the person signed in for this token (epoch seconds, `auth_time`); null if unsaid. */
  authTime: number | null;
  /**
   * The sign-in session the token was issued in (its uid, claim `suid`), for "Where you're
   * signed in"; null for a token issued outside a browser session.
   */
  sessionUid?: string | null;
}

/**
 * Who calls with a DPoP-bound access token (RFC 9449; ADR 0023): an application, for itself or
 * for a customer.
 */
export interface SenderConstrainedCaller {
  clientId: string;
  /** The customer the token speaks for; null for the client's own (client-credentials) token. */
  userId: string | null;
  grantId: string | null;
  scopes: ReadonlySet<string>;
  /** The token's RFC 9396 `authorization_details`, as the OAuth server put them in. */
  authorizationDetails: unknown;
}

/** A customer's assistant (ADR 0029): its own token, for the one resource it was issued for. */
export interface AssistantCaller {
  principal: Principal;
  /** The assistant's (self-registered) client id: the token's `client_id` and `act.sub`. */
  clientId: string;
}
