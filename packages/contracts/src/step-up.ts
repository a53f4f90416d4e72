/**
 * Step-up: changing the e-mail address, mobile number, password or sign-in
 * method, adding or removing a device, pairing a wallet and deleting the account need a strong
 * authentication made in this browser within the last 5 minutes. Older, the API answers 401
 * `step_up_required`; the page runs a step-up flow (`POST STEP_UP_PATH`, then the flow API)
 * and retries. The refusal's schema is in step-up.schemas.ts (ADR 0024).
 */

/** How long a sign-in or a step-up counts as recent. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/**
 * A change that adds or replaces a way to sign in (e-mail address, mobile number, a device or
 * passkey, the password, the sign-in method, recovery codes) needs more: a step-up made for it
 * and spent by it; the token's own sign-in, however fresh, does not count.
 */

/** Starts a step-up flow for the signed-in customer (bearer token and XSRF header). */
export const STEP_UP_PATH = '/api/authn/step-up';

/** The error code of a refusal for want of a recent authentication (docs/api-errors.md). */
export const STEP_UP_REQUIRED = 'step_up_required';

/** The factors a step-up accepts, as the refusal names them (the customer's own only). */
export const STEP_UP_METHODS = [
  'password',
  'email_code',
  'sms_code',
  'authenticator_code',
  'push',
  'passkey',
] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

/**
 * For this long after an address or number changes, while the previous one is known: a
 * forgotten password's recovery code goes to the previous address, the new one is no sign-in
 * device yet (the one it replaced still is), and the previous one's "This wasn't me" link works.
 */
export const CONTACT_CHANGE_RECOVERY_HOLD_MS = 24 * 60 * 60 * 1000;

/** Which contact detail a pending change is about. */
export const CONTACT_KINDS = ['email', 'mobile'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/**
 * "This wasn't me": the previous address's link (`CONTACT_UNDO_PAGE#<token>`) opens a page that
 * posts the token here; the change is undone and every session of the account ends. The token
 * is single use and works for CONTACT_CHANGE_RECOVERY_HOLD_MS.
 */
export const CONTACT_UNDO_PATH = '/api/contact-changes/undo';
export const CONTACT_UNDO_PAGE = '/contact-change/undo';
