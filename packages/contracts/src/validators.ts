import { z } from 'zod';
import { messages } from './messages';

/**
 * The input rules of document 1 §5 and document 2 §5, used by the browser (as the user types)
 * and by the server (which decides). One definition, so the two never disagree.
 */

/**
 * 12 to 128 characters, only letters, digits and @$!.,%*?&, at least one of each class. The
 * specification sets no maximum; 128 is OWASP ASVS 2.1.2's (64-character passphrases work).
 */
export const PASSWORD_PATTERN =
  /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!.,%*?&])[A-Za-z\d@$!.,%*?&]{12,128}$/;
/** Optional plus, 1-3 digit country part, optional dot, then 4-14 digits. */
export const PHONE_PATTERN = /^\+?\d{1,3}\.?\d{4,14}$/;
/** Letters, digits and ._%+- before @, then a domain and letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const OTP_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{8}$/;

export const passwordSchema = z.string().regex(PASSWORD_PATTERN, messages.validation.passwordHint);
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, messages.validation.phoneFormat);
export const emailSchema = z.string().trim().regex(EMAIL_PATTERN, messages.validation.emailInvalid);
export const otpSchema = z.string().trim().regex(OTP_PATTERN, messages.validation.codeSixDigits);
export const recoveryCodeSchema = z
  .string()
  .trim()
  .regex(RECOVERY_CODE_PATTERN, messages.validation.recoveryCodeEightCharacters);

/** Username input is trimmed; the identifier is lowercased on submit (document 1 §5). */
export const identifierSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your username.')
  .max(64, 'A username has at most 64 characters.')
  .transform((value) => value.toLowerCase());

export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
export function isValidOtp(value: string): boolean {
  return OTP_PATTERN.test(value);
}
export function isValidRecoveryCode(value: string): boolean {
  return RECOVERY_CODE_PATTERN.test(value);
}
