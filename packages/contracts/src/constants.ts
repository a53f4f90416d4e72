/**
 * Business constants and limits: document 1 §9 and document 2 §9.
 * Timings are here so that tests may shorten them through configuration, never by editing them.
 */
export const PUSH_POLL_INTERVAL_MS = 3000;
export const PLATFORM_AUTHENTICATOR_PROBE_TIMEOUT_MS = 1000;

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const IDLE_ACTIVITY_DEBOUNCE_MS = 250;
/** The idle timer refuses this value and anything above (setTimeout's 32-bit limit). */
export const IDLE_TIMEOUT_LIMIT_MS = 2147483647;
export const CROSS_TAB_LEADER_FALLBACK_MS = 2000;
export const CROSS_TAB_RESPONSE_TIME_MS = 100;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_SPECIALS = '@$!.,%*?&';
export const OTP_LENGTH = 6;
export const RECOVERY_CODE_LENGTH = 8;
export const PHONE_COUNTRY_DIGITS = { min: 1, max: 3 } as const;
export const PHONE_NUMBER_DIGITS = { min: 4, max: 14 } as const;

export const LOGIN_TABS = { first: 1, last: 19 } as const;

export const PKCE_STATE_LENGTH = 20;
export const PKCE_VERIFIER_LENGTH = 128;

export const SELF_SERVICE_REDIRECT_MS = 5000;

export const MODAL_TIMINGS = {
  fadeMs: 150,
  collapseMs: 350,
  modalTransitionMs: 300,
  modalZIndex: 1050,
  escapeKeyCode: 27,
} as const;

export const FOOTER_COPYRIGHT_YEAR = 2020;

/** The longest password a flow step takes (a sign-in's, a step-up's). */
export const SIGN_IN_PASSWORD_MAX_LENGTH = 256;

/** Document 2 §9. */
export const PROFILE_FIELD_MAX_LENGTH = 50;
export const ZIP_MAX_LENGTH = 10;
export const MIN_TRANSFER_CENTS = 1;
export const CURRENCY = 'USD';
export const DEFAULT_CIBA_THRESHOLD_DOLLARS = 1000;
export const DEFAULT_DENY_THRESHOLD_DOLLARS = 10000;
export const MIN_CIBA_THRESHOLD_DOLLARS = 1;
export const MIN_DENY_THRESHOLD_DOLLARS = 2;
export const AUTHN_PREFERENCE_CHANGE_REDIRECT_MS = 2000;
export const ADMIN_ACTION_REDIRECT_MS = 5000;
export const SEARCH_MIN_CHARACTERS = 2;
export const DASHBOARD_BALANCE_PANELS = 3;
/** The navbar collapses at the xl breakpoint when it has more menu items than this. */
export const MENU_XL_BREAKPOINT_AFTER_ITEMS = 2;
export const CREDIT_CARD_DELIVERY_BUSINESS_DAYS = '7-10';
export const PARTNER_NAMES = ['mint', 'zelle', 'anywealthadvisor'] as const;

export const ACCOUNT_TIERS = ['personal', 'premier'] as const;
export type AccountTier = (typeof ACCOUNT_TIERS)[number];
export const AUTHN_PREFERENCES = ['Password', 'Device'] as const;
export type AuthnPreference = (typeof AUTHN_PREFERENCES)[number];
export const ACCOUNT_KINDS = ['checking', 'savings', 'rewards-visa'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The demo password of every seeded user (README lists them). */
export const DEMO_PASSWORD = 'Welcome2Bank!';
/** The default product id; `{product}` in session item names and claims. */
export const DEFAULT_PRODUCT_ID = 'anybank';

/** Sign-in limits (sign-in issue): wrong passwords, one-time codes, flows. */
export const PASSWORD_LOCK = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  lockMs: 60 * 1000,
} as const;
export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Refused new passwords one flow takes (forgot password's code-and-password step, a password
 * that must change) before it ends: the same number as the tries of a one-time code, since
 * the recovery code comes in the same answer. The spec sets none; without one a flow stays
 * open for a new (and costly: password-strength.ts) strength check forever.
 */
export const NEW_PASSWORD_MAX_REFUSALS = OTP_MAX_ATTEMPTS;
export const FLOW_TTL_MS = 30 * 60 * 1000;
export const PICKUP_REFERENCE_TTL_MS = 60 * 1000;
/** At most this many second factors per user (document 1 §4.4, tab 8). */
export const MAX_MFA_DEVICES = 5;

/**
 * The country a phone number typed without `+` is read in, unless the server's
 * PHONE_DEFAULT_COUNTRY says another. Here, apart from the phone-number reading, so that the
 * browser's first load can name it without loading libphonenumber's metadata.
 */
export const DEFAULT_PHONE_COUNTRY = 'US';
