import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FLOW_API_PATH,
  STEP_UP_PATH,
  STEP_UP_REQUIRED,
  XSRF_HEADER,
  messages,
  stepUpRequiredSchema,
  vendorContentType,
  type FlowResponse,
  securityNoticeMessages,
} from '@anybank/contracts';
import type { Server } from '../src/app';
import { auditEvents, contactChanges, stepUps, users } from '../src/db/schema';
import { findUserByUid, listMfaDevicesOf } from '../src/modules/directory/directory.store';
import { startBankingServer } from './banking-server';
import { JANE, answerOf, janeCalls, profileBody, resetJaneContacts } from './jane-contact-changes';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { testConfig } from './test-config';

/**
 * A stolen access token cannot take over the account (docs/security.md, step-up). Sensitive
 * changes need a sign-in or step-up of the last 5 minutes (the server's clock is moved on to age
 * the sign-in), and those that add a way to sign in a step-up made for them
 * (contact-takeover.api.test.ts); a new address is used only once the code sent to it is
 * entered; recovery keeps to the previous address for 24 hours.
 */

const NEW_EMAIL = 'jane.new@example.com';
const SIX_MINUTES = 6 * 60 * 1000;
const BROWSER = PERSON_RISK_PAYLOAD.userAgent;

// One database (API_DATABASES): step-up rules over HTTP on the server's clock, one request at a time.
describe.each(API_DATABASES)('step-up and verified contact changes on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  /** How far the server's clock is ahead of the real one. */
  let clockOffset = 0;
  let driver: SignInDriver;
  let token: string;
  let janeId: string;
  const policyIds = testConfig().policyIds;

  const { policy, outboxTo, signIn } = janeCalls(() => origin);

  /** The step-up as the page's dialog takes it: started with the token, then her password. */
  async function stepUpWithPassword(by: SignInDriver, accessToken: string) {
    const headers = { [XSRF_HEADER]: '1', authorization: `Bearer ${accessToken}` };
    const started = await by.browser.fetch(STEP_UP_PATH, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ riskPayload: PERSON_RISK_PAYLOAD }),
    });
    const flow = (await started.json()) as FlowResponse;
    const checked = await by.browser.fetch(`${FLOW_API_PATH}/${flow.id}`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': vendorContentType('anybank', 'checkUsernamePassword'),
      },
      body: JSON.stringify({ username: flow.username, password: 'Welcome2Bank!' }),
    });
    return { started: { status: started.status, flow }, checked: await checked.json(), headers };
  }

  const jane = async () => (await findUserByUid(test.handle.db, 'jane.doe'))!;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test, {
      clock: () => new Date(Date.now() + clockOffset),
    }));
    janeId = (await jane()).id;
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  beforeEach(async () => {
    clockOffset = 0;
    await resetJaneContacts(test, janeId);
    ({ driver, token } = await signIn());
    // Her sign-in is now more than 5 minutes old.
    clockOffset = SIX_MINUTES;
  });

  it('refuses an e-mail change with a sign-in older than 5 minutes and no step-up, naming the methods and changing nothing', async () => {
    const answer = await policy(policyIds.PROFILE_UPDATE, profileBody(token, NEW_EMAIL));
    expect(answer.status).toBe(401);
    const refusal = stepUpRequiredSchema.parse(answer.body);
    expect(refusal).toEqual({
      code: STEP_UP_REQUIRED,
      message: messages.stepUp.required,
      methods: ['password', 'email_code', 'sms_code'],
      stepUpPath: STEP_UP_PATH,
    });
    expect((await jane()).email).toBe(JANE.email);
    expect(await test.handle.db.select().from(contactChanges)).toEqual([]);
    expect(await outboxTo(NEW_EMAIL)).toEqual([]);
  });

  it('refuses the change right after signing in too: a fresh sign-in is no step-up for a new way in', async () => {
    clockOffset = 0;
    const answer = await policy(policyIds.PROFILE_UPDATE, profileBody(token, NEW_EMAIL));
    expect(answer).toMatchObject({ status: 401, body: { code: STEP_UP_REQUIRED } });
    expect(await outboxTo(NEW_EMAIL)).toEqual([]);
  });

  it('with a step-up sends a code to the new address, which is used only after the code is entered', async () => {
    const stepUp = await stepUpWithPassword(driver, token);
    expect(stepUp.started).toMatchObject({
      status: 201,
      flow: {
        status: 'USERNAME_PASSWORD_REQUIRED',
        username: 'jane.doe',
        // The password asked as a prompt the modal draws (ADR 0026), hidden as typed.
        challengePrompt: {
          method: 'password',
          nodes: expect.arrayContaining([
            expect.objectContaining({
              type: 'input',
              name: 'password',
              autocomplete: 'current-password',
            }),
          ]),
        },
      },
    });
    expect(stepUp.checked).toMatchObject({ status: 'RESUME' });
    const audited = await test.handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'stepup.succeeded'));
    expect(audited.at(-1)).toMatchObject({ userId: janeId, details: { amr: 'pwd' } });

    const saved = await policy(policyIds.PROFILE_UPDATE, profileBody(token, NEW_EMAIL));
    expect(saved).toEqual({
      status: 200,
      body: {
        success: true,
        additionalProperties: {
          code: 'verificationRequired',
          pending: [{ kind: 'email', target: expect.stringMatching(/^j\*+w@example\.com$/) }],
        },
      },
    });
    const [codeMessage] = await outboxTo(NEW_EMAIL);
    expect(codeMessage?.code).toMatch(/^\d{6}$/);

    // Pending: the old address is still the sign-in device and the recovery address.
    expect((await jane()).email).toBe(JANE.email);
    const emailTargets = async () =>
      (await listMfaDevicesOf(test.handle.db, janeId))
        .filter((device) => device.type === 'Email')
        .map((device) => device.target);
    expect(await emailTargets()).toEqual([JANE.email]);

    const confirm = (otp: string) =>
      policy(policyIds.PROFILE_UPDATE, {
        accessToken: token,
        step: 'confirmContact',
        kind: 'email',
        otp,
      });
    const wrongCode = codeMessage?.code === '000000' ? '111111' : '000000';
    expect(await confirm(wrongCode)).toMatchObject({
      status: 400,
      body: { details: [{ field: 'otp', message: messages.profile.contactCodeWrong }] },
    });
    expect((await jane()).email).toBe(JANE.email);

    expect(await confirm(codeMessage?.code ?? '')).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await jane()).email).toBe(NEW_EMAIL);
    // Both devices, for 24 hours: the new one signs in only then, the old one until then.
    expect((await emailTargets()).sort()).toEqual([JANE.email, NEW_EMAIL].sort());
    // Single use: the same code confirms nothing more.
    expect((await confirm(codeMessage?.code ?? '')).status).toBe(409);

    // The old address is told what changed, when, from which browser, and how to get help.
    const notice = (await outboxTo(JANE.email)).find(
      (message) => message.subject === 'Your AnyBank e-mail address was changed',
    );
    expect(notice?.body).toContain(`was changed to ${NEW_EMAIL} on `);
    expect(notice?.body).toMatch(/on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    expect(notice?.body).toContain(BROWSER);
    expect(notice?.body).toContain(securityNoticeMessages.contactChangedHelp);
  });

  it('sends forgot-password’s code to the previous address after a fresh address change', async () => {
    await stepUpWithPassword(driver, token);
    await policy(policyIds.PROFILE_UPDATE, profileBody(token, NEW_EMAIL));
    const [codeMessage] = await outboxTo(NEW_EMAIL);
    await policy(policyIds.PROFILE_UPDATE, {
      accessToken: token,
      step: 'confirmContact',
      kind: 'email',
      otp: codeMessage?.code,
    });
    expect((await jane()).email).toBe(NEW_EMAIL);

    const recovery = new SignInDriver(origin);
    await recovery.authorize();
    await recovery.read();
    await recovery.post({ action: 'initiateAccountRecovery' });
    const submitted = await recovery.post(
      { action: 'submitRecoveryUsername' },
      { username: 'jane.doe' },
    );
    expect(submitted.body.status).toBe('RECOVERY_CODE_REQUIRED');
    const isRecovery = (message: { subject: string | null }) =>
      message.subject === 'Reset your AnyBank password';
    expect((await outboxTo(NEW_EMAIL)).filter(isRecovery)).toEqual([]);
    expect((await outboxTo(JANE.email)).filter(isRecovery)).toHaveLength(1);
  });

  it('refuses a password or sign-in method change, adding or removing a device, wallet pairing and account deletion without a step-up', async () => {
    const refusals = [
      await policy(policyIds.SIGN_IN_METHOD, {
        accessToken: token,
        rawData: { anybankUserAuthnPreferences: 'Password', userPassword: ['Another2Bank!x'] },
      }),
      await policy(policyIds.WALLET_PAIRING, { step: 'start', accessToken: token }),
      await policy(policyIds.DELETE_USER, { accessToken: token, host: 'localhost' }),
      // A blanked mobile removes its SMS device; a new one adds a device.
      await policy(policyIds.PROFILE_UPDATE, profileBody(token, JANE.email, '')),
      await policy(policyIds.PROFILE_UPDATE, profileBody(token, JANE.email, '+447700900123')),
    ];
    const pairing = await driver.browser.fetch(FLOW_API_PATH, {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1', authorization: `Bearer ${token}` },
    });
    refusals.push(await answerOf(pairing));
    for (const refusal of refusals) {
      expect(refusal.status).toBe(401);
      expect(refusal.body.code).toBe(STEP_UP_REQUIRED);
    }
    const after = await jane();
    expect(after.mobile).toBe(JANE.mobile);
    expect(after.authnPreference).toBe('Password');
    expect(await listMfaDevicesOf(test.handle.db, janeId)).toHaveLength(2);

    // After a step-up the same calls go through (the sign-in method, as one of them).
    await stepUpWithPassword(driver, token);
    const demoPasswordHash = after.passwordHash;
    // A new password must be strong; the demo one is put back for the next tests.
    const method = await policy(policyIds.SIGN_IN_METHOD, {
      accessToken: token,
      rawData: { anybankUserAuthnPreferences: 'Password', userPassword: ['Quiet.Maple.Lantern7'] },
    });
    expect(method).toEqual({ status: 200, body: { success: true } });
    await test.handle.db
      .update(users)
      .set({ passwordHash: demoPasswordHash })
      .where(eq(users.id, janeId));
  });

  it('counts a step-up only for the sign-in and browser that made it, and only for 5 minutes', async () => {
    // Another browser's sign-in, with a token of its own grant.
    clockOffset = 0;
    const other = await signIn();
    clockOffset = SIX_MINUTES;
    await stepUpWithPassword(other.driver, other.token);
    const refused = await policy(policyIds.PROFILE_UPDATE, profileBody(token, NEW_EMAIL));
    expect(refused.body.code).toBe(STEP_UP_REQUIRED);

    // A step-up flow cannot be continued from another browser, even with the right token.
    const headers = { [XSRF_HEADER]: '1', authorization: `Bearer ${token}` };
    const started = await driver.browser.fetch(STEP_UP_PATH, { method: 'POST', headers });
    const flow = (await started.json()) as FlowResponse;
    const stranger = new SignInDriver(origin);
    const stolen = await stranger.browser.fetch(`${FLOW_API_PATH}/${flow.id}`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': vendorContentType('anybank', 'checkUsernamePassword'),
      },
      body: JSON.stringify({ username: 'jane.doe', password: 'Welcome2Bank!' }),
    });
    expect(stolen.status).toBe(403);

    await stepUpWithPassword(driver, token);
    expect((await policy(policyIds.PROFILE_UPDATE, profileBody(token, NEW_EMAIL))).status).toBe(
      200,
    );
    clockOffset += SIX_MINUTES;
    expect(
      (await policy(policyIds.PROFILE_UPDATE, profileBody(token, 'jane.third@example.com'))).body
        .code,
    ).toBe(STEP_UP_REQUIRED);
  });

  it('refuses a wrong password in the step-up as at sign-in, recording no step-up', async () => {
    const headers = { [XSRF_HEADER]: '1', authorization: `Bearer ${token}` };
    const started = await driver.browser.fetch(STEP_UP_PATH, { method: 'POST', headers });
    const flow = (await started.json()) as FlowResponse;
    const wrong = await driver.browser.fetch(`${FLOW_API_PATH}/${flow.id}`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': vendorContentType('anybank', 'checkUsernamePassword'),
      },
      body: JSON.stringify({ username: 'jane.doe', password: 'Wrong-password1' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      code: 'wrong_password',
      flow: { status: 'USERNAME_PASSWORD_REQUIRED' },
    });
    expect(await test.handle.db.select().from(stepUps)).toEqual([]);
    // Without a token the step-up does not start at all.
    const anonymous = await driver.browser.fetch(STEP_UP_PATH, {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    expect(anonymous.status).toBe(401);
  });
});
