import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCES_API_PATH, OAUTH_PATHS, SIGNING_KEY_ROTATION_PATH } from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { seedDemoData } from '../src/seed/seed';
import { apiClient, customerToken } from './banking-server';
import { freePort } from './browser-session';
import { LoadBalancer } from './load-balancer';
import { presenterCookie } from './presenter';
import { nodeArgsFor } from './server-bundle';
import { startServerProcess, stopServerProcess } from './server-process';
import { testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';
import { newPgliteDataDir } from './pglite-data-dir';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

async function publishedKids(origin: string): Promise<string[]> {
  const body = (await (await fetch(new URL(OAUTH_PATHS.jwks, origin))).json()) as {
    keys: { kid: string }[];
  };
  return body.keys.map((key) => key.kid);
}

/** `npm run keys:rotate` as an operator runs it, against DATABASE_URL. */
function rotateFromCommandLine(
  databaseUrl: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, nodeArgsFor('keys'), {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

// Two processes cannot share a PGlite directory: this one needs a PostgreSQL server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'generated keys shared by two instances on one PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let test: TestDatabase;
    let secondHandle: DatabaseHandle;
    let balancer: LoadBalancer;
    const instances: { server: Server; origin: string }[] = [];

    beforeAll(async () => {
      // A database no instance has started on yet: no secret, no key.
      test = await createTestDatabase('postgres', { seeded: true });
      await seedDemoData(test.handle.db);
      secondHandle = await openDatabase({ kind: 'postgres', url: test.url ?? '' });
      const ports = [await freePort(), await freePort()];
      balancer = await LoadBalancer.start(ports);
      // Both start at once, each offering its own new secrets and key: one set must win.
      const started = await Promise.all(
        [test.handle, secondHandle].map(async (database, index) => {
          const port = ports[index]!;
          // Both know themselves by the balancer's address, as behind a real one.
          const server = await buildServer({
            config: testConfig({
              PORT: String(port),
              PUBLIC_URL: balancer.origin,
              RATE_LIMIT_PER_MINUTE: '1000000',
            }),
            database,
            webDistDir: '/nonexistent',
          });
          await server.app.listen({ port, host: '127.0.0.1' });
          return { server, origin: `http://127.0.0.1:${port}` };
        }),
      );
      instances.push(...started);
    });
    afterAll(async () => {
      for (const { server } of instances) await server.app.close();
      await balancer?.close();
      await secondHandle?.close();
      await test?.drop();
    });

    it('ends with the same secrets and key on two instances started together', async () => {
      const [first, second] = instances.map(({ server }) => server.services.keys);
      expect(second!.secrets).toEqual(first!.secrets);
      expect(second!.signingKeys.signingKey()).toEqual(first!.signingKeys.signingKey());
      expect(await publishedKids(instances[1]!.origin)).toEqual(
        await publishedKids(instances[0]!.origin),
      );
    });

    it('accepts on one instance a token from the other, before and after a rotation on either', async () => {
      const [one, two] = instances;
      /** A customer's token from a sign-in made entirely on one instance. */
      const signIn = (index: number, uid: string) => {
        balancer.to(index);
        return customerToken(balancer.origin, uid);
      };
      const before = await signIn(0, 'jane.doe');
      expect((await apiClient(two!.origin, before)(BALANCES_API_PATH)).status).toBe(200);

      // Rotated through the first instance's admin call: it signs with the new key at once…
      const rotation = await apiClient(one!.origin, before)(SIGNING_KEY_ROTATION_PATH, {
        method: 'POST',
        headers: { cookie: await presenterCookie(one!.server) },
      });
      const { signingKid } = (await rotation.json()) as { signingKid: string };
      const after = await signIn(0, 'emily.chen');
      expect(kidOf(after)).toBe(signingKid);
      // …and the second, which has not re-read its keys yet, looks the new kid up when it sees it.
      expect((await apiClient(two!.origin, after)(BALANCES_API_PATH)).status).toBe(200);
      expect((await apiClient(two!.origin, before)(BALANCES_API_PATH)).status).toBe(200);
      await two!.server.services.keys.signingKeys.refresh();
      expect(await publishedKids(two!.origin)).toEqual([signingKid, kidOf(before)]);
      const fromSecond = await signIn(1, 'michael.brown');
      expect(kidOf(fromSecond)).toBe(signingKid);
      expect((await apiClient(one!.origin, fromSecond)(BALANCES_API_PATH)).status).toBe(200);

      // The command line rotates too; the running instances pick its key up.
      const cli = await rotateFromCommandLine(test.url ?? '');
      expect(cli.code, cli.output).toBe(0);
      for (const { server } of instances) await server.services.keys.signingKeys.refresh();
      const newest = instances[0]!.server.services.keys.signingKeys.signingKey().kid;
      expect(cli.output).toContain(newest);
      expect(await publishedKids(two!.origin)).toEqual([newest, signingKid, kidOf(before)]);
      for (const token of [before, after, fromSecond]) {
        expect((await apiClient(two!.origin, token)(BALANCES_API_PATH)).status).toBe(200);
      }
    });
  },
);

describe('a restarted server process keeps sessions (embedded database on disk)', () => {
  it('accepts after a restart a token issued before it', async () => {
    const { rm } = await import('node:fs/promises');
    const dataDir = await newPgliteDataDir('anybank-restart-');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' };
    try {
      let running = await startServerProcess(env, { port });
      const token = await customerToken(running.origin, 'jane.doe');
      expect((await stopServerProcess(running)).code).toBe(0);
      running = await startServerProcess(env, { port });
      try {
        expect((await apiClient(running.origin, token)(BALANCES_API_PATH)).status).toBe(200);
        // The warning tells the operator the keys are stored unencrypted.
        expect(running.output()).toContain('KEY_ENCRYPTION_KEY is not set');
      } finally {
        await stopServerProcess(running);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
