import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { challenges } from '../../../db/schema';
import type { ChallengeStatus } from './challenge.rules';

/** The `challenges` table (ADR 0026): identity's own; other modules go through the service. */
export type ChallengeRow = typeof challenges.$inferSelect;
export type NewChallenge = typeof challenges.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertChallenge(db: Queryable, row: NewChallenge): Promise<ChallengeRow> {
  const [inserted] = await db.insert(challenges).values(row).returning();
  if (!inserted) throw new Error('insert into challenges returned no row');
  return inserted;
}

export async function findChallenge(db: Queryable, id: string): Promise<ChallengeRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id)).limit(1);
  return row ?? null;
}

/** The newest challenge a caller asked for this purpose and reference (a transfer's id). */
export async function findLatestChallenge(
  db: Queryable,
  purpose: string,
  reference: string,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(challenges)
    .where(and(eq(challenges.purpose, purpose), eq(challenges.reference, reference)))
    .orderBy(desc(challenges.createdAt))
    .limit(1);
  return row ?? null;
}

/** What the method kept when it asked, for its checks. */
export async function recordMethodState(
  db: Queryable,
  id: string,
  methodState: Record<string, unknown>,
): Promise<void> {
  await db.update(challenges).set({ methodState }).where(eq(challenges.id, id));
}

/**
 * Writes a transition, only over the state it was decided from (still asked, with the attempts
 * read): of two answers racing, one writes and the other reads the challenge again. Answers
 * the row written, or null when another answer got there first.
 */
export async function writeTransition(
  db: Queryable,
  id: string,
  from: { attempts: number },
  to: { status: ChallengeStatus; attempts: number; now: Date },
): Promise<ChallengeRow | null> {
  const [row] = await db
    .update(challenges)
    .set({
      status: to.status,
      attempts: to.attempts,
      settledAt: to.status === 'asked' ? null : to.now,
    })
    .where(
      and(
        eq(challenges.id, id),
        eq(challenges.status, 'asked'),
        eq(challenges.attempts, from.attempts),
      ),
    )
    .returning();
  return row ?? null;
}
