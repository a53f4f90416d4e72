import { asc, eq, inArray, sql } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ORGANISATIONS, DEMO_PASSWORD, RETAIL_SHOP_COMPANY } from '@anybank/contracts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/test-database';
import type { Database } from '../db/database';
import { accounts, consents, ledgerEntries, mfaDevices, transfers, users } from '../db/schema';
import { listAccountsOf } from '../modules/banking/accounts.store';
import { findUserByUid, insertUser } from '../modules/directory/directory.store';
import { hashPassword } from '../modules/identity/credentials/password.service';
import { demoOpeningBalances, ledgerProblems } from '../../test/ledger-invariant';
import { DEMO_USERS } from './demo-data';
import {
  demoUsersWithDemoPassword,
  removeDemoUsers,
  seedDemoData,
  seedOrCheckDemoUsers,
} from './seed';

/** Every seeded row, in a stable order: what "the same rows" means. */
async function snapshot(db: Database) {
  return {
    users: await db.select().from(users).orderBy(asc(users.uid)),
    accounts: await db.select().from(accounts).orderBy(asc(accounts.id)),
    devices: await db.select().from(mfaDevices).orderBy(asc(mfaDevices.id)),
    consents: await db.select().from(consents).orderBy(asc(consents.id)),
  };
}

describe.each(DATABASE_KINDS)('demo seed on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDemoData(test.handle.db);
  });
  afterAll(() => test.drop());

  it('is idempotent: a second run leaves exactly the same rows', async () => {
    const before = await snapshot(test.handle.db);
    expect(await seedDemoData(test.handle.db)).toEqual({ created: [] });
    expect(await snapshot(test.handle.db)).toEqual(before);
  });

  it('creates jane.doe with three accounts, checking above the default deny threshold', async () => {
    const jane = await findUserByUid(test.handle.db, 'jane.doe');
    expect(jane).toMatchObject({
      email: 'jane.doe@example.com',
      mobile: '+15551234567',
      userType: 'customer',
      authnPreference: 'Password',
    });
    const janeAccounts = await listAccountsOf(test.handle.db, jane!.id);
    expect(janeAccounts.map((account) => account.kind)).toEqual([
      'checking',
      'savings',
      'rewards-visa',
    ]);
    expect(janeAccounts[0]!.balanceCents).toBeGreaterThan(10_000 * 100);
    const devices = await test.handle.db
      .select()
      .from(mfaDevices)
      .where(eq(mfaDevices.userId, jane!.id));
    expect(devices.map((device) => device.type).sort()).toEqual(['Email', 'SMS']);
  });

  it('gives john.smith device sign-in, a push device and checking above the CIBA threshold', async () => {
    const john = await findUserByUid(test.handle.db, 'john.smith');
    expect(john?.authnPreference).toBe('Device');
    const devices = await test.handle.db
      .select()
      .from(mfaDevices)
      .where(eq(mfaDevices.userId, john!.id));
    expect(devices.map((device) => `${device.type}:${device.name}`).sort()).toEqual([
      'Email:Email',
      'iPhone:iPhone',
    ]);
    const [checking] = await listAccountsOf(test.handle.db, john!.id);
    expect(checking!.balanceCents).toBeGreaterThan(1_000 * 100);
  });

  it('creates the three partner users, each with an e-mail device at their own address', async () => {
    for (const [uid, userType] of [
      ['amy.davis', 'AnyWealthAdvisor'],
      ['maria.lopez', 'AnyMarketing'],
      ['sam.rivera', 'CustomerServiceRep'],
    ] as const) {
      const partner = await findUserByUid(test.handle.db, uid);
      expect(partner?.userType).toBe(userType);
      const devices = await test.handle.db
        .select()
        .from(mfaDevices)
        .where(eq(mfaDevices.userId, partner!.id));
      expect(devices).toMatchObject([{ type: 'Email', target: `${uid}@example.com` }]);
      expect(await listAccountsOf(test.handle.db, partner!.id)).toEqual([]);
    }
  });

  it('gives every demo user the demo password, hashed with argon2id', async () => {
    const all = await test.handle.db.select().from(users);
    expect(all.length).toBeGreaterThanOrEqual(15);
    const jane = all.find((user) => user.uid === 'jane.doe')!;
    expect(jane.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(jane.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(new Set(all.map((user) => user.passwordHash)).size).toBe(all.length);
  });

  it('gives the partner portals customers in varied consent states', async () => {
    const rows = await test.handle.db
      .select({
        definition: consents.definitionId,
        status: consents.status,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(consents)
      .groupBy(consents.definitionId, consents.status);
    const count = (definition: string, status: string) =>
      rows.find((row) => row.definition === definition && row.status === status)?.count ?? 0;
    expect(count('communication', 'accepted')).toBeGreaterThan(3);
    expect(count('communication', 'revoked')).toBeGreaterThan(0);
    expect(count('share-account-balances', 'accepted')).toBeGreaterThan(3);
    expect(count('share-account-balances', 'revoked')).toBeGreaterThan(0);
  });

  it('gives every demo customer ninety days of activity ending at the README’s balances, each balance the sum of its entries', async () => {
    const { db } = test.handle;
    expect(await ledgerProblems(db, await demoOpeningBalances(db))).toEqual([]);
    const DAY_MS = 24 * 60 * 60 * 1000;
    for (const demo of DEMO_USERS.filter((each) => each.balances)) {
      const user = await findUserByUid(db, demo.uid);
      const owned = await listAccountsOf(db, user!.id);
      expect(
        owned.map((account) => account.balanceCents),
        demo.uid,
      ).toEqual(demo.balances);
      for (const account of owned) {
        const [sums] = await db
          .select({
            total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number),
            count: sql<number>`count(*)`.mapWith(Number),
            oldest: sql<string>`min(${ledgerEntries.createdAt})`,
          })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.accountId, account.id));
        expect(sums!.total, `${demo.uid} ${account.kind}`).toBe(account.balanceCents);
        if (account.kind === 'checking') {
          // Salary, rent, utilities, groceries, card payments, transfers: every month.
          expect(sums!.count).toBeGreaterThan(25);
          const age = Date.now() - new Date(sums!.oldest).getTime();
          expect(age).toBeGreaterThan(89 * DAY_MS);
          expect(age).toBeLessThan(91 * DAY_MS);
        }
      }
    }
    const [jane] = await db.select({ id: users.id }).from(users).where(eq(users.uid, 'jane.doe'));
    const janeTransfers = await db.select().from(transfers).where(eq(transfers.userId, jane!.id));
    expect(janeTransfers.length).toBe(3);
    // None in the last 24 hours: the seeded history leaves the day's transfer limits untouched.
    for (const transfer of janeTransfers) {
      expect(Date.now() - transfer.createdAt.getTime()).toBeGreaterThan(2 * DAY_MS);
    }
  });

  it('writes the same activity, amounts and descriptions, every time it seeds', async () => {
    const activityOf = async (db: Database, uid: string) =>
      (
        await db
          .select({
            kind: accounts.kind,
            amount: ledgerEntries.amountCents,
            description: ledgerEntries.description,
            category: ledgerEntries.category,
          })
          .from(ledgerEntries)
          .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
          .innerJoin(users, eq(users.id, accounts.ownerId))
          .where(eq(users.uid, uid))
          .orderBy(asc(ledgerEntries.id))
      ).map((entry) => ({
        ...entry,
        // Account numbers are new at every seed; the rest is the same.
        description: entry.description.replace(/\d{4}( — thank you)?$/, '####$1'),
      }));
    const before = await activityOf(test.handle.db, 'michael.brown');
    expect(before.length).toBeGreaterThan(40);
    expect(before.every((entry) => entry.description !== '' && entry.category !== '')).toBe(true);
    const other = await createTestDatabase(kind);
    try {
      await seedDemoData(other.handle.db);
      expect(await activityOf(other.handle.db, 'michael.brown')).toEqual(before);
    } finally {
      await other.drop();
    }
  });

  it('restores the demo data with reset', async () => {
    const jane = await findUserByUid(test.handle.db, 'jane.doe');
    const [checking] = await listAccountsOf(test.handle.db, jane!.id);
    await test.handle.db
      .update(accounts)
      .set({ balanceCents: 1 })
      .where(eq(accounts.id, checking!.id));
    await test.handle.db.delete(users).where(eq(users.uid, 'ava.thomas'));

    const result = await seedDemoData(test.handle.db, { reset: true });
    expect(result.created).toContain('ava.thomas');
    const janeAgain = await findUserByUid(test.handle.db, 'jane.doe');
    const [restored] = await listAccountsOf(test.handle.db, janeAgain!.id);
    expect(restored!.balanceCents).toBe(2_450_000);
    expect(await findUserByUid(test.handle.db, 'ava.thomas')).not.toBeNull();
  });

  it('makes the organisations again with reset, exactly as the migration made them: same ids, names and account numbers, the account empty', async () => {
    const fresh = await createTestDatabase(kind);
    try {
      const migrated = await organisationRows(fresh.handle.db);
      expect(migrated.users.map((row) => row.id)).toEqual(
        BANK_ORGANISATIONS.map((organisation) => organisation.id).sort(),
      );
      expect(migrated.accounts.map((row) => row.id)).toEqual(
        BANK_ORGANISATIONS.map((organisation) => organisation.accountId).sort(),
      );
      // Paid into, then reset: the organisation is back as it was first made.
      await test.handle.db
        .update(accounts)
        .set({ balanceCents: 4210 })
        .where(eq(accounts.id, RETAIL_SHOP_COMPANY.accountId));
      await seedDemoData(test.handle.db, { reset: true });
      expect(await organisationRows(test.handle.db)).toEqual(migrated);
    } finally {
      await fresh.drop();
    }
  });
});

/** The organisations' directory entries and accounts, without the moments they were written. */
async function organisationRows(db: Database) {
  const ids = BANK_ORGANISATIONS.map((organisation) => organisation.id);
  const entries = await db
    .select()
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id));
  const held = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.ownerId, ids))
    .orderBy(asc(accounts.id));
  return {
    users: entries.map(({ createdAt: _c, updatedAt: _u, ...row }) => row),
    accounts: held.map(({ createdAt: _c, ...row }) => row),
  };
}

describe.each(DATABASE_KINDS)('removing the demo users (DEMO_TOOLS=off) on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await seedDemoData(test.handle.db);
  });
  afterAll(() => test.drop());

  it('names the demo users who still sign in with the demo password, and only those', async () => {
    const { db } = test.handle;
    expect(await demoUsersWithDemoPassword(db)).toHaveLength(DEMO_USERS.length);
    expect(await seedOrCheckDemoUsers(db, false)).toMatch(
      /^DEMO_TOOLS is off, but 15 demo users \(.+\) still sign in with the published demo password: remove them with `npm run seed -- --remove-demo-users`\.$/,
    );

    await db
      .update(users)
      .set({ passwordHash: await hashPassword('A.Different.Secret42') })
      .where(eq(users.uid, 'jane.doe'));
    const exposed = await demoUsersWithDemoPassword(db);
    expect(exposed).toHaveLength(DEMO_USERS.length - 1);
    expect(exposed).not.toContain('jane.doe');
  });

  it('removes every demo user with their accounts and devices, leaving other customers', async () => {
    const { db } = test.handle;
    await insertUser(db, {
      uid: 'real.customer',
      firstName: 'Real',
      lastName: 'Customer',
      email: 'real.customer@example.com',
      userType: 'customer',
    });
    const removed = await removeDemoUsers(db);
    expect(removed).toEqual(DEMO_USERS.map((demo) => demo.uid).sort());
    // The organisations the bank knows are no demo users: they stay.
    expect((await db.select({ uid: users.uid }).from(users)).map((row) => row.uid).sort()).toEqual(
      ['real.customer', ...BANK_ORGANISATIONS.map((organisation) => organisation.uid)].sort(),
    );
    expect((await db.select({ id: accounts.id }).from(accounts)).map((row) => row.id)).toEqual(
      BANK_ORGANISATIONS.map((organisation) => organisation.accountId),
    );
    expect(await db.select().from(mfaDevices)).toEqual([]);
    expect(await demoUsersWithDemoPassword(db)).toEqual([]);
    expect(await seedOrCheckDemoUsers(db, false)).toBeNull();
    expect(await removeDemoUsers(db)).toEqual([]);
  });

  it('seeds nothing when the demo tools are off', async () => {
    const fresh = await createTestDatabase(kind);
    try {
      expect(await seedOrCheckDemoUsers(fresh.handle.db, false)).toBeNull();
      // No demo user; the organisations the migration made, only.
      expect(
        (await fresh.handle.db.select({ id: users.id }).from(users)).map((row) => row.id),
      ).toEqual(BANK_ORGANISATIONS.map((organisation) => organisation.id));
    } finally {
      await fresh.drop();
    }
  });
});
