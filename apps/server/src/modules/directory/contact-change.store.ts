import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { ContactKind } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { contactChanges, users } from '../../db/schema';

/**
 * Changes of a customer's e-mail address or mobile number: pending until the
 * code sent to the new one is entered, then confirmed with the previous value kept.
 */
export type ContactChangeRow = typeof contactChanges.$inferSelect;

/** A new pending change; any earlier pending one of the same kind is superseded. */
export async function insertPendingContactChange(
  tx: Queryable,
  change: {
    userId: string;
    kind: ContactKind;
    previousValue: string | null;
    newValue: string;
    browser: string;
  },
): Promise<ContactChangeRow> {
  await tx
    .update(contactChanges)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(contactChanges.userId, change.userId),
        eq(contactChanges.kind, change.kind),
        eq(contactChanges.status, 'pending'),
      ),
    );
  const [row] = await tx
    .insert(contactChanges)
    .values({ ...change, status: 'pending' })
    .returning();
  if (!row) throw new Error('contact change not stored');
  return row;
}

/** The pending change of this kind, or null. */
export async function findPendingContactChange(
  db: Queryable,
  userId: string,
  kind: ContactKind,
): Promise<ContactChangeRow | null> {
  const [row] = await db
    .select()
    .from(contactChanges)
    .where(
      and(
        eq(contactChanges.userId, userId),
        eq(contactChanges.kind, kind),
        eq(contactChanges.status, 'pending'),
      ),
    )
    .orderBy(desc(contactChanges.createdAt))
    .limit(1);
  return row ?? null;
}

/** A "This wasn't me" link's token as it is stored: its SHA-256, never the token itself. */
const undoTokenHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Marks a pending change confirmed, with its "This wasn't me" link token (stored hashed) and
 * when that link stops working; false when it is no longer pending (a race lost).
 */
export async function confirmContactChange(
  tx: Queryable,
  id: string,
  at: Date,
  undo: { token: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(contactChanges)
    .set({
      status: 'confirmed',
      confirmedAt: at,
      undoTokenHash: undoTokenHashOf(undo.token),
      undoExpiresAt: undo.expiresAt,
    })
    .where(and(eq(contactChanges.id, id), eq(contactChanges.status, 'pending')))
    .returning({ id: contactChanges.id });
  return rows.length > 0;
}

/** The e-mail changes confirmed after `since`, newest first, with their previous address. */
export async function recentEmailChanges(
  db: Queryable,
  userId: string,
  since: Date,
): Promise<{ previousValue: string; confirmedAt: Date }[]> {
  const rows = await db
    .select({
      previousValue: contactChanges.previousValue,
      confirmedAt: contactChanges.confirmedAt,
    })
    .from(contactChanges)
    .where(
      and(
        eq(contactChanges.userId, userId),
        eq(contactChanges.kind, 'email'),
        eq(contactChanges.status, 'confirmed'),
        isNotNull(contactChanges.previousValue),
        gt(contactChanges.confirmedAt, since),
      ),
    )
    .orderBy(desc(contactChanges.confirmedAt));
  return rows.flatMap((row) =>
    row.previousValue && row.confirmedAt
      ? [{ previousValue: row.previousValue, confirmedAt: row.confirmedAt }]
      : [],
  );
}

/** Whether an e-mail address belongs to an account other than this user's (any letter case). */
export async function emailBelongsToAnother(
  db: Queryable,
  email: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${userId}`))
    .limit(1);
  return Boolean(row);
}

/** The confirmed change of this undo link token, locked; null when none is. */
export async function lockChangeByUndoToken(
  tx: Queryable,
  token: string,
): Promise<ContactChangeRow | null> {
  const tokenHash = undoTokenHashOf(token);
  const [row] = await tx
    .select()
    .from(contactChanges)
    .where(and(eq(contactChanges.undoTokenHash, tokenHash), eq(contactChanges.status, 'confirmed')))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The change was undone: its link is spent (the hash is cleared) and it no longer counts. */
export async function markContactChangeUndone(tx: Queryable, id: string, at: Date): Promise<void> {
  await tx
    .update(contactChanges)
    .set({ status: 'undone', undoneAt: at, undoTokenHash: null })
    .where(eq(contactChanges.id, id));
}

/** Every change of the user still waiting for its code stops waiting. */
export async function supersedePendingChanges(tx: Queryable, userId: string): Promise<void> {
  await tx
    .update(contactChanges)
    .set({ status: 'superseded' })
    .where(and(eq(contactChanges.userId, userId), eq(contactChanges.status, 'pending')));
}
