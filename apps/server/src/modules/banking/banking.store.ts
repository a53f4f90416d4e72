import { and, isNotNull, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { accounts, ledgerEntries, mfaDevices, transfers, users } from '../../db/schema';
import { insertAuditEvent } from '../audit/audit.store';

export type TransferRow = typeof transfers.$inferSelect;
export type NewTransfer = typeof transfers.$inferInsert;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** The mobile app's device type: a user with one gets transfer approvals on the phone. */
const PUSH_DEVICE_TYPE = 'iPhone';

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
    .set(outcome)
    .where(and(eq(transfers.id, transferId), eq(transfers.status, 'pending_approval')))
    .returning();
  return row ?? null;
}

export async function hasPairedPushDevice(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: mfaDevices.id })
    .from(mfaDevices)
    .where(
      and(
        eq(mfaDevices.userId, userId),
        eq(mfaDevices.type, PUSH_DEVICE_TYPE),
        // Paired means the phone app was activated: it holds the key that approves.
        isNotNull(mfaDevices.publicKey),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Document 2 §4: the directory entry holds the amount while a transfer is pending. */
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

export async function listLedgerEntriesOf(
  db: Queryable,
  accountId: string,
): Promise<LedgerEntryRow[]> {
  // The identity column orders entries: PGlite's now() has millisecond precision.
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(asc(ledgerEntries.id));
}

export interface MoveMoneyInput {
  userId: string;
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
  referenceNumber: number;
  idempotencyKey: string | null;
  /** An approved transfer's row, waiting since before the approval: it is confirmed. */
  pendingTransferId?: string;
  ip?: string | null;
}

export type MoveMoneyResult =
  | {
      moved: true;
      transfer: TransferRow;
      fromBalanceAfterCents: number;
      toBalanceAfterCents: number;
    }
  /**
   * The source held less than the amount once locked: no money moved and no transfer was
   * written (a pending one is settled as denied, reason insufficient_funds).
   */
  | { moved: false; fromBalanceCents: number };

async function newBalance(db: Queryable, accountId: string, deltaCents: number): Promise<number> {
  const [row] = await db
    .update(accounts)
    .set({ balanceCents: sql`${accounts.balanceCents} + ${deltaCents}` })
    .where(eq(accounts.id, accountId))
    .returning({ balanceCents: accounts.balanceCents });
  if (!row) throw new Error(`account ${accountId} vanished during a transfer`);
  return row.balanceCents;
}

/**
 * The money movement, as one transaction: both account rows locked `FOR UPDATE` in id order
 * (every transfer locks in the same order, so two opposite transfers cannot deadlock), the
 * balance checked again under the lock (the caller's check read it unlocked), then the
 * transfer row, both balances, a debit and a credit ledger entry, and the audit event.
 *
 * The transfer row is written before the balances: a concurrent retry with the same
 * Idempotency-Key fails on the unique index (23505) before it touches any money.
 */
export async function moveMoney(db: Queryable, input: MoveMoneyInput): Promise<MoveMoneyResult> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({
        id: accounts.id,
        balanceCents: accounts.balanceCents,
        numberSuffix: accounts.numberSuffix,
      })
      .from(accounts)
      .where(inArray(accounts.id, [input.fromAccountId, input.toAccountId]))
      .orderBy(asc(accounts.id))
      .for('update');
    const source = locked.find((account) => account.id === input.fromAccountId);
    const destination = locked.find((account) => account.id === input.toAccountId);
    if (!source || !destination) throw new Error('a transfer account vanished');

    if (source.balanceCents < input.amountCents) {
      if (input.pendingTransferId) {
        await settlePendingTransfer(tx, input.pendingTransferId, {
          status: 'denied',
          reason: 'insufficient_funds',
        });
      }
      return { moved: false, fromBalanceCents: source.balanceCents };
    }

    let transfer: TransferRow | undefined;
    if (input.pendingTransferId) {
      [transfer] = await tx
        .update(transfers)
        .set({ status: 'confirmed', reason: null })
        .where(
          and(eq(transfers.id, input.pendingTransferId), eq(transfers.status, 'pending_approval')),
        )
        .returning();
    } else {
      [transfer] = await tx
        .insert(transfers)
        .values({
          userId: input.userId,
          fromAccountId: input.fromAccountId,
          toAccountId: input.toAccountId,
          amountCents: input.amountCents,
          status: 'confirmed',
          referenceNumber: input.referenceNumber,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
    }
    if (!transfer) throw new Error('the transfer to confirm is no longer pending');

    const fromBalanceAfterCents = await newBalance(tx, source.id, -input.amountCents);
    const toBalanceAfterCents = await newBalance(tx, destination.id, input.amountCents);
    await tx.insert(ledgerEntries).values([
      {
        accountId: source.id,
        transferId: transfer.id,
        amountCents: -input.amountCents,
        balanceAfterCents: fromBalanceAfterCents,
        description: `Transfer ${transfer.referenceNumber} to account ending ${destination.numberSuffix}`,
      },
      {
        accountId: destination.id,
        transferId: transfer.id,
        amountCents: input.amountCents,
        balanceAfterCents: toBalanceAfterCents,
        description: `Transfer ${transfer.referenceNumber} from account ending ${source.numberSuffix}`,
      },
    ]);
    await insertAuditEvent(tx, {
      type: 'transfer.confirmed',
      userId: input.userId,
      ip: input.ip ?? null,
      details: {
        transferId: transfer.id,
        referenceNumber: transfer.referenceNumber,
        fromAccountId: source.id,
        toAccountId: destination.id,
        amountCents: input.amountCents,
      },
    });
    return { moved: true, transfer, fromBalanceAfterCents, toBalanceAfterCents };
  });
}
