import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession } from './browser-session';
import { startServerProcess, stopServerProcess } from './server-process';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import {
  PERSON_RISK_PAYLOAD,
  SignInDriver,
  startSignInServer,
  type Server,
} from './sign-in-driver';
import { newPgliteDataDir } from './pglite-data-dir';

const RETURN_PATH = '/ext/ref/return';

/** jane.doe signs in up to the bank site's OAuth return, which is not yet opened. */
async function signInUpToTheReturn(driver: SignInDriver): Promise<URL> {
  await driver.authorize();
  await driver.read();
  await driver.post('submitIdentifier', {
    identifier: 'jane.doe',
    riskPayload: PERSON_RISK_PAYLOAD,
  });
  const afterPassword = await driver.post('checkUsernamePassword', {
    username: 'jane.doe',
    password: 'Welcome2Bank!',
  });
  if (afterPassword.body.status === 'DEVICE_SELECTION_REQUIRED') {
    const device = afterPassword.body.devices?.find((candidate) => candidate.type === 'Email');
    await driver.post({ action: 'selectDevice' }, { deviceRef: { id: device?.id } });
  }
  await driver.post(
    { action: 'checkOtp' },
    { otp: await driver.latestCode('jane.doe@example.com') },
  );
  let url = new URL(await driver.continueToResume(), driver.origin);
  for (let hop = 0; hop < 10 && !url.pathname.endsWith(RETURN_PATH); hop += 1) {
    const response = await driver.browser.fetch(url.pathname + url.search);
    url = new URL(response.headers.get('location') ?? '', url);
  }
  if (!url.pathname.endsWith(RETURN_PATH)) throw new Error(`never reached the return: ${url}`);
  return url;
}

/** Opens the OAuth return in a browser; answers where it sends that browser. */
async function openReturn(browser: BrowserSession, returnUrl: URL): Promise<URL> {
  const response = await browser.fetch(returnUrl.pathname + returnUrl.search);
  expect(response.status).toBe(303);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return new URL(response.headers.get('location') ?? '', returnUrl);
}

// One database (API_DATABASES): the pickup hand-over and request logs, one request at a time.
describe.each(API_DATABASES)('session pickup on %s', (kind) => {
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

  it('gives another browser no reference for the code, not even before the browser that signed in', async () => {
    const driver = new SignInDriver(origin);
    const returnUrl = await signInUpToTheReturn(driver);

    for (let jar = 0; jar < 3; jar += 1) {
      const stranger = await openReturn(new BrowserSession(origin), returnUrl);
      expect(stranger.searchParams.get('REF')).toBeNull();
      expect(stranger.searchParams.get('error')).toBe('pickup_failed');
    }

    const own = await openReturn(driver.browser, returnUrl);
    expect(own.searchParams.get('REF')).toBeTruthy();
    const pickup = await driver.pickup(own);
    expect(pickup.status).toBe(200);
    expect(await pickup.json()).toMatchObject({ Email: 'jane.doe@example.com' });
  });

  it('issues one reference per code: the same browser opening the return again gets none', async () => {
    const driver = new SignInDriver(origin);
    const returnUrl = await signInUpToTheReturn(driver);
    expect((await openReturn(driver.browser, returnUrl)).searchParams.get('REF')).toBeTruthy();
    const again = await openReturn(driver.browser, returnUrl);
    expect(again.searchParams.get('REF')).toBeNull();
    expect(again.searchParams.get('error')).toBe('pickup_failed');
  });

  it('gives no reference for a code already redeemed, in any browser', async () => {
    const driver = new SignInDriver(origin);
    const returnUrl = await signInUpToTheReturn(driver);
    const token = await driver.token(returnUrl.searchParams.get('code') ?? '');
    expect(token.status).toBe(200);

    for (const browser of [
      driver.browser,
      new BrowserSession(origin),
      new BrowserSession(origin),
    ]) {
      const landing = await openReturn(browser, returnUrl);
      expect(landing.searchParams.get('REF')).toBeNull();
      expect(landing.searchParams.get('error')).toBe('pickup_failed');
    }
  });

  it('answers the pickup with Cache-Control: no-store', async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
    const pickup = await driver.pickup(landing);
    expect(pickup.status).toBe(200);
    expect(pickup.headers.get('cache-control')).toBe('no-store');
  });
});

describe('request logs', () => {
  it('hold one line per request, when it completes, and no authorization code, state or pickup reference of a whole sign-in', async () => {
    const dataDir = await newPgliteDataDir('anybank-log-');
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const driver = new SignInDriver(server.origin);
      const landing = await driver.signInWithPasswordAndEmail('jane.doe', 'jane.doe@example.com');
      // A load balancer's health checks, every few seconds, write no line (before the pickup,
      // whose line the wait below waits for).
      expect((await fetch(new URL('/healthz', server.origin))).status).toBe(200);
      expect((await fetch(new URL('/readyz', server.origin))).status).toBe(200);
      expect((await driver.pickup(landing)).status).toBe(200);
      const secrets = ['code', 'state', 'REF'].map((name) => landing.searchParams.get(name) ?? '');
      expect(secrets.every((value) => value.length >= 16)).toBe(true);

      // The log is written asynchronously: wait (briefly) for the pickup's line.
      for (let wait = 0; wait < 50 && !server.output().includes('/ext/ref/pickup'); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const output = server.output();
      // The log did record the requests that carried them, with their values redacted.
      expect(output).toContain('/ext/ref/return?code=[redacted]');
      expect(output).toContain('/ext/ref/pickup?REF=[redacted]');
      for (const secret of secrets) expect(output).not.toContain(secret);

      // At `info`, one line per request (its completion), naming the request, its
      // id and its answer; the sign-in's requests each appear once.
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const requestLines = lines.filter((line) => 'reqId' in line && 'req' in line);
      expect(requestLines.length).toBeGreaterThanOrEqual(8);
      expect(new Set(requestLines.map((line) => line.msg))).toEqual(new Set(['request completed']));
      const urls = requestLines.map((line) => (line.req as { url?: string }).url ?? '');
      expect(urls.filter((url) => /^\/(healthz|readyz)/.test(url))).toEqual([]);
      const ids = requestLines.map((line) => line.reqId);
      expect(new Set(ids).size).toBe(ids.length);
      for (const line of requestLines) {
        expect(line).toMatchObject({
          req: { method: expect.any(String), url: expect.any(String) },
          res: { statusCode: expect.any(Number) },
          responseTime: expect.any(Number),
        });
      }
    } finally {
      await stopServerProcess(server);
      await rm(dataDir, { recursive: true, force: true });
    }
    // A real server process: its first start (a new embedded database) takes a while.
  }, 120_000);
});
