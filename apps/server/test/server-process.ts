import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './browser-session';
import { nodeArgsFor } from './server-bundle';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr, in arrival order). */
  output(): string;
  /** How the process ended (code, or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** From the spawn to the first `/healthz` that answered, in milliseconds (polled every 50 ms). */
  readyInMs: number;
}

/**
 * The real entry point (`apps/server/src/main.ts`, as `npm run serve` runs it; from this run's
 * bundle, see `nodeArgsFor`) in a process of its own, so a test can send it signals: SIGTERM to
 * stop, SIGKILL to crash. Answers once `/healthz` does. `env` completes the configuration
 * (DATA_DIR or DATABASE_URL…); REDIS_URL and DATABASE_URL of the test's own environment are not
 * inherited.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    port?: number;
    readyWithinMs?: number;
    /** Another Node binary than the test's own (the registry's Node 24, say). */
    node?: string;
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://localhost:${port}`;
  const inherited = { ...process.env };
  delete inherited.REDIS_URL;
  delete inherited.DATABASE_URL;
  const spawnedAt = performance.now();
  const child = spawn(options.node ?? process.execPath, nodeArgsFor('main'), {
    cwd: repoRoot,
    env: {
      ...inherited,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: origin,
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + (options.readyWithinMs ?? 60_000);
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server process ended before it was ready:\n${output}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) {
      const readyInMs = performance.now() - spawnedAt;
      return { origin, port, child, output: () => output, exited, readyInMs };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the server process did not answer /healthz in time:\n${output}`);
}

/** SIGTERM, then waits for the process to end (SIGKILL after `withinMs`). */
export async function stopServerProcess(server: ServerProcess, withinMs = 15_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), withinMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}
