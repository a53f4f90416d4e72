import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_CLIENTS, messages } from '@anybank/contracts';
import { mfaDevices, users } from '../src/db/schema';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { rfcTotp } from './rfc-totp';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { SoftAuthenticator } from './soft-authenticator';

// One database (API_DATABASES): flow steps over HTTP, one request at a time.
describe.each(API_DATABASES)('second factors, pairing and recovery on %s', (kind) => {
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

  /** A partner with one e-mail device, signed in up to MFA_COMPLETED. */
  async function mfaCompleted(username: string) {
    const driver = new SignInDriver(
      origin,
      PARTNER_CLIENTS.AnyWealthAdvisor.userType === 'AnyWealthAdvisor' && username === 'amy.davis'
        ? PARTNER_CLIENTS.AnyWealthAdvisor
        : undefined,
    );
    await driver.authorize();
    await driver.post('submitIdentifier', {
      identifier: username,
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const afterPassword = await driver.post('checkUsernamePassword', {
      username,
      password: 'Welcome2Bank!',
    });
    if (afterPassword.body.status === 'DEVICE_SELECTION_REQUIRED') {
      const email = afterPassword.body.devices?.find((device) => device.type === 'Email');
      await driver.post({ action: 'selectDevice' }, { deviceRef: { id: email?.id } });
    }
    const done = await driver.post(
      { action: 'checkOtp' },
      { otp: await driver.latestCode(`${username}@example.com`) },
    );
    expect(done.body.status).toBe('MFA_COMPLETED');
    return driver;
  }

  it('offers a user with one method to pair another, and pairs an authenticator app', async () => {
    const driver = await mfaCompleted('amy.davis');
    const offer = await driver.post({ action: 'continueAuthentication' });
    expect(offer.body.status).toBe('DEVICE_PAIRING_METHOD_REQUIRED');
    expect(offer.body.devicePairingMethods?.map((method) => method.deviceType)).toEqual([
      'SMS',
      'Email',
      'Mobile',
      'AuthenticatorApp',
      'FIDO2',
    ]);

    const totp = await driver.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'AuthenticatorApp' } },
    );
    expect(totp.body.status).toBe('TOTP_ACTIVATION_REQUIRED');
    const secret = totp.body.pairingKey ?? '';
    expect(totp.body.keyUri).toContain(`secret=${secret}`);
    expect(
      (
        await driver.post(
          { action: 'activateDevice' },
          { otp: rfcTotp(secret, Date.now() - 120_000) },
        )
      ).body.code,
    ).toBe('pairing_activation_refused');
    const paired = await driver.post(
      { action: 'activateDevice' },
      { otp: rfcTotp(secret, Date.now()) },
    );
    expect(paired.body).toMatchObject({ status: 'MFA_COMPLETED', pairedDevice: { type: 'TOTP' } });
    expect((await driver.post({ action: 'continueAuthentication' })).body.status).toBe('RESUME');

    // Next sign-in: the authenticator app is offered, its code works once, a replay does not.
    const next = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    await next.authorize();
    await next.post('submitIdentifier', {
      identifier: 'amy.davis',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const choice = await next.post('checkUsernamePassword', {
      username: 'amy.davis',
      password: 'Welcome2Bank!',
    });
    const app = choice.body.devices?.find((device) => device.type === 'TOTP');
    const asked = await next.post({ action: 'selectDevice' }, { deviceRef: { id: app?.id } });
    expect(asked.body.status).toBe('OTP_REQUIRED');
    // The modal draws the server's prompt (ADR 0026): a 6-digit code the app shows.
    expect(asked.body.challengePrompt).toMatchObject({ method: 'authenticator-app' });
    expect(asked.body.challengePrompt?.nodes).toContainEqual(
      expect.objectContaining({ type: 'input', name: 'code', pattern: '^[0-9]{6}$' }),
    );
    // The app shows the code: the page says so, and never that one was sent.
    expect(asked.body.challengePrompt?.nodes).toContainEqual({
      type: 'text',
      text: 'Enter the 6-digit code your authenticator app shows.',
    });
    const code = rfcTotp(secret, Date.now() + 30_000);
    expect((await next.post({ action: 'checkOtp' }, { otp: code })).body.status).toBe(
      'MFA_COMPLETED',
    );

    const replay = new SignInDriver(origin, PARTNER_CLIENTS.AnyWealthAdvisor);
    await replay.authorize();
    await replay.post('submitIdentifier', {
      identifier: 'amy.davis',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    await replay.post('checkUsernamePassword', {
      username: 'amy.davis',
      password: 'Welcome2Bank!',
    });
    await replay.post({ action: 'selectDevice' }, { deviceRef: { id: app?.id } });
    expect((await replay.post({ action: 'checkOtp' }, { otp: code })).body.code).toBe('wrong_otp');
  });

  it('pairs an e-mail address with the code sent there, refusing a duplicate and a wrong code', async () => {
    const driver = await mfaCompleted('sam.rivera');
    await driver.post({ action: 'continueAuthentication' });
    await driver.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'Email' } },
    );
    const duplicate = await driver.post(
      { action: 'submitPairingTarget' },
      { email: 'Sam.Rivera@example.com' },
    );
    expect(duplicate.body).toMatchObject({
      status: 'EMAIL_PAIRING_TARGET_REQUIRED',
      code: 'pairing_target_refused',
      message: messages.login.duplicateDevice,
    });
    const sent = await driver.post(
      { action: 'submitPairingTarget' },
      { email: 'sam.home@example.com' },
    );
    expect(sent.body.status).toBe('EMAIL_ACTIVATION_REQUIRED');
    const code = await driver.latestCode('sam.home@example.com');
    const wrong = await driver.post(
      { action: 'activateDevice' },
      { otp: code === '000000' ? '111111' : '000000' },
    );
    expect(wrong.body).toMatchObject({
      status: 'EMAIL_ACTIVATION_REQUIRED',
      code: 'pairing_activation_refused',
    });
    const paired = await driver.post({ action: 'activateDevice' }, { otp: code });
    expect(paired.body.pairedDevice).toMatchObject({
      type: 'Email',
      target: 's******e@example.com',
    });
  });

  it('answers pairing_device_limit at five devices', async () => {
    const driver = await mfaCompleted('maria.lopez');
    await driver.post({ action: 'continueAuthentication' });
    const [maria] = await test.handle.db.select().from(users).where(eq(users.uid, 'maria.lopez'));
    await test.handle.db.insert(mfaDevices).values(
      ['+15550000001', '+15550000002', '+15550000003', '+15550000004'].map((target) => ({
        userId: maria!.id,
        type: 'SMS',
        name: 'SMS',
        target,
      })),
    );
    const limit = await driver.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'SMS' } },
    );
    expect(limit.body).toMatchObject({
      status: 'DEVICE_PAIRING_METHOD_REQUIRED',
      code: 'pairing_device_limit',
    });
    expect((await driver.post({ action: 'cancelDevicePairing' })).body.status).toBe('RESUME');
  });

  it('registers a FIDO2 authenticator and signs in with it; the same one twice is refused', async () => {
    await test.handle.db
      .delete(mfaDevices)
      .where(
        sql`${mfaDevices.userId} = (select id from users where uid = 'ava.thomas') and ${mfaDevices.type} = 'SMS'`,
      );
    const key = new SoftAuthenticator(origin);
    const driver = await mfaCompleted('ava.thomas');
    await driver.post({ action: 'continueAuthentication' });
    const creation = await driver.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'FIDO2' } },
    );
    const options = creation.body.publicKeyCredentialCreationOptions as {
      challenge: string;
      rp: { id: string };
    };
    expect(options.rp.id).toBe('localhost');
    const wrongOrigin = await driver.post(
      { action: 'activateDevice' },
      { attestation: key.register(options, 'https://evil.example'), origin },
    );
    expect(wrongOrigin.body.message).toBe(messages.login.fidoRegistrationError);
    const paired = await driver.post(
      { action: 'activateDevice' },
      { attestation: key.register(options), origin },
    );
    expect(paired.body.pairedDevice?.type).toBe('SECURITY_KEY');

    const signIn = new SignInDriver(origin);
    await signIn.authorize();
    await signIn.post('submitIdentifier', {
      identifier: 'ava.thomas',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const choice = await signIn.post('checkUsernamePassword', {
      username: 'ava.thomas',
      password: 'Welcome2Bank!',
    });
    const fido = choice.body.devices?.find((device) => device.type === 'SECURITY_KEY');
    const asked = await signIn.post({ action: 'selectDevice' }, { deviceRef: { id: fido?.id } });
    expect(asked.body.status).toBe('ASSERTION_REQUIRED');
    const request = asked.body.publicKeyCredentialRequestOptions as {
      challenge: string;
      rpId: string;
    };
    const badChallenge = await signIn.post(
      { action: 'checkAssertion' },
      { assertion: key.assert({ ...request, challenge: 'AAAA' }), origin },
    );
    expect(badChallenge.body.message).toBe(messages.login.fidoAuthenticationNotProvided);
    const badOrigin = await signIn.post(
      { action: 'checkAssertion' },
      { assertion: key.assert(request, 'https://evil.example'), origin },
    );
    expect(badOrigin.body.status).toBe('ASSERTION_REQUIRED');
    const ok = await signIn.post(
      { action: 'checkAssertion' },
      { assertion: key.assert(request), origin },
    );
    expect(ok.body.status).toBe('MFA_COMPLETED');

    // The same authenticator for another person: refused, whoever holds it.
    const other = await mfaCompleted('david.wilson');
    await other.post({ action: 'continueAuthentication' });
    const creation2 = await other.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'FIDO2' } },
    );
    const options2 = creation2.body.publicKeyCredentialCreationOptions as {
      challenge: string;
      rp: { id: string };
    };
    const duplicate = await other.post(
      { action: 'activateDevice' },
      { attestation: key.register(options2), origin },
    );
    expect(duplicate.body).toMatchObject({
      status: 'FIDO2_ACTIVATION_REQUIRED',
      message: messages.login.fidoAlreadyRegistered,
    });
  });

  it('recovers a forgotten password with the code from the e-mail; a wrong code fails the flow', async () => {
    const wrong = new SignInDriver(origin);
    await wrong.authorize();
    expect((await wrong.post({ action: 'initiateAccountRecovery' })).body.status).toBe(
      'ACCOUNT_RECOVERY_USERNAME_REQUIRED',
    );
    expect(
      (await wrong.post({ action: 'submitRecoveryUsername' }, { username: 'liam.anderson' })).body
        .status,
    ).toBe('RECOVERY_CODE_REQUIRED');
    const failed = await wrong.post(
      { action: 'recoverAccount' },
      { recoveryCode: 'ZZZZZZZZ', newPassword: 'New.Passw0rd!2026' },
    );
    expect(failed.body).toMatchObject({
      status: 'FAILED',
      code: 'recovery_failed',
      message: messages.login.recoveryFailed,
    });

    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post({ action: 'initiateAccountRecovery' });
    await driver.post({ action: 'submitRecoveryUsername' }, { username: 'liam.anderson' });
    const code = await driver.latestCode('liam.anderson@example.com');
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const weak = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode: code, newPassword: 'short' },
    );
    expect(weak.body).toMatchObject({
      status: 'RECOVERY_CODE_REQUIRED',
      code: 'password_policy',
      message: messages.login.passwordPolicy,
    });
    const reset = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode: code, newPassword: 'New.Passw0rd!2026' },
    );
    expect(reset.body.status).toBe('SUCCESSFUL_PASSWORD_RESET');
    expect((await driver.post({ action: 'continueAuthentication' })).body.status).toBe(
      'IDENTIFIER_REQUIRED',
    );

    await driver.post('submitIdentifier', {
      identifier: 'liam.anderson',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    expect(
      (
        await driver.post('checkUsernamePassword', {
          username: 'liam.anderson',
          password: 'Welcome2Bank!',
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await driver.post('checkUsernamePassword', {
          username: 'liam.anderson',
          password: 'New.Passw0rd!2026',
        })
      ).status,
    ).toBe(200);
  });

  it('asks for a new password when it must change, then goes on to the second factor', async () => {
    await test.handle.db
      .update(users)
      .set({ passwordMustChange: true })
      .where(eq(users.uid, 'mia.jackson'));
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', {
      identifier: 'mia.jackson',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    expect(
      (
        await driver.post('checkUsernamePassword', {
          username: 'mia.jackson',
          password: 'Welcome2Bank!',
        })
      ).body.status,
    ).toBe('PASSWORD_RESET_REQUIRED');
    expect(
      (await driver.post({ action: 'resetPassword' }, { newPassword: 'weak' })).body.code,
    ).toBe('password_policy');
    const next = await driver.post(
      { action: 'resetPassword' },
      { newPassword: 'Changed.Passw0rd!1' },
    );
    expect(next.body.status).toBe('OTP_REQUIRED');
    const [mia] = await test.handle.db.select().from(users).where(eq(users.uid, 'mia.jackson'));
    expect(mia?.passwordMustChange).toBe(false);
  });
});
