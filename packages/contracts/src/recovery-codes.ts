import { z } from 'zod';
import { OTP_MAX_ATTEMPTS } from './constants';

/**
 * Sign-in recovery codes (OWASP ASVS's "look-up secrets", 2.6). A customer makes a
 * set of ten single-use codes on Sign In & Password and keeps them; at sign-in one of them
 * replaces the second factor once. Not the 8-character code of a forgotten password
 * (`RECOVERY_CODE_LENGTH`), which is e-mailed per reset.
 */

/** The customer's recovery codes: how many are left (`GET`), a new set (`POST`, step-up). */
export const RECOVERY_CODES_API_PATH = '/api/authn/recovery-codes';
/** Codes in one set; making a new set retires every code of the old one. */
export const RECOVERY_CODES_PER_SET = 10;
/** With this many or fewer left, the customer is asked to make a new set. */
export const RECOVERY_CODES_LOW = 2;
/** Whether the customer is asked to make a new set (the modal and the page say so). */
export function recoveryCodesRunningLow(left: number): boolean {
  return left <= RECOVERY_CODES_LOW;
}
/** Characters of a code (shown in two groups of five: `ABCDE-FGH23`). */
export const RECOVERY_CODE_CHARS = 10;
/** Wrong recovery codes in a row, across sign-ins, before they are refused for a while. */
export const RECOVERY_CODE_MAX_ATTEMPTS = OTP_MAX_ATTEMPTS;
/** How long recovery codes are refused after RECOVERY_CODE_MAX_ATTEMPTS wrong ones. */
export const RECOVERY_CODE_LOCK_MS = 15 * 60 * 1000;

export const recoveryCodesStatusSchema = z.object({
  /** Unused codes of the current set (0 when the customer has none). */
  remaining: z.number().int().min(0),
  /** When the current set was made, or null when there is none. */
  generatedAt: z.iso.datetime().nullable(),
});
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;

export const newRecoveryCodesSchema = recoveryCodesStatusSchema.extend({
  /** The new codes, in the clear: this answer is the only place they are ever shown. */
  codes: z.array(z.string()).length(RECOVERY_CODES_PER_SET),
});
export type NewRecoveryCodes = z.infer<typeof newRecoveryCodesSchema>;

/** The flow step that answers SIGN_IN_RECOVERY_CODE_REQUIRED. */
export const checkRecoveryCodeSchema = z.object({ recoveryCode: z.string().trim().max(64) });
