import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { accounts } from '../../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;

export async function insertAccounts(db: Queryable, rows: NewAccount[]): Promise<void> {
  if (rows.length > 0) await db.insert(accounts).values(rows);
}

/** The owner's accounts in the order of the `accts` session item. */
export async function listAccountsOf(db: Queryable, ownerId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.ownerId, ownerId))
    .orderBy(asc(accounts.position));
}
