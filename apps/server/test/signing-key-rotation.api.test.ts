import { eq } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCES_API_PATH,
  OAUTH_PATHS,
  SIGNING_KEY_ROTATION_PATH,
  signingKeyRotationResponseSchema,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import { auditEvents, signingKeys } from '../src/db/schema';
import { loadServerKeysFor, type ServerKeys } from '../src/modules/identity/keys/keys.service';
import { apiClient, customerToken } from './banking-server';
import { freePort } from './browser-session';
import { afterExpiryOf } from './expired-token';
import { presenterCookie } from './presenter';
import { seedDemoData } from '../src/seed/seed';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

const MINUTE = 60_000;

async function publishedKids(origin: string): Promise<string[]> {
  const body = (await (await fetch(new URL(OAUTH_PATHS.jwks, origin))).json()) as {
    keys: { kid: string }[];
  };
  return body.keys.map((key) => key.kid);
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

/**
 * Signing keys rotate without signing anyone out, and a restart keeps sessions (ADR 0017).
 * The key ring's clock is the test's, so "once the old key's tokens have expired" is a step of
 * the test, not half an hour of waiting.
 */
// One database (API_DATABASES): the key ring's rotation over HTTP; its store has tests of its own on both.
describe.each(API_DATABASES)('signing key rotation and restarts on %s', (kind) => {
  let test: TestDatabase;
  let now = new Date();
  let port: number;
  let origin: string;
  let keys: ServerKeys;
  let server: Server;

  async function start(withKeys?: ServerKeys) {
    server = await buildServer({
      config: testConfig({
        PORT: String(port),
        PUBLIC_URL: origin,
        RATE_LIMIT_PER_MINUTE: '1000000',
      }),
      database: test.handle,
      webDistDir: '/nonexistent',
      keys: withKeys,
    });
    await server.app.listen({ port, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    await seedDemoData(test.handle.db);
    port = await freePort();
    origin = `http://localhost:${port}`;
    keys = await loadServerKeysFor(testConfig(), test.handle.db, {
      clock: () => now,
      refreshEveryMs: 0,
    });
    await start(keys);
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const balances = (token: string) => apiClient(origin, token)(BALANCES_API_PATH);

  it('keeps earlier tokens valid after a rotation, signs new ones with the new key, and drops the old key once its tokens expired', async () => {
    const before = await customerToken(origin, 'jane.doe');
    const oldKid = kidOf(before);
    expect(await publishedKids(origin)).toEqual([oldKid]);

    // The key is everyone's: a customer's token alone does not rotate it (README "Demo tools").
    const refused = await apiClient(origin, before)(SIGNING_KEY_ROTATION_PATH, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'presenter_required' });
    expect(await publishedKids(origin)).toEqual([oldKid]);

    const rotation = await apiClient(origin, before)(SIGNING_KEY_ROTATION_PATH, {
      method: 'POST',
      headers: { cookie: await presenterCookie(server) },
    });
    expect(rotation.status).toBe(200);
    const rotated = signingKeyRotationResponseSchema.parse(await rotation.json());
    expect(rotated.signingKid).not.toBe(oldKid);
    expect(rotated.publishedKids).toEqual([rotated.signingKid, oldKid]);
    expect(new Date(rotated.previousKeysPublishedUntil ?? 0).getTime()).toBe(
      now.getTime() + 30 * MINUTE,
    );
    const [audited] = await test.handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'keys.rotated'));
    expect(audited?.details).toMatchObject({ kid: rotated.signingKid, via: 'admin API' });

    // The token signed before still works; a new one carries the new key's id.
    expect((await balances(before)).status).toBe(200);
    const after = await customerToken(origin, 'emily.chen');
    expect(kidOf(after)).toBe(rotated.signingKid);
    expect((await balances(after)).status).toBe(200);
    expect(await publishedKids(origin)).toEqual([rotated.signingKid, oldKid]);

    // A second before the old key's last token expires it is still published…
    now = new Date(now.getTime() + 30 * MINUTE - 1000);
    await keys.signingKeys.refresh();
    expect(await publishedKids(origin)).toEqual([rotated.signingKid, oldKid]);
    // …and then it is gone, from the JWKS and from the database.
    now = new Date(now.getTime() + 2000);
    await keys.signingKeys.refresh();
    expect(await publishedKids(origin)).toEqual([rotated.signingKid]);
    const rows = await test.handle.db.select({ kid: signingKeys.kid }).from(signingKeys);
    expect(rows.map((row) => row.kid)).toEqual([rotated.signingKid]);
    // The earlier token itself ends with its own lifetime, as every token does.
    expect((await afterExpiryOf(before, () => balances(before))).status).toBe(401);
    expect((await balances(after)).status).toBe(200);
  });

  it('keeps sessions across a restart on the same database', async () => {
    const token = await customerToken(origin, 'john.smith');
    const kid = kidOf(token);
    await server.app.close();
    // A new server on the same database loads the stored keys and secrets itself.
    await start();
    expect(server.services.keys.signingKeys.signingKey().kid).toBe(kid);
    expect(server.services.keys.secrets).toEqual(keys.secrets);
    expect((await balances(token)).status).toBe(200);
  });
});
