import type { CrossedLimit, PromptForm, TransferDenialCode } from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { insertAuditEvent } from '../audit';
import { TRANSFER_REFUSALS, type TransferRefusal } from './transfer-refusals.rules';
import { insufficientFundsMessage, type TransferAccount } from './transfer.rules';
import { insertTransfer, settlePendingTransfer, type TransferRow } from './transfers.store';
import { moveMoney, type MoveMoneyResult } from './money-movement.store';

export type TransferOutcome =
  | { kind: 'confirmed'; referenceNumber: number }
  | {
      kind: 'refused';
      code: TransferDenialCode;
      message: string;
      referenceNumber: number;
      /** The deny limit crossed, when decided now (banking.schemas.ts `limit`). */
      limit?: CrossedLimit;
    }
  /** A document 2 §5 check failed: 400 with its message. */
  | { kind: 'invalid'; message: string }
  /** An account that is not one of the caller's transfer accounts. */
  | { kind: 'not_found' }
  /**
   * Stored pending; the customer confirms it with a code (202): one the bank sent to their
   * sign-in device, or one a device of theirs shows (`device`, its name as `destination`).
   */
  | ({
      kind: 'confirmation_required';
      transferId: string;
      referenceNumber: number;
      /** The approval threshold the 24-hour total crossed. */
      limit: CrossedLimit;
    } & CodeAsked)
  /** A retry of a transfer still waiting for its approval. */
  | { kind: 'pending'; referenceNumber: number }
  /** The Idempotency-Key was used for a different transfer. */
  | { kind: 'key_reused' };

/** How a code that approves money was asked, and the form it is typed into (ADR 0026). */
export interface CodeAsked {
  channel: 'email' | 'sms' | 'device';
  /** The address it went to, masked; or the name of the device that shows it. */
  destination: string;
  prompt: PromptForm;
}

/** A valid transfer, about to be decided (or waiting for its approval). */
export interface Planned {
  userId: string;
  from: TransferAccount;
  to: TransferAccount;
  amountCents: number;
  referenceNumber: number;
  idempotencyKey: string | null;
  ip: string | null;
}

export function refused(
  reason: TransferRefusal,
  referenceNumber: number,
  limit?: CrossedLimit,
): TransferOutcome {
  const { code, message } = TRANSFER_REFUSALS[reason];
  return { kind: 'refused', code, message, referenceNumber, ...(limit ? { limit } : {}) };
}

export function transferRow(plan: Planned) {
  return {
    userId: plan.userId,
    fromAccountId: plan.from.id,
    toAccountId: plan.to.id,
    amountCents: plan.amountCents,
    referenceNumber: plan.referenceNumber,
    idempotencyKey: plan.idempotencyKey,
  };
}

export function auditOfRefusal(
  plan: Planned,
  transferId: string,
  reason: TransferRefusal,
  riskDetails: Record<string, unknown> = {},
) {
  return {
    type: reason === 'risk' ? ('transfer.bot_detected' as const) : ('transfer.denied' as const),
    userId: plan.userId,
    ip: plan.ip,
    details: { transferId, reason, amountCents: plan.amountCents, ...riskDetails },
  };
}

export function outcomeOfMove(plan: Planned, result: MoveMoneyResult): TransferOutcome {
  if (!result.moved) {
    return {
      kind: 'invalid',
      message: insufficientFundsMessage({ ...plan.from, balanceCents: result.fromBalanceCents }),
    };
  }
  return { kind: 'confirmed', referenceNumber: result.transfer.referenceNumber };
}

/**
 * How a transfer ends, shared by the deciding service and the approval that follows it: the
 * money moved (one statement), a refusal recorded, or a pending transfer settled as not
 * approved, each with its audit event.
 */
export function transferSettlement(db: Database) {
  return {
    async move(
      plan: Planned,
      pendingTransferId?: string,
      queryable: Queryable = db,
    ): Promise<TransferOutcome> {
      const result = await moveMoney(queryable, {
        ...transferRow(plan),
        pendingTransferId,
        ip: plan.ip,
      });
      return outcomeOfMove(plan, result);
    },

    /** Records a refused transfer (no money moves) with its audit event, in `tx`. */
    async recordRefusal(
      tx: Queryable,
      plan: Planned,
      reason: TransferRefusal,
      riskDetails: Record<string, unknown> = {},
      limit?: CrossedLimit,
    ): Promise<TransferOutcome> {
      const inserted = await insertTransfer(tx, {
        ...transferRow(plan),
        status: TRANSFER_REFUSALS[reason].status,
        reason,
      });
      await insertAuditEvent(tx, auditOfRefusal(plan, inserted.id, reason, riskDetails));
      return refused(reason, inserted.referenceNumber, limit);
    },

    /** A pending transfer settled as not approved (once: a second settle changes nothing). */
    async settle(plan: Planned, pending: TransferRow, reason: TransferRefusal): Promise<void> {
      await db.transaction(async (tx) => {
        const settled = await settlePendingTransfer(tx, pending.id, {
          status: TRANSFER_REFUSALS[reason].status,
          reason,
        });
        if (settled) await insertAuditEvent(tx, auditOfRefusal(plan, pending.id, reason));
      });
    },
  };
}

export type TransferSettlement = ReturnType<typeof transferSettlement>;
