import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_LOCK } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { insertAuditEvent } from '../../audit';
import { findUserByUid, type UserRow } from '../../directory';
import { isLocked } from './password.rules';
import { clearPasswordFailures, readPasswordLock, recordPasswordFailure } from './password.store';

/**
 * An argon2id hash (default parameters, as `hashPassword` makes) of a password nobody is given.
 * Unknown usernames and users without a password are verified against it, so that the answer
 * takes as long as for a real user and the timing does not tell which usernames exist.
 */
const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$rmeIWYTwPo1ZMH9A9aPHDw$/CaXnrDxt8Daw5CaVPoUFCLj0OTJzMjG1lTiru4Yl7g';

/**
 * argon2id with @node-rs/argon2's defaults (m=19456 KiB, t=2, p=1: OWASP's recommendation).
 * A NEW password goes through `hashNewPassword` (new-password.ts), which checks it first.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export type PasswordCheck =
  | { ok: true; user: UserRow }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; lockedUntil: Date };

/** Why a password was refused, in the audit log ('signin.failed' details). */
export type PasswordFailureReason = 'wrong_password' | 'unknown_username' | 'no_password';

export interface PasswordService {
  /**
   * Checks `password` for the username `uid`. A locked username is refused before any hash is
   * verified, even with the right password; the wrong password that reaches the limit answers
   * 'locked' at once, so the person learns of the lock without trying again.
   */
  checkPassword(
    uid: string,
    password: string,
    context?: { ip?: string | null },
  ): Promise<PasswordCheck>;
}

export function createPasswordService(deps: { db: Database; clock?: () => Date }): PasswordService {
  const clock = deps.clock ?? (() => new Date());
  return {
    async checkPassword(rawUid, password, context = {}) {
      const uid = rawUid.trim().toLowerCase();
      const ip = context.ip ?? null;
      // The lock counts this address's wrong passwords for the username only (document 1
      // §4.1's "try again in 1 minute"): nobody elsewhere can keep the owner locked out.
      const key = { uid, ip };
      const [user, lock] = await Promise.all([
        findUserByUid(deps.db, uid),
        readPasswordLock(deps.db, key),
      ]);
      const userId = user?.id ?? null;
      if (lock?.lockedUntil && isLocked(lock, clock())) {
        await insertAuditEvent(deps.db, {
          type: 'signin.locked',
          userId,
          ip,
          details: {
            uid,
            cause: 'attempt_while_locked',
            lockedUntil: lock.lockedUntil.toISOString(),
          },
        });
        return { ok: false, reason: 'locked', lockedUntil: lock.lockedUntil };
      }

      const passwordHash = user?.passwordHash ?? null;
      const matches = await verify(passwordHash ?? DUMMY_PASSWORD_HASH, password);
      if (user && passwordHash !== null && matches) {
        // Nothing to forget without earlier failures (most sign-ins): no statement then.
        if (lock) await clearPasswordFailures(deps.db, key);
        return { ok: true, user };
      }

      // Unknown usernames are counted and locked too: a lock only real usernames could get
      // would tell which ones exist.
      const now = clock();
      const state = await recordPasswordFailure(deps.db, key, now);
      const reason: PasswordFailureReason =
        user === null
          ? 'unknown_username'
          : passwordHash === null
            ? 'no_password'
            : 'wrong_password';
      await insertAuditEvent(deps.db, {
        type: 'signin.failed',
        userId,
        ip,
        details: { uid, reason },
      });
      if (state.lockedUntil && isLocked(state, now)) {
        // Parallel failures that land during the lock are counted, but only the one that
        // reached the limit records the lock.
        if (state.failures !== PASSWORD_LOCK.maxFailures) {
          return { ok: false, reason: 'locked', lockedUntil: state.lockedUntil };
        }
        await insertAuditEvent(deps.db, {
          type: 'signin.locked',
          userId,
          ip,
          details: {
            uid,
            cause: 'limit_reached',
            failures: state.failures,
            lockedUntil: state.lockedUntil.toISOString(),
          },
        });
        return { ok: false, reason: 'locked', lockedUntil: state.lockedUntil };
      }
      return { ok: false, reason: 'invalid' };
    },
  };
}
