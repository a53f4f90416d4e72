import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { nextFailureState, type PasswordFailureState } from './password.rules';
import { clearPasswordFailures, readPasswordLock, recordPasswordFailure } from './password.store';

const T0 = new Date('2026-03-02T10:00:00.000Z');
const MINUTE = 60 * 1000;

describe.each(DATABASE_KINDS)('password failures on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await test.drop();
  });

  it('counts each failure as the rules do, through windows and locks', async () => {
    // Four in the window, the 5th locks, one during the lock, one after it, then a failure
    // after the window of that one has passed.
    const minutes = [0, 1, 2, 3, 4, 4.5, 5, 6, 21.5];
    let expected: PasswordFailureState | null = null;
    for (const minute of minutes) {
      const now = new Date(T0.getTime() + minute * MINUTE);
      expected = nextFailureState(expected, now);
      expect(await recordPasswordFailure(test.handle.db, 'walk', now)).toEqual(expected);
    }
    expect(await readPasswordLock(test.handle.db, 'walk')).toEqual(expected);
  });

  it('counts 20 parallel failures exactly 20 times, each answer seeing its own count', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => recordPasswordFailure(test.handle.db, 'parallel', T0)),
    );
    expect(results.map((state) => state.failures).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(await readPasswordLock(test.handle.db, 'parallel')).toEqual({
      failures: 20,
      windowStartedAt: T0,
      lockedUntil: new Date(T0.getTime() + MINUTE),
    });
  });

  it('forgets a username’s failures when they are cleared', async () => {
    await recordPasswordFailure(test.handle.db, 'cleared', T0);
    await clearPasswordFailures(test.handle.db, 'cleared');
    expect(await readPasswordLock(test.handle.db, 'cleared')).toBeNull();
  });
});
