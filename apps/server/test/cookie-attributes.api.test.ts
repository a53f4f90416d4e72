import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, REMEMBER_ME_COOKIE } from '@anybank/contracts';
import { BrowserSession } from './browser-session';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A browser that also keeps every Set-Cookie line it was sent, attributes and all. */
class RecordingBrowser extends BrowserSession {
  readonly setCookies: string[] = [];

  override async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.fetch(path, init);
    this.setCookies.push(...response.headers.getSetCookie());
    return response;
  }
}

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...rest] = line.split(';');
  const index = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [key = '', ...value] = part.trim().split('=');
    attributes.set(key.toLowerCase(), value.join('='));
  }
  return {
    name: pair.slice(0, index).trim(),
    value: pair.slice(index + 1).trim(),
    attributes,
  };
}

/**
 * The cookies a sign-in leaves in the browser cannot be read by page scripts
 * (HttpOnly) and are not sent along with another site's requests (SameSite). The one
 * exception, the remembered username, is the spec's (document 1 §3.7) and holds nothing else.
 */
describe('cookies a sign-in sets', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let cookies: SetCookie[];

  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startSignInServer(test, { RATE_LIMIT_PER_MINUTE: '1000000' }));
    const browser = new RecordingBrowser(origin);
    const driver = new SignInDriver(origin, undefined, browser);
    await driver.authorize();
    await driver.post('submitIdentifier', {
      identifier: 'jane.doe',
      riskPayload: PERSON_RISK_PAYLOAD,
    });
    const afterPassword = await driver.post('checkUsernamePassword', {
      username: 'jane.doe',
      password: 'Welcome2Bank!',
      rememberMyUsername: true,
    });
    const email = afterPassword.body.devices?.find((device) => device.type === 'Email');
    await driver.post({ action: 'selectDevice' }, { deviceRef: { id: email?.id } });
    await driver.post(
      { action: 'checkOtp' },
      { otp: await driver.latestCode('jane.doe@example.com') },
    );
    const landing = await driver.resume(await driver.continueToResume());
    expect((await driver.pickup(landing)).status).toBe(200);
    // Only cookies being set: a cleared cookie has no value left to protect.
    cookies = browser.setCookies.map(parseSetCookie).filter((cookie) => cookie.value !== '');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('sets the sign-in session, the interaction, the pickup binding, the device and the remembered username', () => {
    const names = new Set(cookies.map((cookie) => cookie.name));
    for (const name of [
      '_interaction',
      '_session',
      'anybank_pickup',
      DEVICE_COOKIE,
      REMEMBER_ME_COOKIE,
    ]) {
      expect(names, `${name} among ${[...names].join(', ')}`).toContain(name);
    }
  });

  it('keeps every cookie but the remembered username away from page scripts', () => {
    const readable = cookies.filter((cookie) => !cookie.attributes.has('httponly'));
    expect(readable.map((cookie) => cookie.name)).toEqual([REMEMBER_ME_COOKIE]);
    expect(readable[0]?.value).toBe('jane.doe');
  });

  it('sets the device cookie once, for 400 days, with a random value', () => {
    const device = cookies.filter((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device).toHaveLength(1);
    expect(device[0]?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device[0]?.attributes.get('max-age')).toBe(String(400 * 24 * 60 * 60));
  });

  it('sends no cookie along with another site’s requests: every one is SameSite=Lax', () => {
    for (const cookie of cookies) {
      expect(cookie.attributes.get('samesite')?.toLowerCase(), cookie.name).toBe('lax');
    }
  });

  it('keeps every cookie to the bank’s own host: none is shared with other subdomains', () => {
    for (const cookie of cookies) {
      expect(cookie.attributes.has('domain'), cookie.name).toBe(false);
      expect(cookie.attributes.get('path'), cookie.name).toMatch(/^\//);
    }
  });
});
