import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORDLESS_API_PATH,
  messages,
  orchestrationPaths,
  outboxResponseSchema,
  passkeyNamePath,
  securityNoticeMessages,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import type { Config } from '../src/config';
import { auditEvents, mfaDevices, users } from '../src/db/schema';
import { createSecretBox } from '../src/modules/identity/devices/secret-box';
import { totpFor } from '../src/modules/identity/devices/totp.rules';
import { seedDemoData } from '../src/seed/seed';
import { userIdOf } from './banking-server';
import { freePort } from './browser-session';
import { PERSON_RISK_PAYLOAD, SignInDriver, stepUp } from './sign-in-driver';
import { SoftAuthenticator } from './soft-authenticator';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * Through the real server: passkeys named by their model and renamed, when
 * each last signed in; "Sign in without a password" with its step-up and its way back; a
 * replayed authenticator-app code told to its owner; phone numbers read with libphonenumber-js.
 */
const COMPANY = 'anybank-demo';
const PASSWORD = 'Welcome2Bank!';
const YUBIKEY_5 = 'cb69481e-8ff7-4039-93ec-0a2729a154a8';
const SIX_MINUTES = 6 * 60 * 1000;

interface Answer {
  status: number;
  body: Record<string, unknown> & {
    code?: string;
    message?: string;
    details?: { field?: string; message: string }[];
  };
}
interface CreationOptions {
  challenge: string;
  rp: { id: string };
}

describe.each(API_DATABASES)('account security on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  let clockOffset = 0;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    await seedDemoData(test.handle.db);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    config = testConfig({
      PORT: String(port),
      PUBLIC_URL: origin,
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    server = await buildServer({
      config,
      database: test.handle,
      webDistDir: '/nonexistent',
      clock: () => new Date(Date.now() + clockOffset),
    });
    await server.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function call(
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<Answer> {
    const response = await fetch(new URL(path, origin), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
  }

  async function tokenOf(driver: SignInDriver, landing: URL): Promise<string> {
    const response = await driver.token(landing.searchParams.get('code') ?? '');
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** Signs `uid` in with the password and the e-mailed code; answers an access token. */
  async function signIn(uid: string): Promise<string> {
    const driver = new SignInDriver(origin);
    return tokenOf(
      driver,
      await driver.signInWithPasswordAndEmail(uid, `${uid}@example.com`, PASSWORD),
    );
  }

  /** Pairs `key` as `uid`'s passkey through the modal's offer (their SMS device goes first). */
  async function pairKey(uid: string, key: SoftAuthenticator) {
    const userId = await userIdOf(test, uid);
    await test.handle.db
      .delete(mfaDevices)
      .where(and(eq(mfaDevices.userId, userId), eq(mfaDevices.type, 'SMS')));
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', { identifier: uid, riskPayload: PERSON_RISK_PAYLOAD });
    await driver.post('checkUsernamePassword', { username: uid, password: PASSWORD });
    await driver.post(
      { action: 'checkOtp' },
      { otp: await driver.latestCode(`${uid}@example.com`) },
    );
    await driver.post({ action: 'continueAuthentication' });
    const creation = await driver.post(
      { action: 'selectPairingMethod' },
      { devicePairingMethod: { deviceType: 'FIDO2' } },
    );
    const options = creation.body.publicKeyCredentialCreationOptions as CreationOptions;
    const paired = await driver.post(
      { action: 'activateDevice' },
      { attestation: key.register(options), origin },
    );
    expect(paired.body.pairedDevice?.type).toBe('SECURITY_KEY');
  }

  /** Signs `uid` in with the password and the passkey; answers an access token. */
  async function signInWithKey(uid: string, key: SoftAuthenticator): Promise<string> {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', { identifier: uid, riskPayload: PERSON_RISK_PAYLOAD });
    const choice = await driver.post('checkUsernamePassword', {
      username: uid,
      password: PASSWORD,
    });
    const fido = choice.body.devices?.find((device) => device.type === 'SECURITY_KEY');
    const asked = await driver.post({ action: 'selectDevice' }, { deviceRef: { id: fido?.id } });
    const request = asked.body.publicKeyCredentialRequestOptions as { challenge: string };
    const done = await driver.post(
      { action: 'checkAssertion' },
      { assertion: key.assert(request), origin },
    );
    expect(done.body.status).toBe('MFA_COMPLETED');
    return tokenOf(driver, await driver.resume(await driver.continueToResume()));
  }

  async function devicesOf(token: string) {
    const answer = await call('GET', '/api/authn/devices', token);
    return answer.body.devices as {
      id: string;
      type: string;
      nickname?: string | null;
      lastUsedAt?: string | null;
    }[];
  }

  async function subjectsTo(address: string): Promise<string[]> {
    const response = await fetch(
      new URL(`/api/dev/outbox?to=${encodeURIComponent(address)}&limit=50`, origin),
    );
    return outboxResponseSchema
      .parse(await response.json())
      .messages.map((message) => message.subject ?? '');
  }

  it('names a passkey by its model, lets its owner rename it, and lists when it last signed in', async () => {
    const key = new SoftAuthenticator(origin, { aaguid: YUBIKEY_5 });
    await pairKey('olivia.martin', key);
    const token = await signIn('olivia.martin');
    const [before] = (await devicesOf(token)).filter((device) => device.type === 'SECURITY_KEY');
    expect(before).toMatchObject({ nickname: 'YubiKey 5 Series', lastUsedAt: null });

    const signedIn = await signInWithKey('olivia.martin', key);
    const [after] = (await devicesOf(signedIn)).filter((device) => device.type === 'SECURITY_KEY');
    expect(Date.parse(after?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const renamed = await call('PUT', passkeyNamePath(before!.id), token, {
      name: '  Blue key\non the ring ',
    });
    expect(renamed).toEqual({
      status: 200,
      body: { id: before!.id, nickname: 'Blue key on the ring' },
    });
    expect((await call('PUT', passkeyNamePath(before!.id), token, { name: ' ' })).status).toBe(400);
    // Not a passkey of the caller: another customer's, or her e-mail device.
    const other = await signIn('jane.doe');
    const stranger = await call('PUT', passkeyNamePath(before!.id), other, { name: 'Mine' });
    expect(stranger).toMatchObject({ status: 404, body: { code: 'passkey_not_found' } });
    const email = (await devicesOf(token)).find((device) => device.type === 'Email');
    expect((await call('PUT', passkeyNamePath(email!.id), token, { name: 'x' })).status).toBe(404);
  });

  it('removes the password only with a passkey and a recent sign-in; a password comes back by switching to Password', async () => {
    // No passkey: refused, whatever the sign-in's age.
    const noKey = await signIn('emily.chen');
    expect(await call('DELETE', PASSWORDLESS_API_PATH, noKey)).toMatchObject({
      status: 409,
      body: { code: 'passwordless_needs_passkey', message: messages.passwordless.passkeyRequired },
    });

    const key = new SoftAuthenticator(origin);
    await pairKey('james.taylor', key);
    const token = await signIn('james.taylor');
    expect((await call('GET', PASSWORDLESS_API_PATH, token)).body).toEqual({
      hasPassword: true,
      passkeys: 1,
    });
    clockOffset = SIX_MINUTES;
    const stale = await call('DELETE', PASSWORDLESS_API_PATH, token);
    clockOffset = 0;
    expect(stale).toMatchObject({ status: 401, body: { code: 'step_up_required' } });

    expect((await call('DELETE', PASSWORDLESS_API_PATH, token)).status).toBe(204);
    const [stored] = await test.handle.db.select().from(users).where(eq(users.uid, 'james.taylor'));
    expect(stored).toMatchObject({ passwordHash: null, authnPreference: 'Device' });
    const [audit] = await test.handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'password.removed'))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({ userId: stored!.id, details: { passkeys: 1 } });
    expect(await subjectsTo('james.taylor@example.com')).toContain(
      securityNoticeMessages.passwordRemovedSubject,
    );
    expect(await call('DELETE', PASSWORDLESS_API_PATH, token)).toMatchObject({
      status: 409,
      body: { code: 'passwordless_no_password' },
    });

    // Back to a password: the sign-in method switch, with a new one that passes the check,
    // after a step-up made for it (with a factor he has: no password now, so a device's).
    await stepUp(origin, token, { email: 'james.taylor@example.com' });
    const back = await fetch(
      new URL(orchestrationPaths.policyStart(COMPANY, config.policyIds.SIGN_IN_METHOD), origin),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          accessToken: token,
          rawData: {
            [`${config.productId}UserAuthnPreferences`]: 'Password',
            userPassword: ['Quiet.Maple.Lantern7'],
          },
        }),
      },
    );
    expect(await back.json()).toEqual({ success: true });
    expect((await call('GET', PASSWORDLESS_API_PATH, token)).body).toMatchObject({
      hasPassword: true,
    });
  });

  it('refuses a replayed authenticator-app code and e-mails its owner a security notice', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const userId = await userIdOf(test, 'amy.davis');
    const step = Math.floor(Date.now() / 30_000);
    await test.handle.db.insert(mfaDevices).values({
      userId,
      type: 'TOTP',
      name: 'Authenticator app',
      secretEncrypted: createSecretBox(server.services.keys.secrets.signingSecret).seal(secret),
      lastTotpStep: step,
    });
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post('submitIdentifier', {
      identifier: 'amy.davis',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const choice = await driver.post('checkUsernamePassword', {
      username: 'amy.davis',
      password: PASSWORD,
    });
    const app = choice.body.devices?.find((device) => device.type === 'TOTP');
    await driver.post({ action: 'selectDevice' }, { deviceRef: { id: app?.id } });
    const used = totpFor(secret, 'amy').generate({ timestamp: step * 30_000 });
    const replayed = await driver.post({ action: 'checkOtp' }, { otp: used });
    expect(replayed.body).toMatchObject({
      code: 'wrong_otp',
      message: messages.login.incorrectOtp,
    });
    expect(await subjectsTo('amy.davis@example.com')).toContain(
      securityNoticeMessages.otpReplayedSubject,
    );
    // A code that is simply wrong is refused without a notice.
    const notices = (await subjectsTo('amy.davis@example.com')).length;
    await driver.post({ action: 'checkOtp' }, { otp: used === '123456' ? '654321' : '123456' });
    expect((await subjectsTo('amy.davis@example.com')).length).toBe(notices);
  });

  it('reads phone numbers in the default country, stores E.164, shows them formatted, and refuses impossible ones', async () => {
    const token = await signIn('michael.brown');
    const save = async (mobile: string) => {
      await stepUp(origin, token);
      const response = await fetch(
        new URL(orchestrationPaths.policyStart(COMPANY, config.policyIds.PROFILE_UPDATE), origin),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            accessToken: token,
            rawData: {
              givenName: ['Michael'],
              sn: ['Brown'],
              mail: ['michael.brown@example.com'],
              mobile: [mobile],
            },
          }),
        },
      );
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    };
    for (const impossible of ['5551234', '12345']) {
      const refused = await save(impossible);
      expect(refused.status).toBe(400);
      expect(refused.body.details).toContainEqual({
        field: 'mobile',
        message: messages.validation.phoneFormat,
      });
    }
    const pending = await save('(201) 555-0123');
    expect(pending.body).toMatchObject({
      success: true,
      additionalProperties: {
        code: 'verificationRequired',
        pending: [{ kind: 'mobile', target: '+1 201 555 0123' }],
      },
    });
    const [sms] = await fetch(new URL(`/api/dev/outbox?to=%2B12015550123&limit=1`, origin)).then(
      async (response) => outboxResponseSchema.parse(await response.json()).messages,
    );
    expect(sms?.channel).toBe('sms');
  });
});
