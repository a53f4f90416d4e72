import { PASSWORD_LOCK } from '@anybank/contracts';

/**
 * Pure rules of the wrong-password lock (sign-in issue): 5 failures within 15 minutes lock the
 * username for 1 minute. `password.store.ts` says the same arithmetic in one SQL statement so
 * that parallel attempts are counted atomically; its test checks the two agree on this table.
 */

export interface PasswordLockPolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** One username's row of `password_failures`. */
export interface PasswordFailureState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

export function isLocked(state: PasswordFailureState | null, now: Date): boolean {
  return state?.lockedUntil != null && state.lockedUntil.getTime() > now.getTime();
}

/**
 * Whether a failure at `now` starts a new window at 1: the first failure, a failure outside
 * the window (which starts at the window's first failure), or the first one after a lock.
 */
export function startsNewWindow(
  previous: PasswordFailureState | null,
  now: Date,
  policy: PasswordLockPolicy = PASSWORD_LOCK,
): boolean {
  if (previous === null) return true;
  const lockPassed = previous.lockedUntil !== null && !isLocked(previous, now);
  const windowPassed = now.getTime() - previous.windowStartedAt.getTime() >= policy.windowMs;
  return lockPassed || windowPassed;
}

/**
 * The state after one more wrong password at `now`. The failure that reaches `maxFailures`
 * sets the lock; failures during a lock (parallel attempts that passed the check together)
 * are still counted but do not extend it.
 */
export function nextFailureState(
  previous: PasswordFailureState | null,
  now: Date,
  policy: PasswordLockPolicy = PASSWORD_LOCK,
): PasswordFailureState {
  const lockFromNow = new Date(now.getTime() + policy.lockMs);
  if (previous === null || startsNewWindow(previous, now, policy)) {
    return {
      failures: 1,
      windowStartedAt: now,
      lockedUntil: 1 >= policy.maxFailures ? lockFromNow : null,
    };
  }
  const failures = previous.failures + 1;
  return {
    failures,
    windowStartedAt: previous.windowStartedAt,
    lockedUntil: previous.lockedUntil ?? (failures >= policy.maxFailures ? lockFromNow : null),
  };
}
