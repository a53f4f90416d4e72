import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeArgsFor } from './server-bundle';
import { startServerProcess, stopServerProcess } from './server-process';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import { newPgliteDataDir } from './pglite-data-dir';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `npm run seed` (with `args`) as a process of its own; answers how it ended. */
function runSeed(env: Record<string, string>, args: string[] = []) {
  return runCommand('seed', env, args);
}

/** Runs one of the package's commands (`npm run seed`, `npm run db:migrate`) as a process. */
function runCommand(entry: 'seed' | 'migrate', env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgsFor(entry), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the real entry point, as `npm start` does, and returns how it ended. */
function runServer(
  env: Record<string, string>,
  killAfterMs = 20_000,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgsFor('main'), {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('start-up', () => {
  it('stops with a message naming the variable when an environment value is bad', async () => {
    // It stops before it opens the database: an empty directory will do.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'anybank-start-'));
    try {
      const result = await runServer({ PORT: 'eighty', OUTBOX: 'sometimes', DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('AnyBank cannot start');
      expect(result.stderr).toMatch(/PORT: .*"eighty"/);
      expect(result.stderr).toMatch(/OUTBOX: must be "on" or "off"/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('with DEMO_TOOLS=off seeds no demo user into a new database, and serves no outbox', async () => {
    const dataDir = await newPgliteDataDir('anybank-start-');
    try {
      const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_TOOLS: 'off' });
      try {
        const driver = new SignInDriver(server.origin);
        await driver.authorize();
        const janeDoe = await driver.post('submitIdentifier', {
          identifier: 'jane.doe',
          riskPayload: PERSON_RISK_PAYLOAD,
        });
        expect(janeDoe).toMatchObject({ status: 404, body: { code: 'INVALID_USERNAME' } });
        const outbox = await fetch(`${server.origin}/api/dev/outbox?to=jane.doe%40example.com`);
        expect(outbox.status).toBe(404);
        expect(server.output()).toContain('demo tools: off');
      } finally {
        await stopServerProcess(server);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('with DEMO_TOOLS=off refuses to start while demo users have the demo password, in one line naming the way out', async () => {
    const dataDir = await newPgliteDataDir('anybank-start-');
    try {
      const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      expect((await runSeed(env)).code).toBe(0);

      const refused = await runServer({ ...env, DEMO_TOOLS: 'off' }, 90_000);
      expect(refused.code).toBe(1);
      const line = refused.stderr
        .split('\n')
        .find((text) => text.startsWith('AnyBank cannot start.'));
      expect(line).toMatch(
        /^AnyBank cannot start\. DEMO_TOOLS is off, but 15 demo users \(.*jane\.doe.*\) still sign in with the published demo password: remove them with `npm run seed -- --remove-demo-users`\.$/,
      );

      const removed = await runSeed(env, ['--remove-demo-users']);
      expect(removed.code).toBe(0);
      expect(removed.stdout).toMatch(/^Removed 15 demo users \(/);

      const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_TOOLS: 'off' });
      await stopServerProcess(server);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('with MIGRATE_ON_START=off refuses a database that lacks migrations, naming npm run db:migrate; once it has run, starts and is ready', async () => {
    const dataDir = await newPgliteDataDir('anybank-start-');
    try {
      const env = { DATA_DIR: dataDir, MIGRATE_ON_START: 'off' };
      const refused = await runServer(env, 90_000);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^AnyBank cannot start\. MIGRATE_ON_START is off and the database lacks \d+ migrations of this release: run `npm run db:migrate` first\.$/m,
      );

      const migrated = await runCommand('migrate', { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      expect(migrated.code).toBe(0);
      expect(migrated.stdout).toMatch(/^Applied \d+ migrations: 0000_/);
      const again = await runCommand('migrate', { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      expect(again.stdout).toContain('already has every migration; nothing changed');

      const server = await startServerProcess(env);
      try {
        const ready = await fetch(`${server.origin}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
      } finally {
        await stopServerProcess(server);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
