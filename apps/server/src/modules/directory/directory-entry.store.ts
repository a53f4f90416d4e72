import { count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { accounts, mfaDevices, users } from '../../db/schema';
import type { AdminAttributes } from './directory-entry.rules';
import type { UserRow } from './directory.store';

/** The user's row, locked until the transaction ends: two changes of one entry queue up. */
export async function lockUserById(db: Queryable, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row ?? null;
}

export async function updateAdminAttributes(
  db: Queryable,
  userId: string,
  attributes: AdminAttributes,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...attributes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** The demo admin's "high risk on next sign-in" switch (identity's risk engine takes it once). */
export async function setHighRiskNextSignIn(
  db: Queryable,
  userId: string,
  on: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ highRiskNextSignIn: on, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Clears the identity-verified flag; answers whether the user exists. */
export async function clearIdentityVerified(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ identityVerified: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** How many accounts and second-factor devices the user has. */
export async function countEntryHoldings(
  db: Queryable,
  userId: string,
): Promise<{ accounts: number; devices: number }> {
  const [owned] = await db
    .select({ rows: count() })
    .from(accounts)
    .where(eq(accounts.ownerId, userId));
  const [devices] = await db
    .select({ rows: count() })
    .from(mfaDevices)
    .where(eq(mfaDevices.userId, userId));
  return { accounts: Number(owned?.rows ?? 0), devices: Number(devices?.rows ?? 0) };
}

/** Deletes the user's row; its foreign keys cascade to every row keyed to the user. */
export async function deleteUserRow(db: Queryable, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
