import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../apps/server/test/server-process';
import { createTestDatabase, type DatabaseKind } from '../../apps/server/test/test-database';
import { sql } from 'drizzle-orm';
import { buildParts } from '../../scripts/build/parts.mjs';
import { startWireCounter, type WireCounts } from './wire-counter';

export type { DatabaseKind };

/**
 * The databases a benchmark measures: PostgreSQL when TEST_DATABASE_URL names a server (as in
 * `.ci/run`; `npm run bench` sets it when one answers on 127.0.0.1:5432), and PGlite.
 * BENCH_DATABASES=postgres (or pglite) measures only that one, to profile or repeat it.
 */
export function benchDatabaseKinds(): DatabaseKind[] {
  const available: DatabaseKind[] = process.env.TEST_DATABASE_URL
    ? ['postgres', 'pglite']
    : ['pglite'];
  const chosen = process.env.BENCH_DATABASES?.split(',').map((kind) => kind.trim());
  return chosen ? available.filter((kind) => chosen.includes(kind)) : available;
}

export interface BenchServer {
  kind: DatabaseKind;
  origin: string;
  /** PostgreSQL: the URL of the server's own database (to reach it beside the server). */
  databaseUrl: string | null;
  process: ServerProcess;
  /** CPU seconds (user + system) the server's processes (its workers too) have used so far. */
  cpuSeconds(): Promise<number>;
  /**
   * PostgreSQL: CPU seconds its backends serving the server's database (connections open now)
   * have used so far, from /proc (the database runs on this machine). PGlite: null (its work is
   * in the server's own CPU).
   */
  databaseCpuSeconds(): Promise<number | null>;
  /**
   * With `countWire` on PostgreSQL: the statements and transactions the server has asked of the
   * database so far, counted on the wire (bench/support/wire-counter.ts). Otherwise null.
   */
  wireCounts(): WireCounts | null;
  /**
   * With BENCH_CPU_PROFILE set: ends the server's current CPU-profile segment, saved as
   * `<label>-<pid>.cpuprofile` (so one run's profile holds only that run). Otherwise nothing.
   */
  endProfileSegment(label: string): Promise<void>;
  /**
   * Stops the server, then runs `work` on its database (PGlite has one owner process: its
   * data directory can only be opened once the server is gone), then removes the database.
   */
  stopAndInspect<T>(work?: (database: DatabaseHandle) => Promise<T>): Promise<T | undefined>;
}

/**
 * The real server (`apps/server/src/main.ts`, migrated and seeded as `npm start` does) in a
 * process of its own on a fresh database, so that the load generator in this process and the
 * server each have a core rather than one event loop between them. `prepare` adds rows before
 * the server starts (benchmark customers); the rate limits are raised, since every simulated
 * person comes from 127.0.0.1: the figures are the server's, not the limiter's.
 */
export async function startBenchServer(
  kind: DatabaseKind,
  options: {
    prepare?: (database: DatabaseHandle) => Promise<void>;
    env?: Record<string, string>;
    /**
     * PostgreSQL only: the server reaches its database through a counting proxy. It costs the
     * load generator's process work, so a run that measures a rate should not count.
     */
    countWire?: boolean;
  } = {},
): Promise<BenchServer> {
  // The server measured is the one `npm start` runs: apps/server/dist, rebuilt if its source changed.
  await buildParts(['server']);
  let env: Record<string, string>;
  let inspect: <T>(work: (database: DatabaseHandle) => Promise<T>) => Promise<T>;
  let remove: () => Promise<void>;
  let databaseUrl: string | null = null;
  let wire: Awaited<ReturnType<typeof startWireCounter>> | null = null;
  if (kind === 'postgres') {
    const database = await createTestDatabase('postgres');
    await options.prepare?.(database.handle);
    databaseUrl = database.url;
    wire = options.countWire ? await startWireCounter(database.url ?? '') : null;
    env = { DATABASE_URL: wire ? wire.url() : (database.url ?? '') };
    inspect = (work) => work(database.handle);
    remove = async () => {
      await wire?.close();
      await database.drop();
    };
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'anybank-bench-'));
    const setup = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await migrateDatabase(setup);
      await options.prepare?.(setup);
    } finally {
      await setup.close();
    }
    env = { DATA_DIR: dataDir };
    inspect = async (work) => {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    };
    remove = () => rm(dataDir, { recursive: true, force: true });
  }

  const profileDir = process.env.BENCH_CPU_PROFILE;
  if (profileDir) await mkdir(profileDir, { recursive: true });
  const server = await startServerProcess({
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '100000000',
    // BENCH_CPU_PROFILE=<dir>: the server writes V8 CPU profiles there, one per measured run
    // (endProfileSegment) and the rest when it stops; `npm run bench:profile -- <file>` lists
    // where the time went.
    ...(profileDir
      ? {
          NODE_OPTIONS: `--import=${fileURLToPath(new URL('cpu-profile.preload.mjs', import.meta.url))}`,
          BENCH_CPU_PROFILE_DIR: path.resolve(profileDir),
        }
      : {}),
    ...env,
    ...options.env,
  }).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  return {
    kind,
    origin: server.origin,
    databaseUrl,
    process: server,
    cpuSeconds: () => cpuSecondsOfTree(server.child.pid ?? 0),
    wireCounts: () => wire?.counts() ?? null,
    databaseCpuSeconds: async () => {
      if (kind !== 'postgres') return null;
      const backends = await inspect(async (database) => {
        const result = await database.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        return (result as unknown as { rows: { pid: number }[] }).rows;
      });
      const stats = await Promise.all(backends.map(({ pid }) => statOf(Number(pid))));
      return stats.reduce((sum, stat) => sum + (stat?.cpuSeconds ?? 0), 0);
    },
    async endProfileSegment(label) {
      if (!profileDir || !server.child.pid) return;
      await writeFile(path.join(profileDir, `label-${server.child.pid}`), `${kind}-${label}`);
      server.child.kill('SIGUSR2');
      // The segment is written synchronously on the signal; give the process a moment to get it.
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
    async stopAndInspect(work) {
      try {
        await stopServerProcess(server);
        return work ? await inspect(work) : undefined;
      } finally {
        await remove();
      }
    },
  };
}

/** A process's parent and CPU seconds (user + system), from /proc/<pid>/stat; null once gone. */
async function statOf(pid: number): Promise<{ parent: number; cpuSeconds: number } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return {
      parent: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
    };
  } catch {
    return null;
  }
}

/** CPU seconds used by a process and its children (WORKERS>1: the cluster's workers). */
async function cpuSecondsOfTree(pid: number): Promise<number> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const stats = await Promise.all(
    pids.map(async (each) => ({ pid: each, stat: await statOf(each) })),
  );
  return stats
    .filter(({ pid: each, stat }) => each === pid || stat?.parent === pid)
    .reduce((sum, { stat }) => sum + (stat?.cpuSeconds ?? 0), 0);
}
