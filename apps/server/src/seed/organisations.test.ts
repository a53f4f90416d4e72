import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETAIL_SHOP_COMPANY } from '@anybank/contracts';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { MIGRATIONS_FOLDER, migrateDatabase, readJournal } from '../db/migrate';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from '../db/schema';

/**
 * The users table as the earlier install had it: the squatter is written with these columns
 * only (the schema's `users` names columns later migrations added).
 */
const earlierUsers = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  uid: text('uid').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  userType: text('user_type').notNull(),
  passwordHash: text('password_hash'),
});

const ORGANISATIONS_MIGRATION = '0014_bank_organisations';

/**
 * The migration that makes the organisations, on a database of an earlier install where the
 * merchant's username (and its address) were already held — by the shop's company as it was
 * opened on first use, or by whoever registered the name first: that entry is moved aside with
 * its money, and the organisation with the fixed id is the one that holds the name from then on.
 */
describe('the organisations’ migration on an earlier install', () => {
  let folder: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // The migrations as they were before this one.
    folder = await mkdtemp(path.join(tmpdir(), 'anybank-migrations-'));
    await mkdir(path.join(folder, 'meta'));
    const entries = await readJournal();
    const before = entries.slice(
      0,
      entries.findIndex((entry) => entry.tag === ORGANISATIONS_MIGRATION),
    );
    expect(before.length).toBeGreaterThan(0);
    for (const entry of before) {
      await copyFile(
        path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
        path.join(folder, `${entry.tag}.sql`),
      );
    }
    await writeFile(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: before }),
    );
    handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(handle, folder);
  });
  afterAll(async () => {
    await handle.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('moves a squatter of the merchant’s username and address aside, keeping their money, and makes the organisation by its fixed id', async () => {
    const { db } = handle;
    const [squatter] = await db
      .insert(earlierUsers)
      .values({
        uid: RETAIL_SHOP_COMPANY.uid,
        firstName: 'Retail Shop',
        lastName: 'Ltd',
        email: RETAIL_SHOP_COMPANY.email,
        userType: 'customer',
        passwordHash: 'a password of theirs',
      })
      .returning({ id: earlierUsers.id });
    await db.insert(accounts).values({
      id: '7777777777',
      ownerId: squatter!.id,
      kind: 'checking',
      position: 0,
      balanceCents: 4210,
      numberSuffix: '7777',
    });

    await migrateDatabase(handle);

    const entries = await db
      .select({ id: users.id, uid: users.uid, email: users.email })
      .from(users)
      .where(inArray(users.id, [squatter!.id, RETAIL_SHOP_COMPANY.id]));
    const prefix = squatter!.id.slice(0, 8);
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    expect(byId.get(RETAIL_SHOP_COMPANY.id)).toEqual({
      id: RETAIL_SHOP_COMPANY.id,
      uid: RETAIL_SHOP_COMPANY.uid,
      email: RETAIL_SHOP_COMPANY.email,
    });
    expect(byId.get(squatter!.id)).toEqual({
      id: squatter!.id,
      uid: `${RETAIL_SHOP_COMPANY.uid}-${prefix}`,
      email: `${prefix}.${RETAIL_SHOP_COMPANY.email}`,
    });
    // Their account and money stay theirs; the organisation's account is its own, empty.
    expect(
      await db
        .select({ owner: accounts.ownerId, balance: accounts.balanceCents })
        .from(accounts)
        .where(inArray(accounts.id, ['7777777777', RETAIL_SHOP_COMPANY.accountId]))
        .orderBy(accounts.id),
    ).toEqual([
      { owner: RETAIL_SHOP_COMPANY.id, balance: 0 },
      { owner: squatter!.id, balance: 4210 },
    ]);
    const [organisation] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, RETAIL_SHOP_COMPANY.id));
    expect(organisation).toEqual({ passwordHash: null });
  });
});
