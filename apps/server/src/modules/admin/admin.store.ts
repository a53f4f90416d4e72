import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';

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
