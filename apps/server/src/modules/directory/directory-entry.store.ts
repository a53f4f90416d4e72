import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { mfaDevices, users } from '../../db/schema';
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

/** How many second-factor devices the user has. */
export async function countMfaDevicesOf(db: Queryable, userId: string): Promise<number> {
  const [devices] = await db
    .select({ rows: count() })
    .from(mfaDevices)
    .where(eq(mfaDevices.userId, userId));
  return Number(devices?.rows ?? 0);
}

/** Deletes the user's row; its foreign keys cascade to every row keyed to the user. */
export async function deleteUserRow(db: Queryable, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Document 2 §4: the entry holds the amount while a transfer waits for approval. */
export async function setPendingTransferAmount(
  db: Queryable,
  userId: string,
  amountCents: number,
): Promise<void> {
  await db
    .update(users)
    .set({ accountTransferAmountCents: amountCents, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Back to null afterwards — unless another transfer of this user has written its own amount
 * meanwhile: that one is still pending and clears it itself. Whatever the interleaving, the
 * last transfer to finish leaves null.
 */
export async function clearPendingTransferAmount(
  db: Queryable,
  userId: string,
  amountCents: number,
): Promise<void> {
  await db
    .update(users)
    .set({ accountTransferAmountCents: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.accountTransferAmountCents, amountCents)));
}

/**
 * Adds one to the user's count of decided transfers, which locks their row until the
 * transaction ends (an update holds it as `FOR UPDATE` would); answers the thresholds as they
 * are under the lock, null when there is no such user.
 */
export async function countTransferDecision(
  tx: Queryable,
  userId: string,
): Promise<{ cibaThreshold: number | null; denyThreshold: number | null } | null> {
  const [row] = await tx
    .update(users)
    .set({ transferDecisions: sql`${users.transferDecisions} + 1` })
    .where(eq(users.id, userId))
    .returning({ cibaThreshold: users.cibaThreshold, denyThreshold: users.denyThreshold });
  return row ?? null;
}

/**
 * countTransferDecision as a step (a CTE body) of a caller's single statement, made only while
 * the count and the thresholds are still those given: answers the user's id when it counted.
 */
export function transferDecisionStepWhenUnchanged(
  userId: SQL,
  seen: { transferDecisions: SQL; cibaThreshold: SQL; denyThreshold: SQL },
): SQL {
  return sql`update ${users} set transfer_decisions = transfer_decisions + 1
      where id = ${userId}
        and transfer_decisions = ${seen.transferDecisions}
        and ciba_threshold is not distinct from ${seen.cibaThreshold}
        and deny_threshold is not distinct from ${seen.denyThreshold}
      returning id`;
}

/**
 * Takes the demo admin's "high risk on next sign-in" flag if it is set: true once, then false.
 * One conditional update, so two evaluations at the same moment cannot both see it.
 */
export async function takeHighRiskNextSignIn(db: Queryable, userId: string): Promise<boolean> {
  const taken = await db
    .update(users)
    .set({ highRiskNextSignIn: false, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.highRiskNextSignIn, true)))
    .returning({ id: users.id });
  return taken.length === 1;
}
