import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';
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
