import { and, eq, gt, isNotNull, max } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RECOVERY_CODES_API_PATH,
  RECOVERY_CODE_MAX_ATTEMPTS,
  STEP_UP_REQUIRED,
  newRecoveryCodesSchema,
  outboxResponseSchema,
  recoveryCodesStatusSchema,
  apiErrorMessages,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import { auditEvents, recoveryCodeFailures, recoveryCodes, users } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { freePort } from './browser-session';
import { PERSON_RISK_PAYLOAD, SignInDriver, stepUp } from './sign-in-driver';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';
import { testConfig } from './test-config';

/**
 * Recovery codes. Jane makes ten on Sign In & Password (after a recent sign-in),
 * signs in with one instead of her e-mailed code, and cannot use it twice — not even with two
 * sign-ins at the same moment (on PostgreSQL, where they really run at once).
 */

const JANE = { username: 'jane.doe', email: 'jane.doe@example.com' };
const EMILY = { username: 'emily.chen', email: 'emily.chen@example.com' };
const SIX_MINUTES = 6 * 60 * 1000;

describe.each(API_DATABASES)('recovery codes on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let clockOffset = 0;
  let janeId: string;
  /** The last audit event before this test: each test counts its own. */
  let auditedBefore = 0;

  async function signIn(who: typeof JANE) {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail(who.username, who.email);
    const response = await driver.token(landing.searchParams.get('code') ?? '');
    return ((await response.json()) as { access_token: string }).access_token;
  }

  function codesApi(token: string, method: 'GET' | 'POST' = 'GET') {
    return fetch(new URL(RECOVERY_CODES_API_PATH, origin), {
      method,
      headers: { authorization: `Bearer ${token}`, 'user-agent': PERSON_RISK_PAYLOAD.userAgent },
    });
  }

  /** A new set: each needs a step-up of its own (a new way to sign in), then the call. */
  async function newCodes(token: string): Promise<string[]> {
    await stepUp(origin, token);
    const response = await codesApi(token, 'POST');
    expect(response.status).toBe(200);
    return newRecoveryCodesSchema.parse(await response.json()).codes;
  }

  /** Jane's sign-in up to the device choice (password done). */
  async function atDeviceChoice(who = JANE) {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.read();
    await driver.post('submitIdentifier', {
      identifier: who.username,
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const choice = await driver.post('checkUsernamePassword', {
      username: who.username,
      password: 'Welcome2Bank!',
    });
    return { driver, choice: choice.body };
  }

  /** Up to the recovery code's entry. */
  async function atCodeEntry() {
    const { driver } = await atDeviceChoice();
    const asked = await driver.post({ action: 'useRecoveryCode' });
    expect(asked).toMatchObject({
      status: 200,
      body: { status: 'SIGN_IN_RECOVERY_CODE_REQUIRED' },
    });
    // The modal draws the server's prompt (ADR 0026): the field the step's body names.
    expect(asked.body.challengePrompt).toMatchObject({ method: 'recovery-code', linking: null });
    expect(asked.body.challengePrompt?.nodes).toContainEqual(
      expect.objectContaining({ type: 'input', name: 'recoveryCode' }),
    );
    return driver;
  }

  const typeCode = (driver: SignInDriver, recoveryCode: string) =>
    driver.post({ action: 'checkRecoveryCode' }, { recoveryCode });

  const auditOf = (
    type: 'recovery_code.used' | 'recovery_code.failed' | 'recovery_codes.generated',
  ) =>
    test.handle.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, type),
          eq(auditEvents.userId, janeId),
          gt(auditEvents.id, auditedBefore),
        ),
      );

  async function outboxTo(address: string) {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(address)}&limit=50`, origin),
    );
    return outboxResponseSchema.parse(await response.json()).messages;
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    await seedDemoData(test.handle.db);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    server = await buildServer({
      config: testConfig({
        PORT: String(port),
        PUBLIC_URL: origin,
        RATE_LIMIT_PER_MINUTE: '1000000',
      }),
      database: test.handle,
      webDistDir: '/nonexistent',
      clock: () => new Date(Date.now() + clockOffset),
    });
    await server.app.listen({ port, host: '127.0.0.1' });
    const [jane] = await test.handle.db.select().from(users).where(eq(users.uid, JANE.username));
    janeId = jane!.id;
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });
  beforeEach(async () => {
    clockOffset = 0;
    await test.handle.db.delete(recoveryCodes);
    await test.handle.db.delete(recoveryCodeFailures);
    const [last] = await test.handle.db.select({ id: max(auditEvents.id) }).from(auditEvents);
    auditedBefore = Number(last?.id ?? 0);
  });

  it('gives jane ten codes once she confirms it is her, stores only salted hashes of them, and tells her by e-mail', async () => {
    const token = await signIn(JANE);
    const codes = await newCodes(token);
    expect(codes).toHaveLength(10);
    const stored = await test.handle.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, janeId));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false);
    }
    expect(new Set(stored.map((row) => row.salt)).size).toBe(10);
    const status = recoveryCodesStatusSchema.parse(await (await codesApi(token)).json());
    expect(status.remaining).toBe(10);
    expect(await auditOf('recovery_codes.generated')).toHaveLength(1);
    expect((await outboxTo(JANE.email)).map((message) => message.subject)).toContain(
      'New AnyBank recovery codes were made',
    );
  });

  it('refuses to make codes when the sign-in is older than 5 minutes, making none', async () => {
    const token = await signIn(JANE);
    clockOffset = SIX_MINUTES;
    const response = await codesApi(token, 'POST');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: STEP_UP_REQUIRED });
    expect(await test.handle.db.select().from(recoveryCodes)).toEqual([]);
  });

  it('signs jane in with a code instead of her e-mailed one, tells her 9 are left, audits it and e-mails her', async () => {
    const codes = await newCodes(await signIn(JANE));
    const { driver, choice } = await atDeviceChoice();
    expect(choice).toMatchObject({
      status: 'DEVICE_SELECTION_REQUIRED',
      recoveryCodeOffered: true,
    });
    expect(choice.devices?.map((device) => device.type)).toEqual(['Email', 'SMS']);
    await driver.post({ action: 'useRecoveryCode' });
    // Typed in lower case with a space: still the same code.
    const typed = codes[3]!.toLowerCase().replace('-', ' ');
    const done = await typeCode(driver, typed);
    expect(done).toMatchObject({
      status: 200,
      body: { status: 'MFA_COMPLETED', recoveryCodesLeft: 9 },
    });
    const landing = await driver.resume(await driver.continueToResume());
    expect(landing.searchParams.get('code')).toBeTruthy();
    expect(await auditOf('recovery_code.used')).toMatchObject([{ details: { left: 9 } }]);
    const notice = (await outboxTo(JANE.email)).find(
      (message) => message.subject === 'A recovery code was used to sign in to AnyBank',
    );
    expect(notice?.body).toContain('You have 9 recovery codes left.');
  });

  it('refuses the same code the second time', async () => {
    const codes = await newCodes(await signIn(JANE));
    expect(await typeCode(await atCodeEntry(), codes[0]!)).toMatchObject({
      body: { status: 'MFA_COMPLETED', recoveryCodesLeft: 9 },
    });
    const again = await typeCode(await atCodeEntry(), codes[0]!);
    expect(again).toMatchObject({
      status: 400,
      body: {
        status: 'SIGN_IN_RECOVERY_CODE_REQUIRED',
        code: 'wrong_recovery_code',
      },
    });
  });

  it('lets only one of two sign-ins typing the same code at the same moment through', async () => {
    const codes = await newCodes(await signIn(JANE));
    const [first, second] = await Promise.all([atCodeEntry(), atCodeEntry()]);
    const answers = await Promise.all([typeCode(first, codes[5]!), typeCode(second, codes[5]!)]);
    const statuses = answers.map((answer) => answer.body.status).sort();
    expect(statuses).toEqual(['MFA_COMPLETED', 'SIGN_IN_RECOVERY_CODE_REQUIRED']);
    const burned = await test.handle.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, janeId), isNotNull(recoveryCodes.usedAt)));
    expect(burned).toHaveLength(1);
    expect(await auditOf('recovery_code.used')).toHaveLength(1);
  });

  it('counts wrong codes across sign-ins and, at the limit, refuses even a right code', async () => {
    const codes = await newCodes(await signIn(JANE));
    // Two sign-ins share the count: starting again does not reset it.
    const sessions = [await atCodeEntry(), await atCodeEntry()];
    for (let left = RECOVERY_CODE_MAX_ATTEMPTS - 1; left > 0; left -= 1) {
      const wrong = await typeCode(sessions[left % 2]!, 'AAAAA-AAAAA');
      expect(wrong).toMatchObject({
        status: 400,
        body: { code: 'wrong_recovery_code', attemptsLeft: left },
      });
    }
    const limit = await typeCode(sessions[0]!, 'AAAAA-AAAAA');
    expect(limit).toMatchObject({ status: 400, body: { code: 'recovery_code_attempts_limit' } });
    const right = await typeCode(sessions[1]!, codes[1]!);
    expect(right).toMatchObject({ status: 400, body: { code: 'recovery_code_attempts_limit' } });
    expect(await auditOf('recovery_code.failed')).toHaveLength(RECOVERY_CODE_MAX_ATTEMPTS + 1);
    // The lock ends after 15 minutes; the code was never burned.
    clockOffset = 16 * 60 * 1000;
    expect(await typeCode(sessions[1]!, codes[1]!)).toMatchObject({
      body: { status: 'MFA_COMPLETED', recoveryCodesLeft: 9 },
    });
  });

  it('refuses a code that cannot be one without counting it as an attempt', async () => {
    await newCodes(await signIn(JANE));
    const answer = await typeCode(await atCodeEntry(), 'not a code');
    expect(answer).toMatchObject({
      status: 400,
      body: { message: apiErrorMessages.recovery_code_format },
    });
    expect(await auditOf('recovery_code.failed')).toEqual([]);
  });

  it('stops every old code from working when jane makes a new set', async () => {
    const token = await signIn(JANE);
    const old = await newCodes(token);
    const fresh = await newCodes(token);
    expect(await typeCode(await atCodeEntry(), old[0]!)).toMatchObject({ status: 400 });
    expect(await typeCode(await atCodeEntry(), fresh[0]!)).toMatchObject({
      body: { status: 'MFA_COMPLETED', recoveryCodesLeft: 9 },
    });
  });

  it('offers no recovery code to a customer without one, and refuses it when asked anyway', async () => {
    const { driver, choice } = await atDeviceChoice();
    expect(choice.status).toBe('DEVICE_SELECTION_REQUIRED');
    expect(choice.recoveryCodeOffered).toBeUndefined();
    const asked = await driver.post({ action: 'useRecoveryCode' });
    expect(asked).toMatchObject({
      status: 409,
      body: { message: apiErrorMessages.recovery_codes_none },
    });
  });

  it('never lets another customer read or replace jane’s codes: they only see and make their own', async () => {
    const janeCodes = await newCodes(await signIn(JANE));
    const emily = await signIn(EMILY);
    const seen = recoveryCodesStatusSchema.parse(await (await codesApi(emily)).json());
    expect(seen.remaining).toBe(0);
    const emilysCodes = await newCodes(emily);
    expect(emilysCodes).not.toEqual(janeCodes);
    const janes = await test.handle.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, janeId));
    expect(janes).toHaveLength(10);
    // Emily's codes do not sign jane in; jane's own still do.
    expect(await typeCode(await atCodeEntry(), emilysCodes[0]!)).toMatchObject({ status: 400 });
    expect(await typeCode(await atCodeEntry(), janeCodes[0]!)).toMatchObject({
      body: { status: 'MFA_COMPLETED' },
    });
  });

  it('refuses both calls without a customer token', async () => {
    expect((await fetch(new URL(RECOVERY_CODES_API_PATH, origin))).status).toBe(401);
    expect((await fetch(new URL(RECOVERY_CODES_API_PATH, origin), { method: 'POST' })).status).toBe(
      401,
    );
  });
});
