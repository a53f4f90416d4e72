import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STEP_UP_PATH,
  XSRF_HEADER,
  flowResponseSchema,
  type FlowResponse,
} from '@anybank/contracts';
import { auditEvents, mfaDevices, users } from '../../../src/db/schema';
import { customerToken, startBankingServer, userIdOf } from '../../banking-server';
import { PERSON_RISK_PAYLOAD, SignInDriver, type Server } from '../../sign-in-driver';
import { API_DATABASES, createTestDatabase, type TestDatabase } from '../../test-database';
import {
  HARDWARE_TOKEN,
  hardwareToken,
  tokenChallengeOf,
  tokenCode,
} from './hardware-token.method';

const UID = 'jane.doe';
const SEED = randomBytes(20).toString('hex');

/** The code the token shows for the challenge a flow response's prompt names. */
function codeFor(flow: Partial<FlowResponse>, seed = SEED): string {
  const prompt = flow.challengePrompt;
  const shown = prompt?.nodes.find((node) => node.type === 'text' && /Type \d{8}/.test(node.text));
  const tokenChallenge = shown?.type === 'text' ? (/\d{8}/.exec(shown.text)?.[0] ?? '') : '';
  return tokenCode(seed, tokenChallenge, prompt?.linking ?? null);
}

/**
 * A way of proving it is you that the bank does not ship, added by a test from this folder
 * alone (ADR 0026): it signs in, steps up and approves money through the one engine.
 */
// One database (API_DATABASES): the flow over HTTP, one request at a time.
describe.each(API_DATABASES)('a hardware token registered by a test, on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let userId: string;
  let tokenId: string;
  const token = hardwareToken();

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test, { challengeMethods: [token.factory] }));
    userId = await userIdOf(test, UID);
    const [row] = await test.handle.db
      .insert(mfaDevices)
      .values({
        userId,
        type: HARDWARE_TOKEN,
        name: 'Hardware token',
        secretEncrypted: token.seal(SEED),
      })
      .returning();
    tokenId = row?.id ?? '';
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function challengeEvents(purpose: string) {
    return test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'challenge.answered'), eq(auditEvents.userId, userId)))
      .then((rows) =>
        rows.filter((row) => (row.details as { purpose?: string }).purpose === purpose),
      );
  }

  it('signs in with the code the token shows, after refusing a wrong one', async () => {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.read();
    await driver.post('submitIdentifier', { identifier: UID, riskPayload: PERSON_RISK_PAYLOAD });
    const choose = await driver.post('checkUsernamePassword', {
      username: UID,
      password: 'Welcome2Bank!',
    });
    expect(choose.body.status).toBe('DEVICE_SELECTION_REQUIRED');
    expect(choose.body.devices).toContainEqual(
      expect.objectContaining({ id: tokenId, type: HARDWARE_TOKEN }),
    );
    const asked = await driver.post({ action: 'selectDevice' }, { deviceRef: { id: tokenId } });
    expect(asked.body).toMatchObject({
      status: 'OTP_REQUIRED',
      challengePrompt: { method: 'hardware-token', linking: null },
    });
    const right = codeFor(asked.body);
    const wrong = right === '000000' ? '000001' : '000000';
    const refused = await driver.post({ action: 'checkOtp' }, { otp: wrong });
    expect(refused.body).toMatchObject({ status: 'OTP_REQUIRED', code: 'wrong_otp' });
    const done = await driver.post({ action: 'checkOtp' }, { otp: right });
    expect(done.body.status).toBe('MFA_COMPLETED');
    expect(await challengeEvents('sign-in')).toHaveLength(1);
  });

  it('steps up with it', async () => {
    const accessToken = await customerToken(origin, UID);
    // A customer who signs in with a device steps up with one (a password user with the password).
    await test.handle.db
      .update(users)
      .set({ authnPreference: 'Device' })
      .where(eq(users.id, userId));
    const driver = new SignInDriver(origin);
    const headers = { [XSRF_HEADER]: '1', authorization: `Bearer ${accessToken}` };
    const started = await driver.browser.fetch(STEP_UP_PATH, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ riskPayload: PERSON_RISK_PAYLOAD }),
    });
    const flow = flowResponseSchema.parse(await started.json());
    driver.flowId = flow.id;
    expect(flow.status).toBe('DEVICE_SELECTION_REQUIRED');
    expect(flow.devices).toContainEqual(expect.objectContaining({ id: tokenId }));
    const asked = await driver.post(
      { action: 'selectDevice' },
      { deviceRef: { id: tokenId } },
      headers,
    );
    expect(asked.body.challengePrompt?.method).toBe('hardware-token');
    const done = await driver.post({ action: 'checkOtp' }, { otp: codeFor(asked.body) }, headers);
    expect(done.body.status).toBe('RESUME');
    expect(await challengeEvents('step-up')).toHaveLength(1);
  });

  it('approves a transfer only with the code computed over its amount and payee', async () => {
    const challenges = server.services.challenges;
    const context = { amountCents: 150_000, fromAccountId: 'acct-0001', toAccountId: 'acct-9876' };
    const started = await challenges.start({
      subjectId: userId,
      purpose: 'transfer-approval',
      reference: 'transfer-1',
      context,
      deviceId: tokenId,
    });
    expect(started.prompt.linking).toBe(
      '$1,500.00 from account ending 0001 to account ending 9876',
    );
    const tokenChallenge = tokenChallengeOf(started.challengeId);
    // The token asked about $15.00 to the same account: its code does not approve $1,500.00.
    const forOtherAmount = tokenCode(
      SEED,
      tokenChallenge,
      '$15.00 from account ending 0001 to account ending 9876',
    );
    expect(
      await challenges.answer(started.challengeId, { kind: 'code', code: forOtherAmount }),
    ).toMatchObject({
      status: 'wrong',
    });
    const right = tokenCode(SEED, tokenChallenge, started.prompt.linking);
    expect(await challenges.answer(started.challengeId, { kind: 'code', code: right })).toEqual({
      status: 'answered',
    });
  });

  it('approves a payment bound to its payee the same way', async () => {
    const challenges = server.services.challenges;
    const started = await challenges.start({
      subjectId: userId,
      purpose: 'payment-approval',
      reference: 'consent-1',
      context: {
        amountCents: 4_999,
        fromAccountId: 'acct-0001',
        payeeAccountId: 'acct-5555',
        payeeName: 'Retail Shop',
        paymentReference: 'ORDER-17',
      },
      deviceId: tokenId,
    });
    const tokenChallenge = tokenChallengeOf(started.challengeId);
    const otherPayee = tokenCode(
      SEED,
      tokenChallenge,
      '$49.99 from account ending 0001 to Mallory, reference ORDER-17',
    );
    expect(
      await challenges.answer(started.challengeId, { kind: 'code', code: otherPayee }),
    ).toMatchObject({
      status: 'wrong',
    });
    expect(
      await challenges.answer(started.challengeId, {
        kind: 'code',
        code: tokenCode(SEED, tokenChallenge, started.prompt.linking),
      }),
    ).toEqual({ status: 'answered' });
  });
});
