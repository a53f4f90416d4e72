import type { Database, Queryable } from '../../../db/database';
import { DEFAULT_RISK_POLICY } from '../risk/risk.rules';
import { countFailedSignInsForUsername } from '../../audit';
import { clearAllPasswordFailures, latestPasswordLock } from './password.store';

/** What holds a username's sign-in back now: the password lock and the recent failures. */
export interface SignInLockState {
  /**
   * Until when the password is locked from some address (document 1 §4.1; the lock is per
   * address), or null when it is not.
   */
  passwordLockedUntil: Date | null;
  /** Failed sign-ins of the username in the risk check's window, since its last unlock. */
  failedSignIns: number;
}

/**
 * A username's sign-in locks as other modules may read and lift them (the help desk): the
 * password lock and the failures the risk check counts live in identity's own tables.
 */
export interface SignInLockService {
  stateOf(uid: string, now: Date): Promise<SignInLockState>;
  /**
   * Forgets the username's password failures, in the caller's transaction so that the unlock
   * and its audit event commit together.
   */
  unlock(tx: Queryable, uid: string): Promise<void>;
}

export function createSignInLockService(deps: { db: Database }): SignInLockService {
  return {
    async stateOf(uid, now) {
      const since = new Date(now.getTime() - DEFAULT_RISK_POLICY.failureWindowMs);
      const [lockedUntil, failedSignIns] = await Promise.all([
        latestPasswordLock(deps.db, uid),
        countFailedSignInsForUsername(deps.db, uid, since),
      ]);
      const passwordLockedUntil =
        lockedUntil && lockedUntil.getTime() > now.getTime() ? lockedUntil : null;
      return { passwordLockedUntil, failedSignIns };
    },
    unlock(tx, uid) {
      return clearAllPasswordFailures(tx, uid);
    },
  };
}
