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
  countFailedSignIns,
  countFailedSignInsForUsername,
} from '../../audit/sign-in-failures.read-model';
import { takeHighRiskOverride } from '../../directory';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60 * 1000);
const windowOf = (minutes: number) => ({
  since: minutesAgo(minutes),
  minuteAgo: minutesAgo(1),
  now: NOW,
});

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
    const both = await countFailedSignIns(test.handle.db, { uid, ip: null }, windowOf(minutes));
    // Without an address every failure of the username is from elsewhere.
    expect(both).toEqual({
      pairFailures: 0,
      usernameFailuresElsewhere: expected,
      ipFailures: 0,
      lastIpFailureAgoMs: null,
      unknownUsernamesLastMinute: 0,
    });
  });

  it.each([
    ['203.0.113.1', 15, 3, 1],
    ['203.0.113.2', 15, 1, 15],
    ['203.0.113.2', 14, 0, null],
    ['198.51.100.9', 15, 0, null],
  ])(
    'counts failed sign-ins from %s within %i minutes: %i, the latest %s minutes ago',
    async (ip, minutes, expected, latest) => {
      const both = await countFailedSignIns(
        test.handle.db,
        { uid: 'nobody', ip },
        windowOf(minutes),
      );
      expect(both).toMatchObject({
        pairFailures: 0,
        usernameFailuresElsewhere: 0,
        ipFailures: expected,
        lastIpFailureAgoMs: latest === null ? null : latest * 60 * 1000,
      });
    },
  );

  it('counts the address’s failures naming no known user within the last minute only', async () => {
    const ip = '203.0.113.77';
    const user = await insertUser(test.handle.db, {
      uid: 'known.one',
      firstName: 'Known',
      lastName: 'One',
      email: 'known.one@example.com',
      userType: 'customer',
    });
    await test.handle.db.insert(auditEvents).values([
      { type: 'signin.failed', ip, details: { uid: 'ghost1' }, createdAt: minutesAgo(0.5) },
      { type: 'signin.failed', ip, details: { uid: 'ghost2' }, createdAt: minutesAgo(0.2) },
      { type: 'signin.failed', ip, details: { uid: 'ghost3' }, createdAt: minutesAgo(3) },
      {
        type: 'signin.failed',
        ip,
        userId: user.id,
        details: { uid: 'known.one' },
        createdAt: minutesAgo(0.1),
      },
    ]);
    expect(await countFailedSignIns(test.handle.db, { uid: 'x', ip }, windowOf(15))).toEqual({
      pairFailures: 0,
      usernameFailuresElsewhere: 0,
      ipFailures: 4,
      lastIpFailureAgoMs: 6000,
      unknownUsernamesLastMinute: 2,
    });
  });

  it('counts both in one answer, each event where it belongs', async () => {
    expect(
      await countFailedSignIns(test.handle.db, { uid: 'bo', ip: '203.0.113.2' }, windowOf(15)),
    ).toMatchObject({ pairFailures: 0, usernameFailuresElsewhere: 1, ipFailures: 1 });
  });

  it('counts the username’s failures from this address apart from those from elsewhere', async () => {
    expect(
      await countFailedSignIns(test.handle.db, { uid: 'ana', ip: '203.0.113.1' }, windowOf(15)),
    ).toMatchObject({ pairFailures: 2, usernameFailuresElsewhere: 1, ipFailures: 3 });
    expect(
      await countFailedSignIns(test.handle.db, { uid: 'ana', ip: '203.0.113.2' }, windowOf(15)),
    ).toMatchObject({ pairFailures: 1, usernameFailuresElsewhere: 2, ipFailures: 1 });
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
      Array.from({ length: 5 }, () => takeHighRiskOverride(test.handle.db, user.id)),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.highRiskNextSignIn).toBe(false);
    expect(await takeHighRiskOverride(test.handle.db, user.id)).toBe(false);
  });
});
