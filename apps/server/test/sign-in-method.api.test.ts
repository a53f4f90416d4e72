import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, messages, orchestrationPaths } from '@anybank/contracts';
import type { Config } from '../src/config';
import { findUserByUid } from '../src/modules/directory/directory.store';
import { buildServer, type Server } from '../src/app';
import { seedDemoData } from '../src/seed/seed';
import { freePort } from './browser-session';
import { PERSON_RISK_PAYLOAD, SignInDriver, stepUp } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

const COMPANY = 'anybank-demo';
const USERNAME = 'jane.doe';
const EMAIL = 'jane.doe@example.com';
const OLD_PASSWORD = 'Welcome2Bank!';
const NEW_PASSWORD = 'Fresh.Start2026';

interface Answer {
  status: number;
  body: {
    success?: boolean;
    message?: string;
    additionalProperties?: { body?: { details?: { message: string }[] } };
  };
}

// One database (API_DATABASES): a policy over HTTP, one request at a time.
describe.each(API_DATABASES)('sign-in method switch on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;
  let accessToken: string;

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
    server = await buildServer({ config, database: test.handle, webDistDir: '/nonexistent' });
    await server.app.listen({ port, host: '127.0.0.1' });
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail(USERNAME, EMAIL, OLD_PASSWORD);
    const response = await driver.token(landing.searchParams.get('code') ?? '');
    accessToken = ((await response.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const key = () => `${config.productId}UserAuthnPreferences`;

  async function switchMethod(
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(
      new URL(orchestrationPaths.policyStart(COMPANY, config.policyIds.SIGN_IN_METHOD), origin),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
    );
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  // Each switch is a change of the way to sign in: a step-up made for it comes first.
  async function toDevice(token = accessToken) {
    if (token === accessToken)
      await stepUp(origin, token, { password: OLD_PASSWORD, email: EMAIL });
    return switchMethod({
      hostname: 'localhost',
      accessToken: token,
      rawData: { [key()]: 'Device' },
    });
  }

  async function toPassword(passwords: string[], token = accessToken) {
    if (token === accessToken)
      await stepUp(origin, token, { password: OLD_PASSWORD, email: EMAIL });
    return switchMethod({
      hostname: 'localhost',
      accessToken: token,
      rawData: { [key()]: 'Password', userPassword: passwords },
    });
  }

  async function preferenceInDatabase(): Promise<string | undefined> {
    return (await findUserByUid(test.handle.db, USERNAME))?.authnPreference;
  }

  /** The status the flow answers after the identifier. */
  async function afterIdentifier(driver: SignInDriver) {
    await driver.authorize();
    await driver.read();
    return driver.post('submitIdentifier', {
      identifier: USERNAME,
      riskPayload: PERSON_RISK_PAYLOAD,
    });
  }

  it('switches to Device: the next sign-in goes from the identifier to the second factor', async () => {
    const answer = await toDevice();
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect(await preferenceInDatabase()).toBe('Device');

    const driver = new SignInDriver(origin);
    const identified = await afterIdentifier(driver);
    expect(identified.status).toBe(200);
    expect(identified.body.status).not.toBe('USERNAME_PASSWORD_REQUIRED');
    expect(['DEVICE_SELECTION_REQUIRED', 'OTP_REQUIRED']).toContain(identified.body.status);
    if (identified.body.status === 'DEVICE_SELECTION_REQUIRED') {
      const device = identified.body.devices?.find((candidate) => candidate.type === 'Email');
      await driver.post({ action: 'selectDevice' }, { deviceRef: { id: device?.id } });
    }
    const otp = await driver.post({ action: 'checkOtp' }, { otp: await driver.latestCode(EMAIL) });
    expect(otp.status).toBe(200);
    expect(await driver.continueToResume()).not.toBe('');
  });

  it('refuses a weak, missing, doubled or mismatched new password with the §5 hint', async () => {
    for (const passwords of [['short'], [], [NEW_PASSWORD, NEW_PASSWORD], ['alllowercase.12']]) {
      const answer = await toPassword(passwords);
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(false);
      expect(answer.body.additionalProperties?.body?.details?.[0]?.message).toBe(
        messages.validation.passwordHint,
      );
    }
    await stepUp(origin, accessToken, { password: OLD_PASSWORD, email: EMAIL });
    const without = await switchMethod({
      hostname: 'localhost',
      accessToken,
      rawData: { [key()]: 'Password' },
    });
    expect(without.body.additionalProperties?.body?.details?.[0]?.message).toBe(
      messages.validation.passwordHint,
    );
    expect(await preferenceInDatabase()).toBe('Device');
  });

  it('switches back to Password with a new password: the old one fails, the new one works', async () => {
    const answer = await toPassword([NEW_PASSWORD]);
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect(await preferenceInDatabase()).toBe('Password');

    const old = new SignInDriver(origin);
    expect((await afterIdentifier(old)).body.status).toBe('USERNAME_PASSWORD_REQUIRED');
    const refused = await old.post('checkUsernamePassword', {
      username: USERNAME,
      password: OLD_PASSWORD,
    });
    expect(refused.status).toBe(401);

    const fresh = new SignInDriver(origin);
    const landing = await fresh.signInWithPasswordAndEmail(USERNAME, EMAIL, NEW_PASSWORD);
    expect(landing.searchParams.get('code')).toBeTruthy();
  });

  it('refuses an unknown preference as a 400', async () => {
    const answer = await switchMethod({
      hostname: 'localhost',
      accessToken,
      rawData: { [key()]: 'Carrier pigeon' },
    });
    expect(answer.status).toBe(400);
  });

  it('needs the user’s own valid access token in the body', async () => {
    expect((await switchMethod({ rawData: { [key()]: 'Device' } })).status).toBe(401);
    expect((await toDevice('not-a-token')).status).toBe(401);
    const withKey = await switchMethod(
      { rawData: { [key()]: 'Device' } },
      { [API_KEY_HEADER]: server.services.keys.secrets.apiKey },
    );
    expect(withKey.status).toBe(401);
    expect(await preferenceInDatabase()).toBe('Password');
  });
});
