import { describe, expect, it } from 'vitest';
import { isLocked, nextFailureState, type PasswordFailureState } from './password.rules';

const T0 = new Date('2026-03-02T10:00:00.000Z');
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Previous state, the moment of the next wrong password, the state it leads to. */
const FAILURE_CASES: [string, PasswordFailureState | null, Date, PasswordFailureState][] = [
  [
    'the first failure opens a window at 1',
    null,
    T0,
    { failures: 1, windowStartedAt: T0, lockedUntil: null },
  ],
  [
    'a failure inside the window counts on',
    { failures: 2, windowStartedAt: T0, lockedUntil: null },
    at(10 * MINUTE),
    { failures: 3, windowStartedAt: T0, lockedUntil: null },
  ],
  [
    'the 5th failure inside the window locks for 1 minute',
    { failures: 4, windowStartedAt: T0, lockedUntil: null },
    at(14 * MINUTE),
    { failures: 5, windowStartedAt: T0, lockedUntil: at(15 * MINUTE) },
  ],
  [
    'a failure 15 minutes after the window opened starts a new window at 1',
    { failures: 4, windowStartedAt: T0, lockedUntil: null },
    at(15 * MINUTE),
    { failures: 1, windowStartedAt: at(15 * MINUTE), lockedUntil: null },
  ],
  [
    'a failure during the lock is counted and does not extend the lock',
    { failures: 5, windowStartedAt: T0, lockedUntil: at(MINUTE) },
    at(30 * SECOND),
    { failures: 6, windowStartedAt: T0, lockedUntil: at(MINUTE) },
  ],
  [
    'the first failure after the lock passed starts a new window at 1',
    { failures: 5, windowStartedAt: T0, lockedUntil: at(MINUTE) },
    at(MINUTE),
    { failures: 1, windowStartedAt: at(MINUTE), lockedUntil: null },
  ],
];

describe('wrong-password counting', () => {
  it.each(FAILURE_CASES)('%s', (_name, previous, now, expected) => {
    expect(nextFailureState(previous, now)).toEqual(expected);
  });

  it('locks on the first failure when the policy allows only one', () => {
    expect(
      nextFailureState(null, T0, { maxFailures: 1, windowMs: MINUTE, lockMs: 5 * SECOND }),
    ).toEqual({ failures: 1, windowStartedAt: T0, lockedUntil: at(5 * SECOND) });
  });
});

describe('whether a username is locked', () => {
  const locked: PasswordFailureState = {
    failures: 5,
    windowStartedAt: T0,
    lockedUntil: at(MINUTE),
  };
  it.each([
    ['no failures at all', null, T0, false],
    ['failures without a lock', { failures: 4, windowStartedAt: T0, lockedUntil: null }, T0, false],
    ['inside the lock', locked, at(59 * SECOND), true],
    ['the moment the lock ends', locked, at(MINUTE), false],
    ['after the lock', locked, at(2 * MINUTE), false],
  ] as const)('%s: %s', (_name, state, now, expected) => {
    expect(isLocked(state, now)).toBe(expected);
  });
});
