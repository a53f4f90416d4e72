import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { stepUps } from '../../../db/schema';

/**
 * Step-ups, each bound to the grant of the browser's sign-in. The grant id is a bearer value
 * inside every token of that sign-in: only its SHA-256 is kept.
 */
export function grantHashOf(grantId: string): string {
  return createHash('sha256').update(grantId).digest('base64url');
}

export async function recordStepUp(
  db: Queryable,
  record: { grantHash: string; userId: string; amr: string; at: Date },
): Promise<void> {
  await db.insert(stepUps).values({
    grantHash: record.grantHash,
    userId: record.userId,
    amr: record.amr,
    createdAt: record.at,
  });
}

/** Step-ups for this grant and user made after `since`. */
const stepUpsOf = (grantId: string, userId: string, since: Date) =>
  and(
    eq(stepUps.grantHash, grantHashOf(grantId)),
    eq(stepUps.userId, userId),
    gt(stepUps.createdAt, since),
  );

/** The latest step-up for this grant and user made after `since`, or null. */
export async function latestStepUpSince(
  db: Queryable,
  grantId: string,
  userId: string,
  since: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: stepUps.createdAt })
    .from(stepUps)
    .where(stepUpsOf(grantId, userId, since))
    .orderBy(desc(stepUps.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Spends the latest step-up for this grant and user made after `since`: true when there was
 * one. One statement, so two changes racing for one step-up cannot both have it (on PostgreSQL
 * the second delete waits for the first and then finds the row gone).
 */
export async function consumeStepUpSince(
  db: Queryable,
  grantId: string,
  userId: string,
  since: Date,
): Promise<boolean> {
  const latest = db
    .select({ id: stepUps.id })
    .from(stepUps)
    .where(stepUpsOf(grantId, userId, since))
    .orderBy(desc(stepUps.createdAt))
    .limit(1);
  const spent = await db
    .delete(stepUps)
    .where(inArray(stepUps.id, latest))
    .returning({ id: stepUps.id });
  return spent.length > 0;
}

/** Forgets step-ups older than `before`: none of them counts any more (kept short). */
export async function deleteStepUpsBefore(db: Queryable, before: Date): Promise<void> {
  await db.delete(stepUps).where(lt(stepUps.createdAt, before));
}
