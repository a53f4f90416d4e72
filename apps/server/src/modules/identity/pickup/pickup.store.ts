import { and, eq, gt, lt } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { pickupReferences } from '../../../db/schema';

export type NewPickupReference = typeof pickupReferences.$inferInsert;

export async function insertPickupReference(db: Queryable, row: NewPickupReference): Promise<void> {
  // Old references are dead anyway; dropping them here keeps the table small without a job.
  await db.delete(pickupReferences).where(lt(pickupReferences.expiresAt, new Date()));
  await db.insert(pickupReferences).values(row);
}

/**
 * Takes a reference for good, in one statement: only with its binding, before it expires, and
 * only once however many requests race for it.
 */
export async function consumePickupReference(
  db: Queryable,
  match: { refHash: string; bindingHash: string; referenceType: string },
) {
  const [row] = await db
    .delete(pickupReferences)
    .where(
      and(
        eq(pickupReferences.refHash, match.refHash),
        eq(pickupReferences.bindingHash, match.bindingHash),
        eq(pickupReferences.referenceType, match.referenceType),
        gt(pickupReferences.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}
