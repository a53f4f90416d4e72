import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';

/** Any 64-bit number, the same in every instance: serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 4_242_017_001;

/** One type for both drivers: the code above this file never knows which one it talks to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a store function accepts: the database, or a transaction it should take part in. */
export type Queryable = Database | Transaction;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      dataDir: string;
      /**
       * A dumped data directory (`PGlite.dumpDataDir`) the database starts as: the tests load one
       * migrated copy (~0.6 s) instead of migrating a new database each (~2.5 s).
       */
      loadDataDir?: Blob;
    };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** Runs a trivial query; throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * PostgreSQL: how the connection pool is used now (README "Metrics"); PGlite: null,
   * it has one connection inside the process and no pool.
   */
  poolUse: (() => PoolUse) | null;
  /** Runs `work` while no other instance migrates (instances starting together collide). */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, idle among them, and the most the pool opens. */
  total: number;
  idle: number;
  max: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** Closing twice (a test's cleanup after the code under test closed it) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

/**
 * Opens the embedded PGlite database (one directory, one owner process: a lock file keeps a
 * second server away, since two processes on one data directory silently lose rows) or a
 * PostgreSQL server. `dataDir: 'memory://'` opens a throwaway in-memory PGlite.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // At least 2 connections: a transaction while another client is checked out hangs with 1.
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on('error', () => {
      // An idle client lost its connection (server restart, dropped database); the pool
      // replaces it on next use, and the query that needs it reports the failure.
    });
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        max: pool.options.max,
        waiting: pool.waitingCount,
      }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      withMigrationLock: async (work) => {
        // A session-level advisory lock belongs to one connection: hold that one throughout.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      close: once(() => pool.end()),
    };
  }

  const inMemory = target.dataDir.startsWith('memory://');
  const releaseLock = inMemory ? async () => {} : await acquireDataDirLock(target.dataDir);
  try {
    const storage = inMemory ? target.dataDir : path.resolve(target.dataDir, 'pglite');
    if (!inMemory) await mkdir(storage, { recursive: true });
    const client = await PGlite.create(
      storage,
      target.loadDataDir ? { loadDataDir: target.loadDataDir } : {},
    );
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      poolUse: null,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      // One process owns the directory (the lock file), so nothing else can migrate meanwhile.
      withMigrationLock: (work) => work(),
      close: once(async () => {
        await client.close();
        await releaseLock();
      }),
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/** Raw SQL for the few queries the query builder cannot say; both drivers answer `{ rows }`. */
export async function queryRows<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `query` as a statement PostgreSQL parses and plans once per connection rather than on every
 * call (a named prepared statement): for the hottest requests, whose small queries cost less to
 * run than to plan. `query` marks each value with `sql.placeholder(name)`, and `name` is the
 * statement's own (one text per name). Both drivers answer `{ rows }`, as `queryRows` does.
 */
export function preparedStatement<Row>(
  name: string,
  query: SQL,
): (db: Queryable, values: Record<string, unknown>) => Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  // A prepared query belongs to the session it was made in (the pool's, or a transaction's).
  const bySession = new WeakMap<object, { execute(values: Record<string, unknown>): unknown }>();
  return async (db, values) => {
    const { session } = db._;
    let prepared = bySession.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(built, undefined, name, false);
      bySession.set(session, prepared);
    }
    return ((await prepared.execute(values)) as { rows: Row[] }).rows;
  };
}
