import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  XSRF_HEADER,
  messages,
  orchestrationPaths,
  widgetTokenResponseSchema,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import type { Config } from '../src/config';
import { seedDemoData } from '../src/seed/seed';
import { freePort } from './browser-session';
import { SignInDriver, stepUp } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * OWASP ASVS 2.1.7: every place a new password is set refuses a common, published
 * or personal one with a message saying why and what would be better, through the real server.
 */
const COMPANY = 'anybank-demo';
const STRONG = 'Quiet.Maple.Lantern7';
const words = messages.passwordStrength;

interface Answer {
  status: number;
  body: Record<string, unknown> & {
    code?: string;
    message?: string;
    success?: boolean;
    details?: { field?: string; message: string }[];
    additionalProperties?: { body?: { details?: { message: string }[] } };
  };
}

describe.each(API_DATABASES)('new passwords on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let config: Config;

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
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function post(path: string, body: unknown, token?: string): Promise<Answer> {
    const response = await fetch(new URL(path, origin), {
      method: 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : { [XSRF_HEADER]: '1' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  async function register(password: string): Promise<Answer> {
    const token = widgetTokenResponseSchema.parse(
      (await post(orchestrationPaths.widgetToken(COMPANY), undefined)).body,
    ).access_token;
    return post(
      orchestrationPaths.policyStart(COMPANY, config.policyIds.REGISTRATION),
      {
        step: 'start',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `ada.${kind}@example.com`,
        username: `ada.${kind}`,
        password,
        hostname: 'localhost',
      },
      token,
    );
  }

  it('refuses the demo password and a common one at registration, saying why and what would be better', async () => {
    const published = await register(DEMO_PASSWORD);
    expect(published.status).toBe(400);
    expect(published.body.code).toBe('password_too_weak');
    expect(published.body.message).toContain(words.published);
    expect(published.body.message).toContain(words.suggestions.anotherWord);
    expect(published.body.details).toEqual([
      { field: 'password', message: published.body.message },
    ]);

    const common = await register('Password123!');
    expect(common.body.code).toBe('password_too_weak');
    expect(common.body.message).toContain(words.warnings.similarToCommon);
    expect(common.body.message).toContain(words.suggestions.capitalization);

    const personal = await register('Lovelace.Rocks42');
    expect(personal.body).toMatchObject({ code: 'password_personal', message: words.personal });

    // The spec's rule keeps its own message.
    const short = await register('Sh0rt!');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain(messages.validation.passwordHint);

    expect((await register(STRONG)).status).toBe(200);
  });

  it("refuses jane.doe2026!Aa for jane's switch to Password (her name) and takes a strong one", async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail(
      'jane.doe',
      'jane.doe@example.com',
      DEMO_PASSWORD,
    );
    const tokens = await driver.token(landing.searchParams.get('code') ?? '');
    const accessToken = ((await tokens.json()) as { access_token: string }).access_token;
    // Each try is a change of the way to sign in: a step-up made for it comes first.
    const toPassword = async (password: string) => {
      await stepUp(origin, accessToken, { password: DEMO_PASSWORD });
      return post(orchestrationPaths.policyStart(COMPANY, config.policyIds.SIGN_IN_METHOD), {
        hostname: 'localhost',
        accessToken,
        rawData: {
          [`${config.productId}UserAuthnPreferences`]: 'Password',
          userPassword: [password],
        },
      });
    };
    const refusalOf = (answer: Answer) =>
      answer.body.additionalProperties?.body?.details?.[0]?.message;

    const named = await toPassword('jane.doe2026!Aa');
    expect(named.body.success).toBe(false);
    expect(refusalOf(named)).toBe(words.personal);
    const demo = await toPassword(DEMO_PASSWORD);
    expect(refusalOf(demo)).toContain(words.published);

    expect((await toPassword(STRONG)).body).toEqual({ success: true });
    const again = new SignInDriver(origin);
    await again.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com', STRONG);
  });

  it('refuses a common password at forgot password without spending the code, then takes a strong one', async () => {
    const driver = new SignInDriver(origin);
    await driver.authorize();
    await driver.post({ action: 'initiateAccountRecovery' });
    await driver.post({ action: 'submitRecoveryUsername' }, { username: 'liam.anderson' });
    const code = await driver.latestCode('liam.anderson@example.com');
    const weak = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode: code, newPassword: 'Password123!' },
    );
    expect(weak.body).toMatchObject({
      status: 'RECOVERY_CODE_REQUIRED',
      code: 'password_too_weak',
    });
    expect(weak.body.message).toContain(words.warnings.similarToCommon);
    const personal = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode: code, newPassword: 'Liam.Anderson!2026' },
    );
    expect(personal.body.message).toBe(words.personal);
    const reset = await driver.post(
      { action: 'recoverAccount' },
      { recoveryCode: code, newPassword: STRONG },
    );
    expect(reset.body.status).toBe('SUCCESSFUL_PASSWORD_RESET');
  });
});
