import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { queryRows, type DatabaseHandle } from './database';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The command that applies the migrations alone (migrate.cli.ts), named where it is needed. */
export const MIGRATE_COMMAND = 'npm run db:migrate';

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export async function readJournal(folder = MIGRATIONS_FOLDER): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * Problems Drizzle's migrator does not see: it skips a migration older than the last applied
 * one, and it ignores edits to an applied file. Returns one sentence per problem.
 */
export function journalProblems(
  entries: JournalEntry[],
  applied: { hash: string; createdAt: number }[],
  fileHashes: Map<string, string>,
): string[] {
  const problems: string[] = [];
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    if (previous && entry.when <= previous.when) {
      problems.push(
        `Migration ${entry.tag} is not newer than ${previous.tag}: it would be skipped.`,
      );
    }
  });
  for (const row of applied) {
    const entry = entries.find((candidate) => candidate.when === row.createdAt);
    if (!entry) continue;
    if (fileHashes.get(entry.tag) !== row.hash) {
      problems.push(
        `Migration ${entry.tag} was edited after it was applied: write a new migration.`,
      );
    }
  }
  return problems;
}

/**
 * The migrations of the journal that the database has not applied (by the moment each was
 * written, which is what Drizzle's migrator records): none means the schema is current.
 */
export function unappliedMigrations(entries: JournalEntry[], appliedAt: number[]): string[] {
  const applied = new Set(appliedAt);
  return entries.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
}

/**
 * What this database still lacks of the server's migrations; all of them when it has never been
 * migrated (no migrations table yet).
 */
export async function pendingMigrations(
  handle: DatabaseHandle,
  folder = MIGRATIONS_FOLDER,
): Promise<string[]> {
  const entries = await readJournal(folder);
  const [table] = await queryRows<{ present: boolean }>(
    handle.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return entries.map((entry) => entry.tag);
  const applied = await queryRows<{ created_at: string | number }>(
    handle.db,
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  return unappliedMigrations(
    entries,
    applied.map((row) => Number(row.created_at)),
  );
}

async function fileHashes(entries: JournalEntry[], folder: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const entry of entries) {
    const text = await readFile(path.join(folder, `${entry.tag}.sql`), 'utf8');
    hashes.set(entry.tag, createHash('sha256').update(text).digest('hex'));
  }
  return hashes;
}

/** Applies the migrations at start-up, one instance at a time, and refuses a tampered history. */
export async function migrateDatabase(handle: DatabaseHandle, folder = MIGRATIONS_FOLDER) {
  const { db } = handle;
  const run = async () => {
    if (handle.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      await migratePostgres(db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
    const entries = await readJournal(folder);
    const applied = await queryRows<{ hash: string; created_at: string | number }>(
      db,
      sql`select hash, created_at from drizzle.__drizzle_migrations`,
    );
    const problems = journalProblems(
      entries,
      applied.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) })),
      await fileHashes(entries, folder),
    );
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };

  await handle.withMigrationLock(run);
}
