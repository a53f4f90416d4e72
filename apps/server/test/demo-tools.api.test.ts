import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  INSPECTOR_EVENTS_PATH,
  INSPECTOR_PATH,
  PUBLIC_CONFIG_META_NAME,
  RISK_API_PATH,
  XSRF_HEADER,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import { users } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { freePort } from './browser-session';
import { PERSON_RISK_PAYLOAD } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { webBuildWithIndex } from './web-build';

/** A server with a built SPA of one page, seeded, configured by `env`. */
async function startServer(test: TestDatabase, distDir: string, env: Record<string, string>) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await seedDemoData(test.handle.db);
  const server = await buildServer({
    config: testConfig({ PORT: String(port), PUBLIC_URL: origin, ...env }),
    database: test.handle,
    webDistDir: distDir,
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, origin };
}

/** The demo tools' HTTP faces: the outbox, the demo admin API and the two pages. */
async function demoToolStatuses(origin: string) {
  const status = async (pathname: string, init: RequestInit = {}) =>
    (await fetch(new URL(pathname, origin), init)).status;
  const put = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' };
  return {
    outbox: await status('/api/dev/outbox?to=jane.doe%40example.com'),
    riskOverride: await status('/api/admin/risk-override', put),
    thresholds: await status(ADMIN_THRESHOLDS_PATH, put),
    accountTier: await status(ADMIN_ACCOUNT_TIER_PATH, put),
    outboxPage: await status('/outbox'),
    adminPage: await status('/admin/'),
    inspectorOpen: await status(INSPECTOR_PATH, {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    }),
    inspectorEvents: await status(INSPECTOR_EVENTS_PATH),
  };
}

async function publicConfigOfPage(origin: string): Promise<Record<string, unknown>> {
  const html = await (await fetch(new URL('/', origin))).text();
  const content = new RegExp(`<meta name="${PUBLIC_CONFIG_META_NAME}" content="([^"]*)">`).exec(
    html,
  )?.[1];
  return JSON.parse((content ?? '{}').replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Record<
    string,
    unknown
  >;
}

// One database (API_DATABASES): which routes a configuration switch serves; no SQL of its own.
describe.each(API_DATABASES)('the demo tools switch on %s', (kind) => {
  let distDir: string;
  beforeAll(async () => {
    distDir = await webBuildWithIndex();
  });
  afterAll(async () => {
    await rm(distDir, { recursive: true, force: true });
  });

  describe.each<{
    env: Record<string, string>;
    expected: Awaited<ReturnType<typeof demoToolStatuses>>;
    flags: { demoToolsEnabled: boolean; outboxEnabled: boolean };
  }>([
    {
      env: { DEMO_TOOLS: 'off' },
      expected: {
        outbox: 404,
        riskOverride: 404,
        thresholds: 404,
        accountTier: 404,
        outboxPage: 404,
        adminPage: 404,
        inspectorOpen: 404,
        inspectorEvents: 404,
      },
      flags: { demoToolsEnabled: false, outboxEnabled: false },
    },
    {
      env: { OUTBOX: 'off' },
      expected: {
        outbox: 404,
        riskOverride: 401,
        thresholds: 401,
        accountTier: 401,
        outboxPage: 404,
        adminPage: 200,
        inspectorOpen: 201,
        inspectorEvents: 409,
      },
      flags: { demoToolsEnabled: true, outboxEnabled: false },
    },
    {
      env: {},
      expected: {
        outbox: 200,
        riskOverride: 401,
        thresholds: 401,
        accountTier: 401,
        outboxPage: 200,
        adminPage: 200,
        inspectorOpen: 201,
        inspectorEvents: 409,
      },
      flags: { demoToolsEnabled: true, outboxEnabled: true },
    },
  ])('with $env', ({ env, expected, flags }) => {
    let test: TestDatabase;
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      test = await createTestDatabase(kind, { seeded: true });
      ({ server, origin } = await startServer(test, distDir, env));
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    it('serves the outbox, the demo admin API and their pages only while they are on', async () => {
      expect(await demoToolStatuses(origin)).toEqual(expected);
    });

    it('tells the browser which demo tools are on, so it shows no link to one that is off', async () => {
      expect(await publicConfigOfPage(origin)).toMatchObject(flags);
    });

    it('lets the admin’s high-risk override fire only while the demo tools are on', async () => {
      await test.handle.db
        .update(users)
        .set({ highRiskNextSignIn: true })
        .where(eq(users.uid, 'jane.doe'));
      const response = await fetch(new URL(RISK_API_PATH, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'jane.doe', riskPayload: PERSON_RISK_PAYLOAD }),
      });
      expect(response.status).toBe(200);
      const { result } = (await response.json()) as { result: { level: string } };
      expect(result.level).toBe(flags.demoToolsEnabled ? 'HIGH' : 'LOW');
    });
  });

  it('lists nothing without ?to=: one call never hands out everyone’s codes', async () => {
    const test = await createTestDatabase(kind, { seeded: true });
    const { server, origin } = await startServer(test, distDir, {});
    try {
      await server.services.messaging.send({
        channel: 'email',
        to: 'jane.doe@example.com',
        subject: 'Your code',
        body: 'Your code is 123456',
        code: '123456',
      });
      const all = await fetch(new URL('/api/dev/outbox', origin));
      expect(all.status).toBe(200);
      expect(await all.json()).toEqual({ messages: [] });
      const jane = await fetch(new URL('/api/dev/outbox?to=jane.doe%40example.com', origin));
      const { messages } = (await jane.json()) as { messages: { code: string | null }[] };
      expect(messages.map((message) => message.code)).toEqual(['123456']);
    } finally {
      await server.app.close();
      await test.drop();
    }
  });
});
