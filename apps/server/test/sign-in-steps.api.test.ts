import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_CLIENTS, messages } from '@anybank/contracts';
import { users } from '../src/db/schema';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';

// One database (API_DATABASES): flow steps over HTTP, one request at a time; the password lock's store is tested on both.
describe.each(API_DATABASES)('sign-in steps on %s', (kind) => {
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

  async function identified(username: string) {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    const answer = await driver.post('submitIdentifier', {
      identifier: username,
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    return { driver, answer };
  }

  it('gives john.smith (Device preference) no password step: his one code device is chosen for him', async () => {
    const { answer } = await identified('John.Smith');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'OTP_REQUIRED',
      selectedDevice: { type: 'Email', target: 'j********h@example.com' },
    });
  });

  it('answers an unknown username with FAILED from the identifier adapter, then starts over', async () => {
    const { driver, answer } = await identified('nobody.here');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      status: 'FAILED',
      code: 'INVALID_USERNAME',
      adapter: 'IDFirst',
      message: messages.login.invalidUsername,
    });
    expect((await driver.read()).body.status).toBe('IDENTIFIER_REQUIRED');
  });

  it('refuses a customer on a partner portal', async () => {
    const driver = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    await driver.authorize();
    const answer = await driver.post('submitIdentifier', {
      identifier: 'jane.doe',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ status: 'FAILED', code: 'wrong_user_type' });
  });

  it('denies an automated-looking browser at the identifier step', async () => {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    const answer = await driver.post('submitIdentifier', {
      identifier: 'jane.doe',
      riskPayload: { ...PERSON_RISK_PAYLOAD, webdriver: true },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('risk_denied');
    expect(answer.body.message).toMatch(/^Access Denied: /);
    expect(
      (
        await driver.post('checkUsernamePassword', {
          username: 'jane.doe',
          password: 'Welcome2Bank!',
        })
      ).status,
    ).toBe(409);
  });

  it('asks for the device profile when the identifier came without risk signals', async () => {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', { identifier: 'jane.doe' });
    const profile = await driver.post('checkUsernamePassword', {
      username: 'jane.doe',
      password: 'Welcome2Bank!',
    });
    expect(profile.body.status).toBe('DEVICE_PROFILE_REQUIRED');
    const sms = profile.body.devices?.find((device) => device.type === 'SMS');
    const selected = await driver.post(
      { action: 'selectDevice' },
      { deviceRef: { id: sms?.id }, signalsSdkDeviceProfile: PERSON_RISK_PAYLOAD },
    );
    expect(selected.body).toMatchObject({
      status: 'OTP_REQUIRED',
      selectedDevice: { type: 'SMS' },
    });
    expect(await driver.latestCode('+15551234567')).toMatch(/^\d{6}$/);
  });

  it('locks a username for a minute after 5 wrong passwords, even for the right one', async () => {
    const { driver } = await identified('michael.brown');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (
          await driver.post('checkUsernamePassword', {
            username: 'michael.brown',
            password: 'Wrong-Passw0rd!',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const right = await driver.post('checkUsernamePassword', {
      username: 'michael.brown',
      password: 'Welcome2Bank!',
    });
    expect(right.status).toBe(423);
    expect(right.body).toMatchObject({ code: 'account_locked', message: messages.login.lockedOut });
  });

  it('answers otp_attempts_limit after 5 wrong codes, and then refuses even the right one', async () => {
    const { driver } = await identified('john.smith');
    const right = await driver.latestCode('john.smith@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const codes: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      codes.push((await driver.post({ action: 'checkOtp' }, { otp: wrong })).body.code);
    }
    expect(codes).toEqual([
      'wrong_otp',
      'wrong_otp',
      'wrong_otp',
      'wrong_otp',
      'otp_attempts_limit',
    ]);
    const after = await driver.post({ action: 'checkOtp' }, { otp: right });
    expect(after.body).toMatchObject({
      status: 'OTP_REQUIRED',
      code: 'otp_attempts_limit',
      message: messages.login.otpAttemptsLimit,
    });
  });

  it('refuses an expired code', async () => {
    const { driver } = await identified('john.smith');
    const code = await driver.latestCode('john.smith@example.com');
    await test.handle.db.execute(
      sql`update one_time_codes set expires_at = now() - interval '1 second'`,
    );
    const answer = await driver.post({ action: 'checkOtp' }, { otp: code });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'OTP_REQUIRED', code: 'otp_expired' });
  });

  it('refuses a malformed code with the §5 message and counts nothing', async () => {
    const { driver } = await identified('john.smith');
    const answer = await driver.post({ action: 'checkOtp' }, { otp: '12a456' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.validation.codeSixDigits);
  });

  it('uses a flow once: after RESUME it accepts nothing more', async () => {
    const { driver } = await identified('john.smith');
    await driver.post(
      { action: 'checkOtp' },
      { otp: await driver.latestCode('john.smith@example.com') },
    );
    const resumed = await driver.post({ action: 'continueAuthentication' });
    expect(resumed.body.resumeUrl).toMatch(
      new RegExp(`/as/authorization.oauth2/${driver.flowId}$`),
    );
    await driver.resume(resumed.body.resumeUrl ?? '');
    expect((await driver.post({ action: 'continueAuthentication' })).status).toBe(403);
  });

  it('honours the demo high-risk override once at the risk evaluation', async () => {
    await test.handle.db
      .update(users)
      .set({ highRiskNextSignIn: true })
      .where(eq(users.uid, 'emily.chen'));
    const driver = new SignInDriver(origin);
    const evaluate = () =>
      driver.browser.fetch('/api/riskEvaluation', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'emily.chen', riskPayload: PERSON_RISK_PAYLOAD }),
      });
    expect(((await (await evaluate()).json()) as { result: { level: string } }).result.level).toBe(
      'HIGH',
    );
    expect(((await (await evaluate()).json()) as { result: { level: string } }).result.level).toBe(
      'LOW',
    );
  });

  it('sets the rememberMe cookie when asked, and clears it when not', async () => {
    const { driver } = await identified('jane.doe');
    await driver.post('checkUsernamePassword', {
      username: 'jane.doe',
      password: 'Welcome2Bank!',
      rememberMyUsername: true,
    });
    expect(driver.browser.cookie('rememberMe')).toBe('jane.doe');
    const again = new SignInDriver(origin, undefined, driver.browser);
    await again.authorize();
    await again.post('submitIdentifier', {
      identifier: 'jane.doe',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    await again.post('checkUsernamePassword', {
      username: 'jane.doe',
      password: 'Welcome2Bank!',
      rememberMyUsername: false,
    });
    expect(driver.browser.cookie('rememberMe')).toBeUndefined();
  });
});
