import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { transfers } from '../../db/schema';
import { grantIsLive } from '../identity';
import { uuidOrNull } from './uuid-or-null';

export type TransferRow = typeof transfers.$inferSelect;
export type NewTransfer = typeof transfers.$inferInsert;

export async function findTransferByIdempotencyKey(
  db: Queryable,
  userId: string,
  idempotencyKey: string,
): Promise<TransferRow | null> {
  const [row] = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.userId, userId), eq(transfers.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** A transfer that moves no money (yet): refused, or waiting for approval. */
export async function insertTransfer(db: Queryable, row: NewTransfer): Promise<TransferRow> {
  const [inserted] = await db.insert(transfers).values(row).returning();
  if (!inserted) throw new Error('insert into transfers returned no row');
  return inserted;
}

/** Settles a transfer waiting for approval; null when it was no longer waiting. */
export async function settlePendingTransfer(
  db: Queryable,
  transferId: string,
  outcome: { status: 'denied' | 'not_approved'; reason: string },
): Promise<TransferRow | null> {
  const [row] = await db
    .update(transfers)
    .set({ ...outcome, decidedAt: sql`now()` })
    .where(and(eq(transfers.id, transferId), eq(transfers.status, 'pending_approval')))
    .returning();
  return row ?? null;
}

/**
 * One of the customer's transfers by id (a malformed id matches nothing), and in the same
 * round trip whether the access token's grant still lives.
 */
export async function readTransferOf(
  db: Queryable,
  input: { userId: string; grantId: string; transferId: string },
): Promise<{ grantIsLive: boolean; transfer: TransferRow | null }> {
  const [row] = await db
    .select({ grantIsLive: grantIsLive(input.grantId), transfer: transfers })
    .from(sql`(select 1) as one`)
    .leftJoin(
      transfers,
      and(
        eq(transfers.id, sql`${uuidOrNull(input.transferId)}::uuid`),
        eq(transfers.userId, sql`${uuidOrNull(input.userId)}::uuid`),
      ),
    );
  return { grantIsLive: row?.grantIsLive === true, transfer: row?.transfer ?? null };
}
