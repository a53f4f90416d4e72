import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { nextFailureState, type PasswordFailureState } from './password.rules';
import {
  clearAllPasswordFailures,
  clearPasswordFailures,
  latestPasswordLock,
  readPasswordLock,
  recordPasswordFailure,
} from './password.store';

const at = (uid: string, ip: string | null = '198.51.100.7') => ({ uid, ip });

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
      expect(await recordPasswordFailure(test.handle.db, at('walk'), now)).toEqual(expected);
    }
    expect(await readPasswordLock(test.handle.db, at('walk'))).toEqual(expected);
  });

  it('counts 20 parallel failures exactly 20 times, each answer seeing its own count', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => recordPasswordFailure(test.handle.db, at('parallel'), T0)),
    );
    expect(results.map((state) => state.failures).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(await readPasswordLock(test.handle.db, at('parallel'))).toEqual({
      failures: 20,
      windowStartedAt: T0,
      lockedUntil: new Date(T0.getTime() + MINUTE),
    });
  });

  it('forgets a username’s failures when they are cleared', async () => {
    await recordPasswordFailure(test.handle.db, at('cleared'), T0);
    await clearPasswordFailures(test.handle.db, at('cleared'));
    expect(await readPasswordLock(test.handle.db, at('cleared'))).toBeNull();
  });

  it('locks the address that failed, never the same username from another address', async () => {
    for (let n = 0; n < 5; n += 1) await recordPasswordFailure(test.handle.db, at('pair'), T0);
    expect((await readPasswordLock(test.handle.db, at('pair')))?.lockedUntil).toEqual(
      new Date(T0.getTime() + MINUTE),
    );
    expect(await readPasswordLock(test.handle.db, at('pair', '203.0.113.5'))).toBeNull();
    expect(await readPasswordLock(test.handle.db, at('pair', null))).toBeNull();
    // The help desk sees the lock from any address, and its unlock clears every address.
    expect(await latestPasswordLock(test.handle.db, 'pair')).toEqual(
      new Date(T0.getTime() + MINUTE),
    );
    await recordPasswordFailure(test.handle.db, at('pair', null), T0);
    await clearAllPasswordFailures(test.handle.db, 'pair');
    expect(await readPasswordLock(test.handle.db, at('pair'))).toBeNull();
    expect(await readPasswordLock(test.handle.db, at('pair', null))).toBeNull();
    expect(await latestPasswordLock(test.handle.db, 'pair')).toBeNull();
  });
});
