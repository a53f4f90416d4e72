import type { RefusalCodes } from './openapi';

/**
 * What the access-token guards (modules/identity/oauth/access-token.ts) refuse, by status, for
 * the routes that declare their refusals (openapi.ts `RefusalCodes`): each route spreads its
 * guard's set into its `codes` and adds its own. Kept in the HTTP layer beside the other shared
 * sets (validation.ts, rate-limits.ts, xsrf.ts) because every module's routes name them, and
 * some of those modules sit below identity (docs/architecture.md "Module import rules").
 */

/** No bearer token, one not ours or ended, or one bound to a DPoP key (RFC 9449 §7.1). */
const BEARER_TOKEN_401 = ['sign_in_required', 'session_ended', 'dpop_proof_required'] as const;

/**
 * `requireCustomer`, `requireCustomerWith`, `requirePartner` and `requireUser` with a
 * requirement: 401 without a live bearer token, 403 for another user type (`forbidden`), a
 * missing scope, or an application's own token.
 */
export const USER_TOKEN_REFUSALS = {
  401: BEARER_TOKEN_401,
  403: ['forbidden', 'missing_scope', 'application_token'],
} as const satisfies RefusalCodes;

/** `requireUser` without a requirement: any signed-in person, never an application's token. */
export const ANY_USER_TOKEN_REFUSALS = {
  401: BEARER_TOKEN_401,
  403: ['application_token'],
} as const satisfies RefusalCodes;

/**
 * `dpop.require`: 401 without a DPoP-bound token (a bearer one is `dpop_proof_required`), a
 * valid proof of its key for this request, or a live grant; 403 without the scope.
 */
export const DPOP_TOKEN_REFUSALS = {
  401: ['sign_in_required', 'session_ended', 'dpop_proof_required', 'dpop_proof_invalid'],
  403: ['missing_scope'],
} as const satisfies RefusalCodes;

/**
 * A route that asks for a recent sign-in (modules/identity/oauth/recent-authentication.ts)
 * beside the customer's token: 401 `step_up_required`, naming the factors a step-up may use.
 */
export const STEP_UP_REFUSALS = {
  401: [...USER_TOKEN_REFUSALS[401], 'step_up_required'],
  403: USER_TOKEN_REFUSALS[403],
} as const satisfies RefusalCodes;
