import { checkNewPassword, type PasswordOwner } from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import type { CheckedPasswordHash } from '../../directory';
import { hashPassword } from './password.service';

/**
 * The one door for a new password (OWASP ASVS 2.1.7): registration, the switch
 * to Password, forgot password, a forced change and a change on Sign In & Password all hash
 * through here, and the directory stores only what comes out (`CheckedPasswordHash`). Existing
 * passwords are never re-checked at sign-in: only new ones are.
 */

/** Why a new password is refused (its code, and the message saying why), or null. */
export async function newPasswordRefusal(
  password: string,
  owner: PasswordOwner,
): Promise<DomainError | null> {
  const verdict = await checkNewPassword(password, owner);
  if (verdict.ok) return null;
  return new DomainError(verdict.problem, {
    message: verdict.message,
    details: [{ field: 'password', message: verdict.message }],
  });
}

/** Checks a new password for its owner and hashes it; a refusal is thrown as a DomainError. */
export async function hashNewPassword(
  password: string,
  owner: PasswordOwner,
): Promise<CheckedPasswordHash> {
  const refusal = await newPasswordRefusal(password, owner);
  if (refusal) throw refusal;
  return (await hashPassword(password)) as CheckedPasswordHash;
}
