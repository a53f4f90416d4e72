import { and, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../../../db/database';
import { recoveryCodeFailures, recoveryCodes } from '../../../../db/schema';
import type { RecoveryAttempts } from './recovery-code.rules';

/** SQL of the recovery codes; the service calls these in its transactions. */

export type StoredRecoveryCode = Pick<
  typeof recoveryCodes.$inferSelect,
  'id' | 'userId' | 'salt' | 'codeHash'
>;

/** Replaces the customer's set: every old code goes, the new hashes come in. */
export async function replaceSet(
  tx: Queryable,
  userId: string,
  rows: { salt: string; codeHash: string }[],
  now: Date,
): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(rows.map((row) => ({ ...row, userId, createdAt: now })));
  await saveAttempts(tx, userId, { failures: 0, lockedUntil: null });
}

/** The customer's unused codes (at most a set's worth). */
export async function unusedCodesOf(tx: Queryable, userId: string): Promise<StoredRecoveryCode[]> {
  return tx
    .select({
      id: recoveryCodes.id,
      userId: recoveryCodes.userId,
      salt: recoveryCodes.salt,
      codeHash: recoveryCodes.codeHash,
    })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

/**
 * Burns one code: true when this statement marked it used. The condition on `used_at` is
 * checked again by PostgreSQL on the row it waited for, so of two burns of one code only one
 * answers true, even without the customer's lock.
 */
export async function burnCode(tx: Queryable, codeId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, codeId), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/** How many unused codes the customer has, and when the set was made (null: no set). */
export async function setStatusOf(
  db: Queryable,
  userId: string,
): Promise<{ remaining: number; generatedAt: Date | null }> {
  const [row] = await db
    .select({
      remaining: sql<number>`count(*) filter (where ${recoveryCodes.usedAt} is null)`.mapWith(
        Number,
      ),
      total: count(),
      generatedAt: max(recoveryCodes.createdAt),
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  if (!row || row.total === 0) return { remaining: 0, generatedAt: null };
  return { remaining: row.remaining, generatedAt: row.generatedAt };
}

export async function attemptsOf(tx: Queryable, userId: string): Promise<RecoveryAttempts> {
  const [row] = await tx
    .select({
      failures: recoveryCodeFailures.failures,
      lockedUntil: recoveryCodeFailures.lockedUntil,
    })
    .from(recoveryCodeFailures)
    .where(eq(recoveryCodeFailures.userId, userId));
  return row ?? { failures: 0, lockedUntil: null };
}

export async function saveAttempts(
  tx: Queryable,
  userId: string,
  attempts: RecoveryAttempts,
): Promise<void> {
  await tx
    .insert(recoveryCodeFailures)
    .values({ userId, ...attempts })
    .onConflictDoUpdate({ target: recoveryCodeFailures.userId, set: attempts });
}
