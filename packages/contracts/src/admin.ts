import { z } from 'zod';
import { BANK_NAME_SLOT } from './branding';
import {
  ACCOUNT_TIERS,
  DEFAULT_CIBA_THRESHOLD_DOLLARS,
  DEFAULT_DENY_THRESHOLD_DOLLARS,
  MIN_CIBA_THRESHOLD_DOLLARS,
  MIN_DENY_THRESHOLD_DOLLARS,
  type AccountTier,
} from './constants';
import { messages } from './messages';
import { HOSTNAME_PATTERN } from './orchestration';

/**
 * The demo admin (document 2 §2 "Demo admin", §4 "Admin actions", §5, §7, §8): the signed-in
 * customer's own directory entry (thresholds, account tier) and the admin policies (phishing
 * e-mail, delete user, reset verification). Server: modules/directory (directory-entry.*),
 * modules/admin and the orchestration policies; page: apps/web/src/features/admin.
 */

// ---------------------------------------------------------------------------------------------
// The directory entry: `GET/PUT/PATCH /directory/v1/uid={uid},ou=People,{base DN}`

export const DIRECTORY_API_ROOT = '/api/directory/v1';
/** The base DN of the bank's directory: public knowledge, like an LDAP server's suffix. */
export const DIRECTORY_BASE_DN = 'dc=anybank,dc=example';
export const DIRECTORY_PEOPLE_OU = 'People';

/**
 * A user's DN. Usernames are letters, digits, '.', '_' and '-' (NEW_USERNAME_PATTERN and the
 * seeded uids), none of which RFC 4514 asks to escape, so the uid goes in as it is.
 */
export function userDn(uid: string): string {
  return `uid=${uid},ou=${DIRECTORY_PEOPLE_OU},${DIRECTORY_BASE_DN}`;
}

/** The path of a user's entry; the DN is one path segment (its ',' and '=' encoded). */
export function directoryEntryPath(uid: string): string {
  return `${DIRECTORY_API_ROOT}/${encodeURIComponent(userDn(uid))}`;
}

/** Document 2 §3 "User directory entry": the product-prefixed attribute names. */
export function directoryAttributeNames(productId: string) {
  return {
    cibaThreshold: `${productId}CibaThreshold`,
    denyThreshold: `${productId}DenyThreshold`,
    accountTransferAmount: `${productId}AccountTransferAmount`,
    accountTier: `${productId}AccountTier`,
    authnPreferences: `${productId}UserAuthnPreferences`,
    accountIds: `${productId}UserAccountIDs`,
  } as const;
}

/**
 * An entry as the API answers it: `_dn`, then attributes as lists of values (numbers for the
 * thresholds) or, for `{product}UserAccountIDs`, an object. Unset attributes are left out.
 */
export const directoryEntrySchema = z.looseObject({ _dn: z.string() });
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/** One attribute value in a request: the form sends text, a script may send a number. */
export const directoryValueSchema = z.union([z.string().max(256), z.number()]);

/** LDAP modify through PATCH. Only `set` is supported (the attributes here are single-valued). */
export const DIRECTORY_MODIFICATION_TYPES = ['set'] as const;

export const directoryPatchRequestSchema = z.object({
  modifications: z
    .array(
      z.object({
        attributeName: z.string().min(1).max(128),
        modificationType: z.string().max(32),
        values: z.array(directoryValueSchema).max(8).nullable().optional(),
      }),
    )
    .min(1)
    .max(16),
});
export type DirectoryPatchRequest = z.input<typeof directoryPatchRequestSchema>;

/** PUT: the attributes to replace, each a list of values (or one value), null to remove it. */
export const directoryPutRequestSchema = z.record(
  z.string().min(1).max(128),
  z.union([z.array(directoryValueSchema).max(8), directoryValueSchema, z.null()]),
);
export type DirectoryPutRequest = z.input<typeof directoryPutRequestSchema>;

/**
 * The thresholds and tier are the bank's attributes, set through the demo admin's
 * own API (gated with the other demo tools), never through the directory with a customer token.
 * Both answer the settings as they now are (defaults where unset).
 */
export const ADMIN_THRESHOLDS_PATH = '/api/admin/thresholds';
export const ADMIN_ACCOUNT_TIER_PATH = '/api/admin/account-tier';
/**
 * Both thresholds, whole dollars as the form's text: the pair is checked as a whole (document
 * 2 §5), so both are always sent; nothing else is accepted in their place.
 */
export const adminThresholdsRequestSchema = z.object({
  cibaThreshold: z.string().max(32),
  denyThreshold: z.string().max(32),
});
export type AdminThresholdsRequest = z.input<typeof adminThresholdsRequestSchema>;
export const adminAccountTierRequestSchema = z.object({ accountTier: z.string().max(32) });
export type AdminAccountTierRequest = z.input<typeof adminAccountTierRequestSchema>;

/** The thresholds and tier the admin page shows, read from an entry (defaults when unset). */
export interface AdminSettings {
  cibaThreshold: number;
  denyThreshold: number;
  accountTier: AccountTier;
}

function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export const adminSettingsSchema = z.object({
  cibaThreshold: z.number().int(),
  denyThreshold: z.number().int(),
  accountTier: z.enum(ACCOUNT_TIERS),
});

export function adminSettingsOf(entry: DirectoryEntry, productId: string): AdminSettings {
  const names = directoryAttributeNames(productId);
  const whole = (value: unknown, fallback: number) => {
    const parsed = parseWholeNumber(firstValue(value));
    return typeof parsed === 'number' ? parsed : fallback;
  };
  const tier = firstValue(entry[names.accountTier]);
  return {
    cibaThreshold: whole(entry[names.cibaThreshold], DEFAULT_CIBA_THRESHOLD_DOLLARS),
    denyThreshold: whole(entry[names.denyThreshold], DEFAULT_DENY_THRESHOLD_DOLLARS),
    accountTier: tier === 'premier' ? 'premier' : 'personal',
  };
}

export function isAccountTier(value: unknown): value is AccountTier {
  return typeof value === 'string' && (ACCOUNT_TIERS as readonly string[]).includes(value);
}

/** Personal ↔ premier (document 2 §4). */
export function otherTier(tier: AccountTier): AccountTier {
  return tier === 'premier' ? 'personal' : 'premier';
}

// ---------------------------------------------------------------------------------------------
// Thresholds (document 2 §5): both required, whole dollars, CIBA ≥ 1, deny ≥ 2, CIBA < deny.

/** The column is a 32-bit integer of dollars; a billion keeps every amount in cents exact. */
export const MAX_THRESHOLD_DOLLARS = 1_000_000_000;

export type ThresholdField = 'ciba' | 'deny';

export interface ThresholdProblem {
  field: ThresholdField;
  message: string;
}

export type ThresholdCheck =
  { ok: true; ciba: number; deny: number } | { ok: false; problems: ThresholdProblem[] };

/**
 * A whole number from a form field or a JSON value: 'blank' for nothing typed, null for
 * anything that is not a whole number ("1.5", "1e3", "abc", 2.5). A sign is allowed so that
 * "-3" is answered with the minimum rather than with "not a number".
 */
export function parseWholeNumber(value: unknown): number | null | 'blank' {
  if (value === undefined || value === null) return 'blank';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return 'blank';
  if (!/^[+-]?\d{1,16}$/.test(text)) return null;
  return Number(text);
}

const MAX_THRESHOLD_TEXT = `$${MAX_THRESHOLD_DOLLARS.toLocaleString('en-US')}`;

function checkOne(
  field: ThresholdField,
  value: unknown,
): { value: number } | { problem: ThresholdProblem } {
  const parsed = parseWholeNumber(value);
  const problem = (message: string) => ({ problem: { field, message } });
  if (parsed === 'blank') {
    return problem(field === 'ciba' ? messages.admin.cibaRequired : messages.admin.denyRequired);
  }
  if (parsed === null) return problem(messages.admin.wholeDollars);
  const minimum = field === 'ciba' ? MIN_CIBA_THRESHOLD_DOLLARS : MIN_DENY_THRESHOLD_DOLLARS;
  if (parsed < minimum) {
    return problem(
      field === 'ciba' ? messages.admin.cibaTooLow(minimum) : messages.admin.denyTooLow(minimum),
    );
  }
  if (parsed > MAX_THRESHOLD_DOLLARS) {
    return problem(messages.admin.thresholdTooHigh(MAX_THRESHOLD_TEXT));
  }
  return { value: parsed };
}

/**
 * Document 2 §5 for a pair of thresholds, the form's and the server's alike. Each field is
 * checked on its own first; the order rule (CIBA below deny) only when both are valid, and it
 * is the deny field's complaint, in the spec's words.
 */
export function checkThresholds(input: { ciba: unknown; deny: unknown }): ThresholdCheck {
  const ciba = checkOne('ciba', input.ciba);
  const deny = checkOne('deny', input.deny);
  const problems = [ciba, deny].flatMap((result) => ('problem' in result ? [result.problem] : []));
  if ('value' in ciba && 'value' in deny) {
    if (ciba.value >= deny.value) {
      return { ok: false, problems: [{ field: 'deny', message: messages.admin.denyAboveCiba }] };
    }
    return { ok: true, ciba: ciba.value, deny: deny.value };
  }
  return { ok: false, problems };
}

// ---------------------------------------------------------------------------------------------
// Admin policies (document 2 §7): phishing e-mail, delete user, reset verification.

const accessToken = z.string({ error: 'accessToken is required.' }).min(1).max(8192);
const host = z.string().trim().regex(HOSTNAME_PATTERN, 'host must be a host name').optional();

/** Phishing email: `to`, `accessToken`, `host`. */
export const phishingEmailRequestSchema = z.object({
  to: z.string({ error: 'to is required.' }).trim().min(3).max(254),
  accessToken,
  host,
});
export type PhishingEmailRequest = z.input<typeof phishingEmailRequestSchema>;

/** Delete user: `accessToken`, `host`; a failure's reason in `additionalProperties.errorBody`. */
export const deleteUserRequestSchema = z.object({ accessToken, host });
export type DeleteUserRequest = z.input<typeof deleteUserRequestSchema>;

/** Reset verification: `host`, `accessToken`. */
export const resetVerificationRequestSchema = z.object({ accessToken, host });
export type ResetVerificationRequest = z.input<typeof resetVerificationRequestSchema>;

export const adminPolicyResponseSchema = z.union([
  z.object({ success: z.literal(true) }),
  z.object({
    success: z.literal(false),
    additionalProperties: z.object({
      errorBody: z.looseObject({ message: z.string() }),
    }),
  }),
]);
export type AdminPolicyResponse = z.infer<typeof adminPolicyResponseSchema>;

/** The demo phishing e-mail's subject: the page's test finds it in the outbox by it. */
export const PHISHING_DEMO_SUBJECT = `Action required: your ${BANK_NAME_SLOT} account has been suspended`;
