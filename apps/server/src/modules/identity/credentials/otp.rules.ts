import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, RECOVERY_CODE_LENGTH } from '@anybank/contracts';

/**
 * Pure rules of one-time codes (sign-in OTP, pairing, recovery): 6 digits, single use, stored
 * as keyed hashes, a limited number of attempts. Randomness comes from `crypto`; the time is
 * always passed in.
 */

/** Recovery codes: 8 characters a person can read out without mistaking (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateRecoveryCode(): string {
  return Array.from(
    { length: RECOVERY_CODE_LENGTH },
    () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)],
  ).join('');
}

/** A uniformly random code of OTP_LENGTH digits, leading zeros kept ("004217"). */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * HMAC-SHA256 of the code, keyed by the server's signing secret and bound to what the code is
 * for. A plain hash of a 6-digit code is reversed by trying a million codes; without the key a
 * leaked table is useless, and a code issued for one flow never matches in another.
 */
export function hashCode(secret: string, purpose: string, reference: string, code: string): string {
  // JSON keeps the parts apart: ("a:b", "c") and ("a", "b:c") hash differently.
  return createHmac('sha256', secret)
    .update(JSON.stringify([purpose, reference, code]))
    .digest('hex');
}

/** Compares two hashes in constant time, so the time taken tells nothing about the code. */
export function hashesMatch(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(candidate, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type OtpVerdict = 'ok' | 'invalid' | 'expired' | 'attempts_exceeded' | 'consumed';

/** The parts of a `one_time_codes` row the verdict depends on. */
export interface OtpAttemptRow {
  /** Counting the attempt being judged. */
  attempts: number;
  maxAttempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

/**
 * The verdict on one attempt, already counted in `row.attempts`. Beyond the last allowed
 * attempt even the right code fails; a wrong last attempt answers 'attempts_exceeded' at once,
 * so the person is not asked for a code that can no longer work.
 */
export function judgeAttempt(row: OtpAttemptRow, now: Date, matches: boolean): OtpVerdict {
  if (row.consumedAt !== null) return 'consumed';
  if (now.getTime() >= row.expiresAt.getTime()) return 'expired';
  if (row.attempts > row.maxAttempts) return 'attempts_exceeded';
  if (matches) return 'ok';
  return row.attempts >= row.maxAttempts ? 'attempts_exceeded' : 'invalid';
}

/** Attempts still allowed after this row's attempts. */
export function attemptsLeft(row: Pick<OtpAttemptRow, 'attempts' | 'maxAttempts'>): number {
  return Math.max(0, row.maxAttempts - row.attempts);
}
