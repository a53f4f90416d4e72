import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { accounts, mfaDevices, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type NewMfaDevice = typeof mfaDevices.$inferInsert;

export async function findUserByUid(db: Queryable, uid: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid.toLowerCase())).limit(1);
  return row ?? null;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, uid: user.uid.toLowerCase() })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function insertAccounts(db: Queryable, rows: NewAccount[]): Promise<void> {
  if (rows.length > 0) await db.insert(accounts).values(rows);
}

export async function insertMfaDevices(db: Queryable, rows: NewMfaDevice[]): Promise<void> {
  if (rows.length > 0) await db.insert(mfaDevices).values(rows);
}

/** The owner's accounts in the order of the `accts` session item. */
export async function listAccountsOf(db: Queryable, ownerId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.ownerId, ownerId))
    .orderBy(asc(accounts.position));
}
