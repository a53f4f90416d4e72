import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { auditEvents, users } from '../../../db/schema';
import { insertUser } from '../../directory/directory.store';
import {
  consumeHighRiskOverride,
  countFailedSignIns,
  countFailedSignInsForUsername,
} from './risk.store';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60 * 1000);

describe.each(DATABASE_KINDS)('risk signals on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await test.handle.db.insert(auditEvents).values([
      {
        type: 'signin.failed',
        ip: '203.0.113.1',
        details: { uid: 'ana' },
        createdAt: minutesAgo(1),
      },
      {
        type: 'signin.failed',
        ip: '203.0.113.1',
        details: { uid: 'ana' },
        createdAt: minutesAgo(14),
      },
      {
        type: 'signin.failed',
        ip: '203.0.113.2',
        details: { uid: 'ana' },
        createdAt: minutesAgo(15),
      },
      {
        type: 'signin.failed',
        ip: '203.0.113.1',
        details: { uid: 'ana' },
        createdAt: minutesAgo(16),
      },
      {
        type: 'signin.failed',
        ip: '203.0.113.1',
        details: { uid: 'bo' },
        createdAt: minutesAgo(2),
      },
      {
        type: 'signin.locked',
        ip: '203.0.113.1',
        details: { uid: 'ana' },
        createdAt: minutesAgo(1),
      },
      { type: 'risk.denied', ip: '203.0.113.1', details: { uid: 'ana' }, createdAt: minutesAgo(1) },
    ]);
  });
  afterAll(async () => {
    await test.drop();
  });

  it.each([
    ['ana', 15, 3],
    ['ana', 5, 1],
    ['bo', 15, 1],
    ['cy', 15, 0],
  ])('counts failed sign-ins for %s within %i minutes: %i', async (uid, minutes, expected) => {
    expect(await countFailedSignInsForUsername(test.handle.db, uid, minutesAgo(minutes))).toBe(
      expected,
    );
    const both = await countFailedSignIns(test.handle.db, { uid, ip: null }, minutesAgo(minutes));
    expect(both).toEqual({ usernameFailures: expected, ipFailures: 0 });
  });

  it.each([
    ['203.0.113.1', 15, 3],
    ['203.0.113.2', 15, 1],
    ['203.0.113.2', 14, 0],
    ['198.51.100.9', 15, 0],
  ])('counts failed sign-ins from %s within %i minutes: %i', async (ip, minutes, expected) => {
    const both = await countFailedSignIns(
      test.handle.db,
      { uid: 'nobody', ip },
      minutesAgo(minutes),
    );
    expect(both).toEqual({ usernameFailures: 0, ipFailures: expected });
  });

  it('counts both in one answer, each event where it belongs', async () => {
    expect(
      await countFailedSignIns(test.handle.db, { uid: 'bo', ip: '203.0.113.2' }, minutesAgo(15)),
    ).toEqual({ usernameFailures: 1, ipFailures: 1 });
  });

  it('hands the override to exactly one of several evaluations at once, then clears it', async () => {
    const user = await insertUser(test.handle.db, {
      uid: 'override.once',
      firstName: 'Ollie',
      lastName: 'Ride',
      email: 'override.once@example.com',
      userType: 'customer',
      highRiskNextSignIn: true,
    });
    const taken = await Promise.all(
      Array.from({ length: 5 }, () => consumeHighRiskOverride(test.handle.db, user.id)),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.highRiskNextSignIn).toBe(false);
    expect(await consumeHighRiskOverride(test.handle.db, user.id)).toBe(false);
  });
});
