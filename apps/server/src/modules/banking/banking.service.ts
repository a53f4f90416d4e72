import { randomInt } from 'node:crypto';
import type { BalancesResponse, MenuOptionsResponse, TransferDenialCode } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { insertAuditEvent } from '../audit/audit.store';
import { findUserById, listAccountsOf } from '../directory/directory.store';
import type { GrantCheck } from '../identity/oauth/access-token';
import type { RiskPolicy } from '../identity/risk/risk.rules';
import {
  INSUFFICIENT_FUNDS_REASON,
  TRANSFER_REFUSALS,
  balancesResponseOf,
  decideTransfer,
  insufficientFundsMessage,
  isSameTransfer,
  isTransferRefusal,
  menuOptionsFor,
  refusalOfApproval,
  transferAccountsOf,
  validateTransfer,
  type TransferAccount,
  type TransferInput,
  type TransferRefusal,
} from './banking.rules';
import {
  clearPendingTransferAmount,
  findTransferByIdempotencyKey,
  insertTransfer,
  moveMoney,
  readBalances,
  readTransferFacts,
  setPendingTransferAmount,
  settlePendingTransfer,
  type RecordedTransfer,
  type TransferRow,
} from './banking.store';

/**
 * The port through which a transfer above the CIBA threshold is approved on the customer's
 * phone (oidc-provider CIBA and the phone simulator, built elsewhere). It may take as long as
 * a person does: the service awaits it with no database transaction open.
 */
export interface TransferApprovals {
  requestApproval(input: {
    userId: string;
    fromAccountId: string;
    toAccountId: string;
    amountCents: number;
    transferId: string;
  }): Promise<'approved' | 'denied' | 'expired'>;
}

export interface TransferCommand {
  userId: string;
  /** The caller's grant check: answered by the transfer's first read, before any write. */
  grant: GrantCheck;
  input: TransferInput;
  /** Same key, same user: the first result again, and the money moves at most once. */
  idempotencyKey?: string | null;
  ip?: string | null;
}

export type TransferOutcome =
  | { kind: 'confirmed'; referenceNumber: number }
  | { kind: 'refused'; code: TransferDenialCode; message: string; referenceNumber: number }
  /** A document 2 §5 check failed: 400 with its message. */
  | { kind: 'invalid'; message: string }
  /** An account that is not one of the caller's transfer accounts. */
  | { kind: 'not_found' }
  /** A retry of a transfer still waiting for its approval. */
  | { kind: 'pending'; referenceNumber: number }
  /** The Idempotency-Key was used for a different transfer. */
  | { kind: 'key_reused' };

export interface BankingService {
  /**
   * `selfUrl`: the absolute URL the balances are read at (Open Banking's Links.Self); `grant`:
   * the caller's grant check, answered by the same read.
   */
  balances(userId: string, selfUrl: string, grant: GrantCheck): Promise<BalancesResponse>;
  transfer(command: TransferCommand): Promise<TransferOutcome>;
  menuOptions(userId: string): Promise<MenuOptionsResponse>;
}

/** A valid transfer, about to be decided. */
interface Planned {
  userId: string;
  from: TransferAccount;
  to: TransferAccount;
  amountCents: number;
  referenceNumber: number;
  idempotencyKey: string | null;
  ip: string | null;
}

/** 23505 from either driver; Drizzle wraps the driver's error as `cause`. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function refused(reason: TransferRefusal, referenceNumber: number): TransferOutcome {
  const { code, message } = TRANSFER_REFUSALS[reason];
  return { kind: 'refused', code, message, referenceNumber };
}

export function createBankingService(deps: {
  db: Database;
  /** Absent: a transfer that needs a mobile approval is refused (approval_unavailable). */
  approvals?: TransferApprovals | null;
  clock?: () => Date;
  /** The transfer's number shown to the customer: random below 100000 (document 2 §2). */
  referenceNumber?: () => number;
  riskPolicy?: RiskPolicy;
}): BankingService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const nextReference = deps.referenceNumber ?? (() => randomInt(0, 100_000));

  /** A replayed insufficient-funds refusal, with the source account as it is now. */
  async function insufficientFunds(userId: string, fromAccountId: string) {
    const source = transferAccountsOf(await listAccountsOf(db, userId)).find(
      (account) => account.id === fromAccountId,
    );
    if (!source) return { kind: 'not_found' } as const;
    return { kind: 'invalid', message: insufficientFundsMessage(source) } as const;
  }

  /** The first result of a transfer, answered again to a retry with the same key. */
  async function replay(row: RecordedTransfer, input: TransferInput): Promise<TransferOutcome> {
    if (!isSameTransfer(row, input)) return { kind: 'key_reused' };
    if (row.status === 'confirmed') {
      return { kind: 'confirmed', referenceNumber: row.referenceNumber };
    }
    if (row.status === 'pending_approval') {
      return { kind: 'pending', referenceNumber: row.referenceNumber };
    }
    if (isTransferRefusal(row.reason)) return refused(row.reason, row.referenceNumber);
    if (row.reason === INSUFFICIENT_FUNDS_REASON) {
      return insufficientFunds(row.userId, row.fromAccountId);
    }
    throw new Error(`transfer ${row.id} has an outcome no answer exists for: ${row.reason}`);
  }

  function transferRow(plan: Planned) {
    return {
      userId: plan.userId,
      fromAccountId: plan.from.id,
      toAccountId: plan.to.id,
      amountCents: plan.amountCents,
      referenceNumber: plan.referenceNumber,
      idempotencyKey: plan.idempotencyKey,
    };
  }

  function auditOfRefusal(
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

  /** Records a refused transfer (no money moves) with its audit event. */
  async function refuse(
    plan: Planned,
    reason: TransferRefusal,
    riskDetails: Record<string, unknown> = {},
  ): Promise<TransferOutcome> {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertTransfer(tx, {
        ...transferRow(plan),
        status: TRANSFER_REFUSALS[reason].status,
        reason,
      });
      await insertAuditEvent(tx, auditOfRefusal(plan, inserted.id, reason, riskDetails));
      return inserted;
    });
    return refused(reason, row.referenceNumber);
  }

  async function move(plan: Planned, pendingTransferId?: string): Promise<TransferOutcome> {
    const result = await moveMoney(db, {
      ...transferRow(plan),
      pendingTransferId,
      ip: plan.ip,
    });
    if (!result.moved) {
      return {
        kind: 'invalid',
        message: insufficientFundsMessage({ ...plan.from, balanceCents: result.fromBalanceCents }),
      };
    }
    return { kind: 'confirmed', referenceNumber: result.transfer.referenceNumber };
  }

  /**
   * Above the CIBA threshold: the directory entry holds the amount (document 2 §4) for as long
   * as the transfer waits, whatever its outcome.
   */
  async function approve(plan: Planned, approvals: TransferApprovals): Promise<TransferOutcome> {
    await setPendingTransferAmount(db, plan.userId, plan.amountCents);
    try {
      return await awaitApproval(plan, approvals);
    } finally {
      await clearPendingTransferAmount(db, plan.userId, plan.amountCents);
    }
  }

  /**
   * The transfer is committed as pending first, then the phone is asked with no transaction
   * open (on PGlite an open one would stop every other request for as long as the person
   * takes), then the money moves in its own statement.
   */
  async function awaitApproval(
    plan: Planned,
    approvals: TransferApprovals,
  ): Promise<TransferOutcome> {
    const pending = await insertTransfer(db, { ...transferRow(plan), status: 'pending_approval' });
    let answer: 'approved' | 'denied' | 'expired';
    try {
      answer = await approvals.requestApproval({
        userId: plan.userId,
        fromAccountId: plan.from.id,
        toAccountId: plan.to.id,
        amountCents: plan.amountCents,
        transferId: pending.id,
      });
    } catch (error) {
      await settle(plan, pending, 'approval_failed');
      throw error;
    }
    const refusal = refusalOfApproval(answer);
    if (refusal !== null) {
      await settle(plan, pending, refusal);
      return refused(refusal, pending.referenceNumber);
    }
    return move(plan, pending.id);
  }

  async function settle(plan: Planned, pending: TransferRow, reason: TransferRefusal) {
    await db.transaction(async (tx) => {
      const settled = await settlePendingTransfer(tx, pending.id, {
        status: TRANSFER_REFUSALS[reason].status,
        reason,
      });
      if (settled) await insertAuditEvent(tx, auditOfRefusal(plan, pending.id, reason));
    });
  }

  return {
    async balances(userId, selfUrl, grant) {
      const read = await readBalances(db, { ownerId: userId, grantId: grant.grantId });
      grant.confirm(read.grantIsLive);
      return balancesResponseOf(read.accounts, clock(), selfUrl);
    },

    async menuOptions(userId) {
      const user = await findUserById(db, userId);
      return menuOptionsFor(user?.accountTier === 'premier' ? 'premier' : 'personal');
    },

    /**
     * One read (grant, user, accounts, phone, an earlier attempt), the rules, then one write.
     * Document 2 §4's AccountTransferAmount is held only by a transfer that waits for the
     * phone: any other is decided and done within one statement, where an amount set before
     * and cleared after could never be seen by anyone.
     */
    async transfer({ userId, grant, input, idempotencyKey = null, ip = null }) {
      const facts = await readTransferFacts(db, {
        userId,
        grantId: grant.grantId,
        idempotencyKey,
      });
      grant.confirm(facts.grantIsLive);
      if (facts.recorded) return replay(facts.recorded, input);
      if (!facts.user) return { kind: 'not_found' };
      const validation = validateTransfer(input, transferAccountsOf(facts.accounts));
      if (!validation.ok) {
        return validation.check === 'accountsOwned'
          ? { kind: 'not_found' }
          : { kind: 'invalid', message: validation.message };
      }

      const { from, to, amountCents, riskPayload } = validation;
      const plan: Planned = {
        userId,
        from,
        to,
        amountCents,
        referenceNumber: nextReference(),
        idempotencyKey,
        ip,
      };
      const decision = decideTransfer({
        amountCents,
        riskPayload,
        user: facts.user,
        hasPushDevice: facts.hasPushDevice,
        riskPolicy: deps.riskPolicy,
      });
      try {
        switch (decision.kind) {
          case 'deny':
            return decision.reason === 'risk'
              ? await refuse(plan, 'risk', {
                  riskReasons: decision.riskReasons,
                  userAgent: riskPayload.userAgent,
                })
              : await refuse(plan, decision.reason);
          case 'approve':
            // Never approve silently: without an approver the transfer does not happen.
            return deps.approvals
              ? await approve(plan, deps.approvals)
              : await refuse(plan, 'approval_unavailable');
          case 'move':
            return await move(plan);
        }
      } catch (error) {
        // A concurrent request with the same key got there first: answer what it recorded.
        if (idempotencyKey && isUniqueViolation(error)) {
          const first = await findTransferByIdempotencyKey(db, userId, idempotencyKey);
          if (first) return replay(first, input);
        }
        throw error;
      }
    },
  };
}
