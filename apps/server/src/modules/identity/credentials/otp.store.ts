import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { oneTimeCodes } from '../../../db/schema';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

export interface NewOneTimeCode {
  userId: string;
  purpose: string;
  reference: string;
  codeHash: string;
  maxAttempts: number;
  expiresAt: Date;
}

/**
 * Stores a new code and retires every earlier code for the same purpose and reference (marked
 * consumed), in one transaction: only the last code sent works. The advisory lock, held until
 * commit, keeps two codes issued at once for one reference from both staying alive; the retiring
 * and the insert are one statement after it (a data-modifying CTE), both seeing what the lock's
 * previous holder committed.
 */
export async function insertCode(
  db: Queryable,
  code: NewOneTimeCode,
  now: Date,
): Promise<OneTimeCodeRow> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${JSON.stringify([code.purpose, code.reference])}, 0))`,
    );
    const retired = tx.$with('retired', { id: oneTimeCodes.id }).as(
      tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(oneTimeCodes.purpose, code.purpose),
            eq(oneTimeCodes.reference, code.reference),
            isNull(oneTimeCodes.consumedAt),
          ),
        )
        .returning({ id: oneTimeCodes.id })
        .getSQL(),
    );
    const [row] = await tx
      .with(retired)
      .insert(oneTimeCodes)
      .values({ ...code, createdAt: now })
      .returning();
    if (!row) throw new Error('insert into one_time_codes returned no row');
    return row;
  });
}

/**
 * Counts one attempt on the code in use for this purpose and reference and returns it with the
 * attempt counted; null when no code was ever issued. The code in use is the one not yet
 * consumed (issuing retires the others), else the newest, so that a used code answers as used.
 * One `update`: parallel attempts each count (PostgreSQL re-reads the row it waited for).
 */
export async function attemptLatestCode(
  db: Queryable,
  purpose: string,
  reference: string,
): Promise<OneTimeCodeRow | null> {
  const latest = db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.reference, reference)))
    .orderBy(sql`${oneTimeCodes.consumedAt} is null desc`, desc(oneTimeCodes.createdAt))
    .limit(1);
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, latest))
    .returning();
  return row ?? null;
}

/**
 * Marks the code used, only if nobody did first: of two parallel right answers exactly one
 * gets `true`.
 */
export async function consumeCode(db: Queryable, id: string, now: Date): Promise<boolean> {
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return consumed.length === 1;
}

/**
 * Retires every live code for this purpose and reference (marked consumed, so none of them
 * works any more) and tells how many there were: 0 when no code was waiting.
 */
export async function retireCodes(
  db: Queryable,
  purpose: string,
  reference: string,
  now: Date,
): Promise<number> {
  const retired = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.reference, reference),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return retired.length;
}
