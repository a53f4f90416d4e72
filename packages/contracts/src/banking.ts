/**
 * Balances, transfers and menu options (document 2 §3, §5, §7): the paths, payloads and the
 * money arithmetic the browser and the server share. Money is integer cents everywhere; text
 * such as "25.50" is turned into cents by string arithmetic, never through a float. The
 * schemas of the payloads are in banking.schemas.ts (ADR 0024).
 */

export const BALANCES_API_PATH = '/api/open-banking/balances';
export const TRANSFERS_API_PATH = '/api/private/transfers';
export const MENU_OPTIONS_API_PATH = '/api/menu-options';

/** Optional on a transfer: a retry with the same key answers the first result again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The transfer's number (document 2 §2: random, below 100000), on 204 and 403 answers. */
export const TRANSFER_NUMBER_HEADER = 'X-Transfer-Number';

// Whole dollars up to 13 digits keep every amount in cents below Number.MAX_SAFE_INTEGER.
const AMOUNT_PATTERN = /^(?:(\d{1,13})(?:\.(\d{1,2}))?|\.(\d{1,2}))$/;

/**
 * "1,234.5" → 123450. Commas are stripped (document 2 §2), at most two decimals, no sign, no
 * exponent; anything else is null. A JSON number is read through its shortest text form, so
 * 25.5 is 2550 while 0.1 + 0.2 (0.30000000000000004) is refused rather than rounded.
 */
export function parseAmountToCents(input: string | number): number | null {
  const text = (typeof input === 'number' ? String(input) : input).replaceAll(',', '').trim();
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = match[3] ?? ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function splitCents(cents: number): { sign: string; whole: string; fraction: string } {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const absolute = Math.abs(cents);
  return {
    sign: cents < 0 ? '-' : '',
    whole: String(Math.floor(absolute / 100)),
    fraction: String(absolute % 100).padStart(2, '0'),
  };
}

/** 123450 → "1234.50": the form of Open Banking's Amount.Amount. */
export function formatCents(cents: number): string {
  const { sign, whole, fraction } = splitCents(cents);
  return `${sign}${whole}.${fraction}`;
}

/** 2450000 → "24,500.00": how a balance is written for a person (no currency sign). */
export function formatCentsWithSeparators(cents: number): string {
  const { sign, whole, fraction } = splitCents(cents);
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/**
 * Why a transfer was refused (403). `max_threshold` (above the deny threshold) and `risk`
 * (automation) are document 2 §8's two; `not_approved` is a declined or expired mobile
 * approval; `approval_unavailable` says an approval was needed and no approver exists yet.
 */
export const TRANSFER_DENIAL_CODES = [
  'max_threshold',
  'risk',
  'not_approved',
  'approval_unavailable',
] as const;
export type TransferDenialCode = (typeof TRANSFER_DENIAL_CODES)[number];

/**
 * A transfer that takes the customer's 24-hour running total above their approval
 * threshold, when they have no activated phone app, waits (202) for a one-time code: sent to a
 * sign-in device they already have (`email`, `sms`), or shown by one (`device`: a code that
 * binds the amount and payee, ADR 0026); `POST {TRANSFERS_API_PATH}/{transferId}/confirmation`
 * with the code moves the money.
 */
export const TRANSFER_CONFIRMATION_CHANNELS = ['email', 'sms', 'device'] as const;
export function transferConfirmationPath(transferId: string): string {
  return `${TRANSFERS_API_PATH}/${encodeURIComponent(transferId)}/confirmation`;
}

/**
 * The code step's Cancel: `POST {TRANSFERS_API_PATH}/{transferId}/cancellation`, no body. 204
 * when the customer's transfer that waited for its code is settled as not approved: its code
 * no longer works and it stops counting toward the 24-hour running total; 409
 * `transfer_not_pending` when it no longer waits for a code (already cancelled, confirmed…).
 */
export function transferCancellationPath(transferId: string): string {
  return `${TRANSFERS_API_PATH}/${encodeURIComponent(transferId)}/cancellation`;
}
