import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_API_PATH } from '@anybank/contracts';
import { auditEvents } from '../src/db/schema';
import { addressDelayMs, DEFAULT_RISK_POLICY } from '../src/modules/identity/risk/risk.rules';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { userIdOf } from './banking-server';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/** The test's requests come from 127.0.0.1: that is the address the failures are counted for. */
const TEST_ADDRESS = '127.0.0.1';
const KNOWN = 'jane.doe';
const UNKNOWN = 'nobody.here';
/** Whose password the address has been guessing: another customer than the one signing in. */
const GUESSED = 'john.smith';

/**
 * "Username listing under a block": while an address is blocked or slowed by the
 * failed-sign-in rules, the identifier step answers every username alike, and naming unknown
 * usernames is limited to a tenth of the sign-in rate. The failures the rules count (wrong
 * passwords for john.smith, from the test's address) are put in the audit log directly, as the
 * sign-in writes them (phone-activation-guessing.api.test.ts does the same): making them through
 * the API would run into the password lock first.
 */
async function wrongPasswordsFromTheTestAddress(
  test: TestDatabase,
  count: number,
  latestAgoMs = 0,
) {
  const guessed = await userIdOf(test, GUESSED);
  const latest = Date.now() - latestAgoMs;
  await test.handle.db.insert(auditEvents).values(
    Array.from({ length: count }, (_, index) => ({
      type: 'signin.failed',
      userId: guessed,
      ip: TEST_ADDRESS,
      details: { uid: GUESSED, reason: 'wrong_password' },
      createdAt: new Date(latest - index * 10),
    })),
  );
}

async function submitIdentifier(origin: string, identifier: string, withProfile = true) {
  const driver = new SignInDriver(origin);
  await driver.authorize();
  const started = performance.now();
  const answer = await driver.post(
    'submitIdentifier',
    withProfile ? { identifier, riskPayload: PERSON_RISK_PAYLOAD } : { identifier },
  );
  // Each answer names its own flow; everything else must be the same.
  const body: Record<string, unknown> = { ...answer.body };
  delete body.id;
  return { status: answer.status, body, ms: performance.now() - started };
}

// One database (API_DATABASES): identical answers under an address block, one request at a time.
describe.each(API_DATABASES)('username listing under an address block on %s', (kind) => {
  describe('at the per-address ceiling', () => {
    let test: TestDatabase;
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      test = await createTestDatabase(kind, { seeded: true });
      ({ server, origin } = await startSignInServer(test));
      await wrongPasswordsFromTheTestAddress(test, DEFAULT_RISK_POLICY.ipFailureThreshold);
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    it('answers a known and an unknown username identically: status, body and timing', async () => {
      const known: Awaited<ReturnType<typeof submitIdentifier>>[] = [];
      const unknown: Awaited<ReturnType<typeof submitIdentifier>>[] = [];
      for (let round = 0; round < 7; round += 1) {
        known.push(await submitIdentifier(origin, KNOWN));
        unknown.push(await submitIdentifier(origin, UNKNOWN));
      }
      expect(known[0]?.status).toBe(403);
      expect(known[0]?.body).toMatchObject({ code: 'risk_denied', status: 'FAILED' });
      for (const answer of [...known, ...unknown]) {
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: known[0]?.status,
          body: known[0]?.body,
        });
      }
      // The same work on both paths, so the same timing class: the fastest answer of each kind
      // (the least disturbed by other work on the machine) is within noise of the other's.
      const fastest = (answers: { ms: number }[]) => Math.min(...answers.map((a) => a.ms));
      const [knownMs, unknownMs] = [fastest(known), fastest(unknown)];
      expect(
        Math.abs(knownMs - unknownMs),
        `fastest known ${knownMs.toFixed(1)} ms, unknown ${unknownMs.toFixed(1)} ms`,
      ).toBeLessThan(Math.max(30, 0.5 * Math.max(knownMs, unknownMs)));
    });

    it('answers identically without a device profile too, and at the risk evaluation', async () => {
      const [known, unknown] = [
        await submitIdentifier(origin, KNOWN, false),
        await submitIdentifier(origin, UNKNOWN, false),
      ];
      expect(known.status).toBe(403);
      expect(unknown).toMatchObject({ status: known.status, body: known.body });

      const evaluate = (username: string) =>
        fetch(new URL(RISK_API_PATH, origin), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, riskPayload: PERSON_RISK_PAYLOAD }),
        });
      const [knownRisk, unknownRisk] = [await evaluate(KNOWN), await evaluate(UNKNOWN)];
      expect(knownRisk.status).toBe(200);
      expect(unknownRisk.status).toBe(200);
      const knownBody: unknown = await knownRisk.json();
      expect(knownBody).toMatchObject({ result: { level: 'HIGH' } });
      expect(await unknownRisk.json()).toEqual(knownBody);
    });
  });

  describe('below the ceiling', () => {
    let test: TestDatabase;
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      test = await createTestDatabase(kind, { seeded: true });
      ({ server, origin } = await startSignInServer(test));
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    it('delays another user behind the address for a short, growing while, then lets them in, until the ceiling', async () => {
      // Others' guesses from this address (45 failures): each sign-in from it waits 2 s.
      const failures = DEFAULT_RISK_POLICY.ipDelayThreshold + 25;
      const delay = addressDelayMs(failures, DEFAULT_RISK_POLICY);
      expect(delay).toBe(2000);
      await wrongPasswordsFromTheTestAddress(test, failures);

      const [known, unknown] = [
        await submitIdentifier(origin, KNOWN),
        await submitIdentifier(origin, UNKNOWN),
      ];
      expect(known).toMatchObject({ status: 403, body: { code: 'risk_denied' } });
      expect(known.body).toMatchObject({
        message: `Access Denied: ${DEFAULT_RISK_POLICY.recommendedActions.addressDelay}`,
      });
      expect(unknown).toMatchObject({ status: known.status, body: known.body });

      await new Promise((resolve) => setTimeout(resolve, delay + 200));
      const later = await submitIdentifier(origin, KNOWN);
      expect(later.status).toBe(200);
      expect(later.body).toMatchObject({ status: 'USERNAME_PASSWORD_REQUIRED' });

      // At the ceiling the address is blocked for good (for the window), however long it waits.
      await wrongPasswordsFromTheTestAddress(
        test,
        DEFAULT_RISK_POLICY.ipFailureThreshold - failures,
        DEFAULT_RISK_POLICY.ipDelayMaxMs + 1000,
      );
      const blocked = await submitIdentifier(origin, KNOWN);
      expect(blocked).toMatchObject({ status: 403, body: { code: 'risk_denied' } });
      expect(blocked.body).toMatchObject({
        message: `Access Denied: ${DEFAULT_RISK_POLICY.recommendedActions.ipVelocity}`,
      });
    });
  });

  describe('naming unknown usernames', () => {
    const RATE_LIMIT_PER_MINUTE = 100;
    let test: TestDatabase;
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      test = await createTestDatabase(kind, { seeded: true });
      ({ server, origin } = await startSignInServer(test, {
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
      }));
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    it('allows an address a tenth of the sign-in rate, then answers every username 429', async () => {
      const tenth = RATE_LIMIT_PER_MINUTE / 10;
      const driver = new SignInDriver(origin);
      await driver.authorize();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < tenth; attempt += 1) {
        statuses.push(
          (
            await driver.post('submitIdentifier', {
              identifier: `${UNKNOWN}.${attempt}`,
              riskPayload: PERSON_RISK_PAYLOAD,
            })
          ).status,
        );
      }
      expect(statuses).toEqual(Array(tenth).fill(404));

      const over = await driver.post('submitIdentifier', {
        identifier: `${UNKNOWN}.over`,
        riskPayload: PERSON_RISK_PAYLOAD,
      });
      expect(over.status).toBe(429);
      const known = await driver.post('submitIdentifier', {
        identifier: KNOWN,
        riskPayload: PERSON_RISK_PAYLOAD,
      });
      expect(known).toEqual(over);
      expect(over.body.message).toBe(DEFAULT_RISK_POLICY.recommendedActions.unknownUsernameRate);
    });
  });
});
