import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENTER_PATH, XSRF_HEADER, presenterStatusSchema } from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import { auditEvents, serverSecrets } from '../src/db/schema';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

const XSRF = { [XSRF_HEADER]: '1', 'content-type': 'application/json' };

async function serverWith(test: TestDatabase, env: Record<string, string> = {}) {
  return buildServer({
    config: testConfig({ RATE_LIMIT_PER_MINUTE: '1000000', ...env }),
    database: test.handle,
    webDistDir: '/nonexistent',
  });
}

const give = (server: Server, secret: string, headers: Record<string, string> = XSRF) =>
  server.app.inject({ method: 'POST', url: PRESENTER_PATH, headers, payload: { secret } });

async function isPresenter(server: Server, cookie?: string): Promise<boolean> {
  const response = await server.app.inject({
    method: 'GET',
    url: PRESENTER_PATH,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(200);
  return presenterStatusSchema.parse(response.json()).presenter;
}

// README "Demo tools": the presenter secret that opens the demo tools acting for everyone.
describe.each(API_DATABASES)('the presenter secret (/api/dev/presenter) on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    server = await serverWith(test);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const presenterAudits = () =>
    test.handle.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.type, ['presenter.admitted', 'presenter.refused']));

  it('is made at first start (no default), stored with the other secrets', async () => {
    const secret = server.services.keys.secrets.presenterSecret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await test.handle.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'presenter-secret'));
    expect(row).toBeDefined();
  });

  it('refuses a wrong secret (401 presenter_secret_wrong): no cookie, audited', async () => {
    for (const wrong of ['not-the-secret', `${server.services.keys.secrets.presenterSecret}x`]) {
      const response = await give(server, wrong);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'presenter_secret_wrong' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const audits = await presenterAudits();
    expect(audits.map((event) => event.type)).toEqual(['presenter.refused', 'presenter.refused']);
    expect(audits[0]).toMatchObject({ ip: '127.0.0.1' });
  });

  it('refuses a try without the anti-forgery header (a cross-site form)', async () => {
    const response = await give(server, server.services.keys.secrets.presenterSecret, {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('gives the right secret an HttpOnly, SameSite=Strict cookie that holds no secret, audited; forgetting it ends it', async () => {
    expect(await isPresenter(server)).toBe(false);
    const secret = server.services.keys.secrets.presenterSecret;
    const response = await give(server, secret);
    expect(response.statusCode).toBe(200);
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({ name: 'anybank_presenter', httpOnly: true, sameSite: 'Strict' });
    expect(cookie!.value).not.toContain(secret);
    const header = `${cookie!.name}=${cookie!.value}`;
    expect(await isPresenter(server, header)).toBe(true);
    expect((await presenterAudits()).map((event) => event.type)).toContain('presenter.admitted');

    const forgotten = await server.app.inject({
      method: 'DELETE',
      url: PRESENTER_PATH,
      headers: { [XSRF_HEADER]: '1', cookie: header },
    });
    expect(forgotten.statusCode).toBe(204);
    expect(forgotten.cookies[0]).toMatchObject({ name: 'anybank_presenter', value: '' });
  });

  it('takes PRESENTER_SECRET from the environment when set there; a cookie of another secret is not one', async () => {
    const old = await give(server, server.services.keys.secrets.presenterSecret);
    const oldCookie = `${old.cookies[0]!.name}=${old.cookies[0]!.value}`;
    const chosen = 'the-operators-own-presenter-secret';
    const other = await serverWith(test, { PRESENTER_SECRET: chosen });
    try {
      expect(other.services.keys.secrets.presenterSecret).toBe(chosen);
      expect(await isPresenter(other, oldCookie)).toBe(false);
      expect((await give(other, server.services.keys.secrets.presenterSecret)).statusCode).toBe(
        401,
      );
      expect((await give(other, chosen)).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });

  it('is gone with the demo tools off (404)', async () => {
    const off = await serverWith(test, { DEMO_TOOLS: 'off' });
    try {
      expect((await give(off, 'anything')).statusCode).toBe(404);
    } finally {
      await off.app.close();
    }
  });
});
