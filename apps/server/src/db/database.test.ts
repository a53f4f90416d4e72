import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/test-database';
import { DataDirInUseError, processStartTime } from './data-dir-lock';
import { openDatabase, type Database } from './database';
import { migrateDatabase } from './migrate';
import { accounts, users } from './schema';
import { newPgliteDataDir } from '../../test/pglite-data-dir';

async function insertCustomer(db: Database, uid: string, email = `${uid}@example.com`) {
  const [user] = await db
    .insert(users)
    .values({ uid, firstName: 'Test', lastName: 'User', email, userType: 'customer' })
    .returning();
  return user!;
}

/** The SQLSTATE of a failed query, whichever driver raised it (Drizzle wraps the cause). */
async function sqlStateOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { code?: string }; code?: string }).cause ?? error;
    return (cause as { code?: string }).code;
  }
  return undefined;
}

describe.each(DATABASE_KINDS)('data layer on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(() => test.drop());

  it('keeps money as whole cents, read back as numbers', async () => {
    const owner = await insertCustomer(test.handle.db, `cents.${kind}`);
    await test.handle.db.insert(accounts).values({
      id: `a-cents-${kind}`,
      ownerId: owner.id,
      kind: 'checking',
      position: 0,
      balanceCents: 9_007_199_254_740,
      numberSuffix: '0001',
    });
    const [row] = await test.handle.db
      .select()
      .from(accounts)
      .where(eq(accounts.ownerId, owner.id));
    expect(row?.balanceCents).toBe(9_007_199_254_740);
    expect(typeof row?.balanceCents).toBe('number');
  });

  it('refuses a negative balance on a deposit account (check constraint)', async () => {
    const owner = await insertCustomer(test.handle.db, `negative.${kind}`);
    const insert = test.handle.db.insert(accounts).values({
      id: `a-neg-${kind}`,
      ownerId: owner.id,
      kind: 'savings',
      position: 1,
      balanceCents: -1,
      numberSuffix: '0002',
    });
    expect(await sqlStateOf(insert)).toBe('23514');
  });

  it('refuses a second user with the same e-mail in another letter case', async () => {
    await insertCustomer(test.handle.db, `first.${kind}`, `Same.${kind}@Example.com`);
    expect(
      await sqlStateOf(
        insertCustomer(test.handle.db, `second.${kind}`, `same.${kind}@example.com`),
      ),
    ).toBe('23505');
  });

  it('applies the migrations once: running them again changes nothing', async () => {
    await expect(migrateDatabase(test.handle)).resolves.toBeUndefined();
  });
});

describe('a restart keeps the data', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('on PGlite: write, stop, start, read', async () => {
    const dataDir = await newPgliteDataDir('anybank-restart-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(first);
    await insertCustomer(first.db, 'kept.after.restart');
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    cleanups.unshift(() => second.close());
    const [row] = await second.db.select().from(users).where(eq(users.uid, 'kept.after.restart'));
    expect(row?.email).toBe('kept.after.restart@example.com');
  });

  it('on PGlite: a second server cannot open the same data directory', async () => {
    const dataDir = await newPgliteDataDir('anybank-lock-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const owner = await openDatabase({ kind: 'pglite', dataDir });
    cleanups.unshift(() => owner.close());
    // Another process holds the lock: simulate it with the parent process's pid.
    await writeFile(path.join(dataDir, 'server.lock'), String(process.ppid));
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
  });

  it('on PGlite: a lock naming a live pid with its own start time keeps a second server away', async () => {
    const dataDir = await newPgliteDataDir('anybank-lock-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const started = await processStartTime(process.ppid);
    await writeFile(path.join(dataDir, 'server.lock'), `${process.ppid} ${started}`);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
  });

  it('on PGlite: takes over a lock whose pid now belongs to a process started later', async () => {
    const dataDir = await newPgliteDataDir('anybank-lock-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The owner died; its pid went to a process that started after it (here: the parent).
    await writeFile(path.join(dataDir, 'server.lock'), `${process.ppid} 1`);
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    cleanups.unshift(() => reopened.close());
    const lock = await readFile(path.join(dataDir, 'server.lock'), 'utf8');
    expect(lock.split(' ')[0]).toBe(String(process.pid));
  });

  it.runIf(DATABASE_KINDS.includes('postgres'))(
    'on PostgreSQL: write, stop, start, read',
    async () => {
      const test = await createTestDatabase('postgres');
      cleanups.push(() => test.drop());
      await insertCustomer(test.handle.db, 'kept.in.postgres');
      await test.handle.close();

      const reopened = await openDatabase({ kind: 'postgres', url: test.url ?? '' });
      cleanups.unshift(() => reopened.close());
      const [row] = await reopened.db.select().from(users).where(eq(users.uid, 'kept.in.postgres'));
      expect(row?.email).toBe('kept.in.postgres@example.com');
    },
  );
});
