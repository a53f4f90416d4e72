import { randomBytes, randomInt } from 'node:crypto';
import {
  RECOVERY_CODES_PER_SET,
  RECOVERY_CODE_CHARS,
  RECOVERY_CODE_LOCK_MS,
  RECOVERY_CODE_MAX_ATTEMPTS,
} from '@anybank/contracts';
import { hashCode } from '../../credentials/otp.rules';

/**
 * Sign-in recovery codes (OWASP ASVS 2.6 "look-up secrets"): their shape, how they
 * are stored, and the attempt limit. Pure but for the randomness of a new set (`crypto`).
 */

/** Letters and digits a person copies without mistaking one for another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUP = RECOVERY_CODE_CHARS / 2;

/** What a code is hashed for (keeps its hashes apart from one-time codes' under one key). */
const PURPOSE = 'sign-in-recovery-code';

/** A new set: RECOVERY_CODES_PER_SET codes, uniformly random, each shown as `ABCDE-FGH23`. */
export function generateRecoveryCodeSet(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODES_PER_SET) {
    const chars = Array.from(
      { length: RECOVERY_CODE_CHARS },
      () => ALPHABET[randomInt(0, ALPHABET.length)],
    ).join('');
    codes.add(`${chars.slice(0, GROUP)}-${chars.slice(GROUP)}`);
  }
  return [...codes];
}

/**
 * A code as typed, in the one form it is hashed in: case, spaces and dashes do not matter.
 * Null when it cannot be a code at all (the caller refuses it without counting an attempt).
 */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== RECOVERY_CODE_CHARS) return null;
  return [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

/** A random salt per stored code: 128 bits, base64url (ASVS 2.6.2 asks for 32 at least). */
export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The stored form of a normalized code. Why a fast keyed hash and not argon2: each code has
 * ~49.5 bits of entropy (10 characters of 31), so unlike a password there is no dictionary to
 * try; the HMAC-SHA-256 key is the server's signing secret, which a copy of the table does not
 * hold, and the salt makes each row's hash its own (ASVS 2.6.2: below 112 bits, salted and
 * hashed with an approved one-way function). Online guessing is stopped by the attempt limit
 * below. argon2 would cost ~13 ms per stored code on every attempt, ten per sign-in, for no gain.
 */
export function hashRecoveryCode(
  secret: string,
  row: { userId: string; salt: string },
  normalized: string,
): string {
  return hashCode(secret, PURPOSE, `${row.userId}:${row.salt}`, normalized);
}

/** A customer's wrong recovery codes in a row, and the lock they led to. */
export interface RecoveryAttempts {
  failures: number;
  lockedUntil: Date | null;
}

export type RecoveryCodeVerdict =
  { result: 'ok' } | { result: 'invalid'; attemptsLeft: number } | { result: 'attempts_exceeded' };

/**
 * The verdict on one recovery code, and the counter to store after it. While locked every
 * code is refused, the right one too (as a one-time code past its attempts); a right code
 * clears the count; the RECOVERY_CODE_MAX_ATTEMPTS-th wrong one in a row locks them for
 * RECOVERY_CODE_LOCK_MS and starts the count again.
 */
export function judgeRecoveryCode(
  attempts: RecoveryAttempts,
  now: Date,
  matches: boolean,
): { verdict: RecoveryCodeVerdict; next: RecoveryAttempts } {
  if (attempts.lockedUntil !== null && now.getTime() < attempts.lockedUntil.getTime()) {
    return { verdict: { result: 'attempts_exceeded' }, next: attempts };
  }
  if (matches) return { verdict: { result: 'ok' }, next: { failures: 0, lockedUntil: null } };
  const failures = attempts.failures + 1;
  if (failures >= RECOVERY_CODE_MAX_ATTEMPTS) {
    return {
      verdict: { result: 'attempts_exceeded' },
      next: { failures: 0, lockedUntil: new Date(now.getTime() + RECOVERY_CODE_LOCK_MS) },
    };
  }
  return {
    verdict: { result: 'invalid', attemptsLeft: RECOVERY_CODE_MAX_ATTEMPTS - failures },
    next: { failures, lockedUntil: null },
  };
}
