import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_HEADER, outboxResponseSchema } from '@anybank/contracts';
import { auditEvents } from '../src/db/schema';
import { DEFAULT_RISK_POLICY } from '../src/modules/identity/risk/risk.rules';
import { startSignInServer, type Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

const PASSWORD = 'Welcome2Bank!';

/**
 * OWASP ASVS 2.2.1: the phone app's activation checks a password, so the sign-in's guessing
 * rules guard it too. Without them the one-minute lock alone would let a guesser go on at about
 * five passwords a minute. The failed sign-ins the rules count are put in the audit log
 * directly: making them through the API would first run into the one-minute lock, which is a
 * different guard with its own tests.
 */
// One database (API_DATABASES): guessing rules over HTTP, one request at a time.
describe.each(API_DATABASES)('phone-app activation against password guessing on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startSignInServer(test, { RATE_LIMIT_PER_MINUTE: '1000000' }));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  function startActivation(username: string, password = PASSWORD) {
    return fetch(new URL('/api/mobile/activation', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify({ username, password }),
    });
  }

  async function failedSignIns(count: number, fields: { uid: string; ip: string }) {
    for (let index = 0; index < count; index += 1) {
      await test.handle.db.insert(auditEvents).values({
        type: 'signin.failed',
        ip: fields.ip,
        details: { uid: fields.uid, reason: 'wrong_password' },
      });
    }
  }

  async function codesSentTo(address: string): Promise<number> {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(address)}&limit=50`, origin),
    );
    const { messages } = outboxResponseSchema.parse(await response.json());
    return messages.filter((message) => message.code !== null).length;
  }

  it('still activates with one failed sign-in fewer than the limit', async () => {
    await failedSignIns(DEFAULT_RISK_POLICY.usernameFailureThreshold - 1, {
      uid: 'sofia.garcia',
      ip: '127.0.0.1',
    });
    const started = await startActivation('sofia.garcia');
    expect(started.status).toBe(202);
  });

  it('refuses even the right password once the username has the limit of failed sign-ins from this address, and sends no code', async () => {
    // The test's requests come from 127.0.0.1: the failures are recorded against it.
    await failedSignIns(DEFAULT_RISK_POLICY.usernameFailureThreshold, {
      uid: 'david.wilson',
      ip: '127.0.0.1',
    });
    const codesBefore = await codesSentTo('david.wilson@example.com');
    const started = await startActivation('david.wilson');
    expect(started.status).toBe(429);
    expect(await started.json()).toEqual({
      code: 'phone_sign_in_risk',
      message: DEFAULT_RISK_POLICY.recommendedActions.pairVelocity,
    });
    expect(await codesSentTo('david.wilson@example.com')).toBe(codesBefore);
  });

  it('does not refuse the owner for failed sign-ins of the username from another address', async () => {
    await failedSignIns(DEFAULT_RISK_POLICY.usernameFailureThreshold * 4, {
      uid: 'michael.brown',
      ip: '203.0.113.8',
    });
    const started = await startActivation('michael.brown');
    expect(started.status).toBe(202);
  });

  it('refuses every username from an address with the limit of failed sign-ins', async () => {
    // The test's requests come from 127.0.0.1: the failures are recorded against it.
    await failedSignIns(DEFAULT_RISK_POLICY.ipFailureThreshold, {
      uid: 'someone.else',
      ip: '127.0.0.1',
    });
    const started = await startActivation('olivia.martin');
    expect(started.status).toBe(429);
    expect(await started.json()).toEqual({
      code: 'phone_sign_in_risk',
      message: DEFAULT_RISK_POLICY.recommendedActions.ipVelocity,
    });
  });
});
