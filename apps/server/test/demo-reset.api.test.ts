import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RESET_PATH, XSRF_HEADER, demoResetResponseSchema } from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import { auditEvents, users } from '../src/db/schema';
import { DEMO_USERS } from '../src/seed/demo-data';
import { testConfig } from './test-config';
import { presenterCookie } from './presenter';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { webBuildWithIndex } from './web-build';

const XSRF = { [XSRF_HEADER]: '1' };
const CONFIRM = { confirm: true };

/** A seeded database and a server on it, configured by `env`, answering through inject. */
async function serverWith(kind: (typeof API_DATABASES)[number], distDir: string, env = {}) {
  const test = await createTestDatabase(kind, { seeded: true });
  const server = await buildServer({
    config: testConfig(env),
    database: test.handle,
    webDistDir: distDir,
  });
  return { test, server };
}

/** The reset as the presenter's browser asks it: the presenter cookie, unless `headers` say. */
async function reset(server: Server, headers?: Record<string, string>, payload: object = CONFIRM) {
  const asked = headers ?? { ...XSRF, cookie: await presenterCookie(server) };
  return server.app.inject({ method: 'POST', url: DEMO_RESET_PATH, headers: asked, payload });
}

async function janeOf(test: TestDatabase) {
  const [jane] = await test.handle.db.select().from(users).where(eq(users.uid, 'jane.doe'));
  return jane!;
}

/** What a demo changes of jane.doe: her name and the high-risk override. */
async function changeJane(test: TestDatabase): Promise<void> {
  await test.handle.db
    .update(users)
    .set({ firstName: 'Changed', highRiskNextSignIn: true })
    .where(eq(users.uid, 'jane.doe'));
}

// One database (API_DATABASES): the route's HTTP answers; the reset's SQL is the seed's own,
// which seed.test.ts runs on both engines.
describe.each(API_DATABASES)('Reset demo (POST /api/dev/demo-reset) on %s', (kind) => {
  let distDir: string;
  beforeAll(async () => {
    distDir = await webBuildWithIndex();
  });
  afterAll(async () => {
    await rm(distDir, { recursive: true, force: true });
  });

  describe('with the demo tools on', () => {
    let test: TestDatabase;
    let server: Server;
    beforeAll(async () => {
      ({ test, server } = await serverWith(kind, distDir, { RATE_LIMIT_PER_MINUTE: '1000000' }));
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    it('serves the scenario page', async () => {
      const page = await server.app.inject({ method: 'GET', url: '/demo' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    });

    it('refuses a request without the anti-forgery header, and changes nothing', async () => {
      await changeJane(test);
      const response = await reset(server, { cookie: await presenterCookie(server) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'xsrf_header_missing' });
      expect(await janeOf(test)).toMatchObject({ firstName: 'Changed', highRiskNextSignIn: true });
    });

    it('refuses anyone without the presenter cookie (403 presenter_required), and changes nothing', async () => {
      await changeJane(test);
      const forged = {
        ...XSRF,
        cookie: `anybank_presenter=${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`,
      };
      for (const headers of [XSRF, forged]) {
        const response = await reset(server, headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'presenter_required' });
      }
      expect(await janeOf(test)).toMatchObject({ firstName: 'Changed', highRiskNextSignIn: true });
      const resets = await test.handle.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.type, 'seed.reset'));
      expect(resets).toHaveLength(0);
    });

    it('refuses a request without confirm: true, and changes nothing', async () => {
      for (const payload of [{}, { confirm: false }, { confirm: 'true' }]) {
        const response = await reset(
          server,
          { ...XSRF, cookie: await presenterCookie(server) },
          payload,
        );
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'invalid_input' });
      }
      expect(await janeOf(test)).toMatchObject({ firstName: 'Changed' });
    });

    it('restores a changed demo user as seeded, and audits the reset with the caller’s address', async () => {
      await changeJane(test);
      const before = await janeOf(test);
      const response = await reset(server);
      expect(response.statusCode).toBe(200);
      const { users: restored } = demoResetResponseSchema.parse(response.json());
      expect([...restored].sort()).toEqual(DEMO_USERS.map((demo) => demo.uid).sort());

      const after = await janeOf(test);
      expect(after).toMatchObject({ firstName: 'Jane', highRiskNextSignIn: false });
      // Seeded afresh: a new row, not the old one patched.
      expect(after.id).not.toBe(before.id);
      const audit = await test.handle.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.type, 'seed.reset'));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ ip: '127.0.0.1', details: { users: restored } });
    });
  });

  it('lets one address reset a hundredth of the sign-in limit a minute', async () => {
    const { test, server } = await serverWith(kind, distDir, { RATE_LIMIT_PER_MINUTE: '100' });
    try {
      expect((await reset(server)).statusCode).toBe(200);
      const again = await reset(server);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'rate_limited' });
    } finally {
      await server.app.close();
      await test.drop();
    }
  });

  it('is gone with the demo tools off: the endpoint and the page answer 404', async () => {
    const { test, server } = await serverWith(kind, distDir, { DEMO_TOOLS: 'off' });
    try {
      await changeJane(test);
      expect((await reset(server, XSRF)).statusCode).toBe(404);
      expect((await server.app.inject({ method: 'GET', url: '/demo' })).statusCode).toBe(404);
      expect(await janeOf(test)).toMatchObject({ firstName: 'Changed' });
    } finally {
      await server.app.close();
      await test.drop();
    }
  });
});
