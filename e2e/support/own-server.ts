import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../apps/server/test/browser-session';
import { E2E_WEB_DIST_DIR } from '../../playwright.config';

/**
 * A bank server of a journey's own, on a fresh PostgreSQL database. The suite's server keeps its
 * data in PGlite, which no other process can open; a journey that changes what only the database
 * can change (an account's tier) starts this one instead and reaches its rows with `pg`. It serves
 * the web app the suite's server has just built, and seeds its demo users itself at start.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The PostgreSQL server the test databases are created in (`.ci/run` sets it). */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;

export const NO_POSTGRESQL_REASON =
  'TEST_DATABASE_URL is not set: this journey needs PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to start a server whose database it can change';

/** Migrating, seeding and starting on a busy two-core machine. */
const START_TIMEOUT_MS = 90_000;
/** How long a stopping server may finish its requests before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

export interface OwnServer {
  /** `http://localhost:<port>`: the base URL of a browser context that uses this server. */
  baseURL: string;
  /** Runs one statement on the server's database. */
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** Stops the server and drops its database. */
  stop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A forced drop ends other sessions; a client that sees it must not crash the runner.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A free port below Linux's ephemeral range, chosen as the API tests choose theirs (a port from
 * `listen(0)` could be taken by an outgoing connection before the server listens). The HTTPS
 * journey's server takes one too (https-server.ts).
 */
export { freePort };

/**
 * The environment of the server: only what it needs, so nothing of the runner's leaks in, and
 * the journey's own settings (`extra`, e.g. an analytics measurement id) over the defaults.
 */
function serverEnvironment(
  databaseUrl: string,
  port: number,
  extra: Record<string, string>,
): NodeJS.ProcessEnv {
  const inherited = ['PATH', 'HOME', 'TMPDIR', 'LANG'] as const;
  return {
    ...Object.fromEntries(
      inherited.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    ),
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: 'localhost',
    LISTEN_HOST: 'localhost',
    LOG_LEVEL: 'warn',
    // The journeys sign in many times a minute from one address: they test the bank, not the limiter.
    RATE_LIMIT_PER_MINUTE: '5000',
    WEB_DIST_DIR: E2E_WEB_DIST_DIR,
    NPM_CONFIG_LOGLEVEL: 'error',
    ...extra,
  };
}

/** Keeps the last lines the server printed, for the error when it does not come up. */
function recordOutput(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n'));
    lines.splice(0, Math.max(lines.length - 40, 0));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}

async function waitUntilHealthy(child: ChildProcess, baseURL: string, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /healthz within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** Stops a server process: SIGTERM, then SIGKILL if it has not exited in time. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const stoppedInTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS).unref()),
  ]);
  if (!stoppedInTime) {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Creates a database of a random name, starts `node apps/server/dist/main.mjs` (built by `npm start` before the journeys) on it
 * (which migrates and seeds it) on a free port, and waits for /healthz. Needs TEST_DATABASE_URL.
 * `env` adds or overrides the server's environment variables (README "Configuration").
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  if (!ADMIN_DATABASE_URL) throw new Error(NO_POSTGRESQL_REASON);
  const adminUrl = ADMIN_DATABASE_URL;
  const name = `anybank_e2e_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (admin) => admin.query(`create database ${name}`));
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const dropDatabase = () =>
    withClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));

  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  // `node` itself, not `npm run`: a signal to npm would leave the server holding the port.
  const child = spawn(process.execPath, [path.join('apps', 'server', 'dist', 'main.mjs')], {
    cwd: repoRoot,
    env: serverEnvironment(databaseUrl.toString(), port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = recordOutput(child);
  try {
    await waitUntilHealthy(child, baseURL, output);
  } catch (error) {
    await stopProcess(child);
    await dropDatabase();
    throw error;
  }

  return {
    baseURL,
    query: (text, values) =>
      withClient(databaseUrl.toString(), (client) => client.query(text, values)),
    async stop() {
      await stopProcess(child);
      await dropDatabase();
    },
  };
}
