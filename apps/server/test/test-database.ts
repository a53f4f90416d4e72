import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { MIGRATIONS_FOLDER, migrateDatabase, readJournal } from '../src/db/migrate';

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

/**
 * Where the migrated PGlite template is kept: named after the PGlite version and every migration
 * file, so that a changed or added migration (or another PGlite) makes a new one, and runs,
 * workers and files with the same migrations share it.
 */
async function pgliteTemplatePath(): Promise<string> {
  // The package's exports hide its package.json: read it beside the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const hash = createHash('sha256').update(`pglite ${version}\n`);
  for (const migration of await readJournal()) {
    hash.update(await readFile(path.join(MIGRATIONS_FOLDER, `${migration.tag}.sql`)));
  }
  const name = `pglite-${hash.digest('hex').slice(0, 24)}.tar`;
  return path.join(tmpdir(), 'anybank-test-templates', name);
}

/** How long an unused template (of migrations since changed) stays beside the current one. */
const STALE_TEMPLATE_MS = 60 * 60 * 1000;

/**
 * Removes the templates of other migrations (and partial files a killed run left) not written for
 * an hour, so that they do not pile up in the temporary directory. A run still reading one keeps
 * its open file; one about to read it finds none and makes it again.
 */
async function removeStaleTemplates(current: string): Promise<void> {
  const folder = path.dirname(current);
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    if (file === current || !/^pglite-[0-9a-f]+\.tar(\.\d+\.[0-9a-f]+)?$/.test(name)) continue;
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > STALE_TEMPLATE_MS) await rm(file, { force: true });
  }
}

/** This worker's template: read (or made) once, loaded by each of its PGlite databases. */
let pgliteTemplate: Promise<Blob> | null = null;

/**
 * A migrated PGlite data directory, dumped: migrating a new PGlite takes ~2.5 s, loading the dump
 * ~0.6 s. The first worker that finds none migrates one and writes it (to a temporary name, then
 * renamed: a worker never reads half a file; two that race write the same thing).
 */
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = await pgliteTemplatePath();
    try {
      return new Blob([await readFile(file)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      await migrateDatabase(handle);
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      await removeStaleTemplates(file);
      return dump;
    } finally {
      await handle.close();
    }
  })();
  pgliteTemplate.catch(() => {
    pgliteTemplate = null;
  });
  return pgliteTemplate;
}

/** A new, migrated database of its own: tests never see each other's rows or earlier runs'. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({
      kind: 'pglite',
      dataDir: 'memory://',
      loadDataDir: await migratedPgliteTemplate(),
    });
    // Applies nothing on the template, but still checks the migration history as at start-up.
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
