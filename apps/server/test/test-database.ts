import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateDatabase } from '../src/db/migrate';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases the data tests run on: PGlite always, and PostgreSQL when TEST_DATABASE_URL
 * names a server (`.ci/run` sets it when one answers on 127.0.0.1:5432).
 */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** For PostgreSQL, the URL of this test's own database (to reopen it). */
  url: string | null;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, migrated database of its own: tests never see each other's rows or earlier runs'. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(handle);
    return { handle, url: null, drop: () => handle.close() };
  }
  const name = `anybank_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrateDatabase(handle);
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
