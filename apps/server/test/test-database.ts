import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type {} from './provided-context';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { MIGRATIONS_FOLDER, migrateDatabase, readJournal } from '../src/db/migrate';
import { seedDemoData } from '../src/seed/seed';
import { TEMPLATES_DIR, pgliteVersion } from './pglite-data-dir';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases the data tests run on: PGlite always, and PostgreSQL when TEST_DATABASE_URL
 * names a server (`.ci/run` sets it when one answers on 127.0.0.1:5432).
 */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * The one database the API tests run on whose subject is HTTP behaviour, not SQL: PostgreSQL
 * when TEST_DATABASE_URL names one, else PGlite. Measured on this project's 2-core machine, an
 * API test file's queries take about a third of the time on PostgreSQL that they take in
 * PGlite's WebAssembly. What is about the engines (the stores' own tests, locks, concurrent
 * requests, migrations, restarts, the ledger, two instances) keeps running on both
 * (DATABASE_KINDS); each file using this one says why it may.
 */
export const API_DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['postgres']
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
  const hash = createHash('sha256').update(`pglite ${await pgliteVersion()}\n`);
  for (const migration of await readJournal()) {
    hash.update(await readFile(path.join(MIGRATIONS_FOLDER, `${migration.tag}.sql`)));
  }
  const name = `pglite-${hash.digest('hex').slice(0, 24)}.tar`;
  return path.join(TEMPLATES_DIR, name);
}

/** How long an unused template (of migrations since changed) stays beside the current one. */
const STALE_TEMPLATE_MS = 60 * 60 * 1000;

/**
 * Removes the templates of other migrations (and partial files, and the seeded templates of runs
 * killed before their clean-up) not written for an hour, so that they do not pile up in the
 * temporary directory. A run still reading one keeps its open file; one about to read it finds
 * none and makes it again.
 */
async function removeStaleTemplates(current: string): Promise<void> {
  const folder = path.dirname(current);
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    const template = /^pglite-[0-9a-f]+(-seeded-[0-9a-f]+)?\.tar(\.\d+\.[0-9a-f]+)?$/;
    if (file === current || !template.test(name)) continue;
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

/**
 * The test run's id (from `global-setup.ts`), naming the seeded templates: those hold rows with
 * the time they were written, so each run seeds its own, moments before its tests. Null when the
 * tests run without that global set-up (seeded databases are then seeded one by one).
 */
function testRunId(): string | null {
  try {
    return inject('testRunId') ?? null;
  } catch {
    return null;
  }
}

/** This worker's seeded PGlite template (the migrated one with the demo data), once made. */
let seededPgliteTemplate: Promise<Blob> | null = null;

/** The migrated template plus the demo users, dumped once per run (read from disk by the rest). */
function migratedAndSeededPgliteTemplate(runId: string): Promise<Blob> {
  seededPgliteTemplate ??= (async () => {
    const file = (await pgliteTemplatePath()).replace(/\.tar$/, `-seeded-${runId}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const handle = await openDatabase({
      kind: 'pglite',
      dataDir: 'memory://',
      loadDataDir: await migratedPgliteTemplate(),
    });
    try {
      await seedDemoData(handle.db);
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await handle.close();
    }
  })();
  seededPgliteTemplate.catch(() => {
    seededPgliteTemplate = null;
  });
  return seededPgliteTemplate;
}

/** Serialises the making of PostgreSQL templates across workers and concurrent runs. */
const TEMPLATE_LOCK_KEY = 4_242_017_077;

/** The PostgreSQL database names of this run's templates (migrated; migrated and seeded). */
async function postgresTemplateNames(): Promise<{ migrated: string; seeded: string | null }> {
  const hash = path.basename(await pgliteTemplatePath()).slice('pglite-'.length, -'.tar'.length);
  const migrated = `anybank_template_${hash.slice(0, 16)}`;
  const runId = testRunId();
  return { migrated, seeded: runId ? `${migrated}_seeded_${runId}` : null };
}

/**
 * Makes the template database `name` unless it exists: built under a temporary name (with
 * `build`), then renamed, so that a database with the final name is always complete. Creating a
 * database from a template copies its files (~0.1 s) instead of migrating again (~1 s).
 */
async function ensurePostgresTemplate(
  name: string,
  from: string | null,
  build: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  await withAdmin(async (admin) => {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return;
      const partial = `${name.slice(0, 40)}_partial_${randomBytes(4).toString('hex')}`;
      await createPostgresDatabase(admin, partial, from);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${partial}`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        await build(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

/**
 * `create database`, from a template when `from` names one. Another worker copying the same
 * template at that moment makes PostgreSQL refuse ("being accessed by other users"): try again.
 */
async function createPostgresDatabase(admin: pg.Client, name: string, from: string | null) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`create database ${name}${from ? ` template ${from}` : ''}`);
      return;
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    }
  }
}

/** The template a new PostgreSQL test database is copied from: migrated, and seeded if asked. */
async function postgresTemplate(seeded: boolean): Promise<string | null> {
  const names = await postgresTemplateNames();
  await ensurePostgresTemplate(names.migrated, null, (handle) => migrateDatabase(handle));
  if (!seeded) return names.migrated;
  if (!names.seeded) return null;
  await ensurePostgresTemplate(names.seeded, names.migrated, async (handle) => {
    await seedDemoData(handle.db);
  });
  return names.seeded;
}

export interface TestDatabaseOptions {
  /**
   * With the demo users already in (as `seedDemoData` leaves them): copied from a template seeded
   * once per run, instead of hashing 15 passwords and writing their rows for each database.
   */
  seeded?: boolean;
}

/** A new, migrated database of its own: tests never see each other's rows or earlier runs'. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const seeded = options.seeded ?? false;
  if (kind === 'pglite') {
    const runId = seeded ? testRunId() : null;
    const handle = await openDatabase({
      kind: 'pglite',
      dataDir: 'memory://',
      loadDataDir: runId
        ? await migratedAndSeededPgliteTemplate(runId)
        : await migratedPgliteTemplate(),
    });
    // Applies nothing on the template, but still checks the migration history as at start-up.
    await migrateDatabase(handle);
    if (seeded && !runId) await seedDemoData(handle.db);
    return { handle, url: null, drop: () => handle.close() };
  }
  const template = await postgresTemplate(seeded);
  const name = `anybank_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => createPostgresDatabase(admin, name, template));
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrateDatabase(handle);
  if (seeded && !template) await seedDemoData(handle.db);
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Removes this run's seeded templates (`global-setup.ts` calls it at the end of the run): the
 * migrated ones stay for the next run, named after their migrations.
 */
export async function dropRunTemplates(runId: string): Promise<void> {
  const pgliteFile = (await pgliteTemplatePath()).replace(/\.tar$/, `-seeded-${runId}.tar`);
  await rm(pgliteFile, { force: true });
  if (!process.env.TEST_DATABASE_URL) return;
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`anybank\\_template\\_%\\_seeded\\_${runId}`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  });
}
