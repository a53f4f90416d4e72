import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
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
  /** More writes of the caller's (the code's message), in the same transaction. */
  alongside?: (within: Queryable) => Promise<unknown>,
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
    await alongside?.(tx);
    return row;
  });
}

export interface AttemptedCode {
  /** The code's row with this attempt counted; `consumedAt` as it was before the attempt. */
  row: OneTimeCodeRow;
  /** Whether this very attempt used the code up (it was the right, live code). */
  consumed: boolean;
}

/**
 * Counts one attempt on the code in use for this purpose and reference and, when `candidateHash`
 * is its hash and the code can still be used (judgeAttempt's 'ok': not consumed, not expired,
 * within its attempts), marks it consumed, all in one statement; null when no code was ever
 * issued. The code in use is the one not yet consumed (issuing retires the others), else the
 * newest, so that a used code answers as used. Its row is locked first (`for update`), so that
 * parallel attempts each count and, of two right answers at once, exactly one consumes it.
 * Comparing keyed hashes in SQL tells nothing by its timing: without the signing secret nobody
 * can aim a guess at a prefix of the stored hash.
 */
export async function attemptCode(
  db: Queryable,
  attempt: { purpose: string; reference: string; candidateHash: string; now: Date },
): Promise<AttemptedCode | null> {
  const { purpose, reference, candidateHash, now } = attempt;
  const target = db.$with('target').as(
    db
      .select({
        id: oneTimeCodes.id,
        wasLive: sql<boolean>`${oneTimeCodes.consumedAt} is null`.as('was_live'),
      })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.reference, reference)))
      .orderBy(sql`${oneTimeCodes.consumedAt} is null desc`, desc(oneTimeCodes.createdAt))
      .limit(1)
      .for('update'),
  );
  const usable = sql`${oneTimeCodes.consumedAt} is null and ${oneTimeCodes.expiresAt} > ${now}
    and ${oneTimeCodes.attempts} < ${oneTimeCodes.maxAttempts}
    and ${oneTimeCodes.codeHash} = ${candidateHash}`;
  const [updated] = await db
    .with(target)
    .update(oneTimeCodes)
    .set({
      attempts: sql`${oneTimeCodes.attempts} + 1`,
      consumedAt: sql`case when ${usable} then ${now} else ${oneTimeCodes.consumedAt} end`,
    })
    .from(target)
    .where(eq(oneTimeCodes.id, target.id))
    .returning({
      ...getTableColumns(oneTimeCodes),
      consumed: sql<boolean>`${target.wasLive} and ${oneTimeCodes.consumedAt} is not null`,
    });
  if (!updated) return null;
  const { consumed, ...row } = updated;
  return { row: consumed ? { ...row, consumedAt: null } : row, consumed };
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
