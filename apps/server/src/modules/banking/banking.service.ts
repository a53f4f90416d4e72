import { randomInt } from 'node:crypto';
import {
  formatCentsWithSeparators,
  type BalancesResponse,
  type MenuOptionsResponse,
  type TransferDenialCode,
  deliveryMessages,
} from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { uniqueViolationOf } from '../../db/unique-violation';
import { currentInspectorId, insertAuditEvent } from '../audit';
import { findUserById, listAccountsOf } from '../directory';
import { recordApprovalRequest } from './activity.store';
import { transferDecisionTrace } from './transfer-trace.rules';
import type { GrantCheck, OtpService, RiskPolicy } from '../identity';
import type { MessagingService } from '../messaging';
import { sendApprovalCode } from './approval-code';
import {
  INSUFFICIENT_FUNDS_REASON,
  TRANSFER_REFUSALS,
  balancesResponseOf,
  decideTransfer,
  insufficientFundsMessage,
  isSameTransfer,
  isTransferRefusal,
  menuOptionsFor,
  moveCeilingCents,
  refusalOfApproval,
  secondFactorOf,
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
  readTransferOf,
  readBalances,
  readTransferFacts,
  setPendingTransferAmount,
  settlePendingTransfer,
  type CodeDevice,
  type MoveMoneyResult,
  type RecordedTransfer,
  type TransferRow,
} from './banking.store';
import {
  decideAndMoveMoney,
  expireStalePendingTransfers,
  lockTransferringCustomer,
  recentTransferTotalCents,
} from './running-total.store';

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
    /** Told the approval request's id (the CIBA auth_req_id) once the phone was asked. */
    onRequested?: (approvalRequestId: string) => Promise<void>;
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
  /** The request's own User-Agent header: the automation rule applies to it too. */
  userAgent?: string | null;
}

/** The code that confirms a transfer waiting for it (issue 12 §3). */
export interface ConfirmationCommand {
  userId: string;
  grant: GrantCheck;
  transferId: string;
  code: string;
  ip?: string | null;
}

export type ConfirmationOutcome =
  | { kind: 'confirmed'; referenceNumber: number }
  /** A wrong code: nothing changed; the transfer still waits. */
  | { kind: 'wrong_code'; attemptsLeft: number }
  /** Expired, or too many wrong codes: the transfer is settled as not approved. */
  | { kind: 'refused'; code: TransferDenialCode; message: string; referenceNumber: number }
  /** The money was no longer there when the code came. */
  | { kind: 'invalid'; message: string }
  /** Not one of the caller's transfers (whether or not it exists). */
  | { kind: 'not_found' }
  /** The caller's transfer, but not waiting for a code (done, refused, or on the phone). */
  | { kind: 'not_pending'; referenceNumber: number };

/** The customer gives up a transfer waiting for its code (the code step's Cancel). */
export interface CancellationCommand {
  userId: string;
  grant: GrantCheck;
  transferId: string;
  ip?: string | null;
}

export type CancellationOutcome =
  /** Settled as not approved (reason `cancelled`): its code retired, its room freed. */
  | { kind: 'cancelled'; referenceNumber: number }
  /** Not one of the caller's transfers (whether or not it exists). */
  | { kind: 'not_found' }
  /** The caller's transfer, but not waiting for a code (done, refused, cancelled, on the phone). */
  | { kind: 'not_pending'; referenceNumber: number };

/** What the transfer confirmation code's one-time code is for; its reference is the transfer. */
export const TRANSFER_OTP_PURPOSE = 'transfer';

export type TransferOutcome =
  | { kind: 'confirmed'; referenceNumber: number }
  | { kind: 'refused'; code: TransferDenialCode; message: string; referenceNumber: number }
  /** A document 2 §5 check failed: 400 with its message. */
  | { kind: 'invalid'; message: string }
  /** An account that is not one of the caller's transfer accounts. */
  | { kind: 'not_found' }
  /** Stored pending; a one-time code went to the customer's sign-in device (202). */
  | {
      kind: 'confirmation_required';
      transferId: string;
      referenceNumber: number;
      channel: 'email' | 'sms';
      destination: string;
    }
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
  confirmTransfer(command: ConfirmationCommand): Promise<ConfirmationOutcome>;
  cancelTransfer(command: CancellationCommand): Promise<CancellationOutcome>;
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

/** What the deciding transaction leaves: an answer, or a pending transfer to approve. */
type Decided = { outcome: TransferOutcome } | { pending: TransferRow; via: 'push' | 'code' };

function refused(reason: TransferRefusal, referenceNumber: number): TransferOutcome {
  const { code, message } = TRANSFER_REFUSALS[reason];
  return { kind: 'refused', code, message, referenceNumber };
}

export function createBankingService(deps: {
  db: Database;
  /** Absent: a transfer that needs a mobile approval is refused (approval_unavailable). */
  approvals?: TransferApprovals | null;
  /** Codes that confirm a transfer for a customer without a phone app. */
  otp: OtpService;
  messaging: Pick<MessagingService, 'send'>;
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

  /** Records a refused transfer (no money moves) with its audit event, in `tx`. */
  async function recordRefusal(
    tx: Queryable,
    plan: Planned,
    reason: TransferRefusal,
    riskDetails: Record<string, unknown> = {},
  ): Promise<TransferOutcome> {
    const inserted = await insertTransfer(tx, {
      ...transferRow(plan),
      status: TRANSFER_REFUSALS[reason].status,
      reason,
    });
    await insertAuditEvent(tx, auditOfRefusal(plan, inserted.id, reason, riskDetails));
    return refused(reason, inserted.referenceNumber);
  }

  async function move(
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
  }

  function outcomeOfMove(plan: Planned, result: MoveMoneyResult): TransferOutcome {
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
  async function approve(
    plan: Planned,
    pending: TransferRow,
    approvals: TransferApprovals,
  ): Promise<TransferOutcome> {
    await setPendingTransferAmount(db, plan.userId, plan.amountCents);
    try {
      return await awaitApproval(plan, pending, approvals);
    } finally {
      await clearPendingTransferAmount(db, plan.userId, plan.amountCents);
    }
  }

  /**
   * The transfer was committed as pending by the deciding transaction; the phone is asked with
   * no transaction open (on PGlite an open one would stop every other request for as long as
   * the person takes), then the money moves in its own statement.
   */
  async function awaitApproval(
    plan: Planned,
    pending: TransferRow,
    approvals: TransferApprovals,
  ): Promise<TransferOutcome> {
    let answer: 'approved' | 'denied' | 'expired';
    try {
      answer = await approvals.requestApproval({
        userId: plan.userId,
        fromAccountId: plan.from.id,
        toAccountId: plan.to.id,
        amountCents: plan.amountCents,
        transferId: pending.id,
        // Payment Activity names the request the transfer waits for.
        onRequested: (approvalRequestId) =>
          recordApprovalRequest(db, { transferId: pending.id, approvalRequestId }),
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

  /** Sends the one-time code of a transfer waiting for it, after its row was committed. */
  async function sendConfirmationCode(
    plan: Planned,
    pending: TransferRow,
    device: CodeDevice,
  ): Promise<TransferOutcome> {
    const amount = `$${formatCentsWithSeparators(plan.amountCents)}`;
    const sent = await sendApprovalCode(deps, {
      userId: plan.userId,
      purpose: TRANSFER_OTP_PURPOSE,
      reference: pending.id,
      device,
      subject: deliveryMessages.transferCodeSubject,
      text: (code) =>
        deliveryMessages.transferCodeBody(
          amount,
          plan.from.id.slice(-4),
          plan.to.id.slice(-4),
          code,
        ),
    });
    return {
      kind: 'confirmation_required',
      transferId: pending.id,
      referenceNumber: pending.referenceNumber,
      ...sent,
    };
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

    /**
     * The code of a transfer waiting for one: a right code moves the money (one statement, the
     * pending row confirmed with its ledger entries); a wrong one changes nothing but the
     * code's attempt count; an expired code, or the last attempt used up, settles the transfer
     * as not approved. Only the owner's own pending transfer is looked at.
     */
    async confirmTransfer({ userId, grant, transferId, code, ip = null }) {
      const read = await readTransferOf(db, { userId, grantId: grant.grantId, transferId });
      grant.confirm(read.grantIsLive);
      const pending = read.transfer;
      if (!pending) return { kind: 'not_found' };
      if (pending.status !== 'pending_approval') {
        return { kind: 'not_pending', referenceNumber: pending.referenceNumber };
      }
      const verified = await deps.otp.verify({
        purpose: TRANSFER_OTP_PURPOSE,
        reference: pending.id,
        code,
        ip,
      });
      const accounts = transferAccountsOf(await listAccountsOf(db, userId));
      const fromAccount = accounts.find((account) => account.id === pending.fromAccountId);
      const toAccount = accounts.find((account) => account.id === pending.toAccountId);
      if (!fromAccount || !toAccount) return { kind: 'not_found' };
      const plan: Planned = {
        userId,
        from: fromAccount,
        to: toAccount,
        amountCents: pending.amountCents,
        referenceNumber: pending.referenceNumber,
        idempotencyKey: pending.idempotencyKey,
        ip,
      };
      switch (verified.result) {
        case 'ok': {
          const moved = await move(plan, pending.id);
          return moved.kind === 'confirmed' || moved.kind === 'invalid'
            ? moved
            : { kind: 'not_pending', referenceNumber: pending.referenceNumber };
        }
        case 'invalid':
          return { kind: 'wrong_code', attemptsLeft: verified.attemptsLeft };
        case 'expired':
        case 'attempts_exceeded':
          await settle(plan, pending, 'code_failed');
          return refused('code_failed', pending.referenceNumber) as ConfirmationOutcome;
        case 'not_found':
          // A pending transfer whose code is used up or that waits for the phone instead.
          return { kind: 'not_pending', referenceNumber: pending.referenceNumber };
      }
    },

    /**
     * One transaction: the transfer's live codes are retired first — none means it does not
     * wait for a code (it waits for the phone, or its code was used), and nothing changes —
     * then the pending row is settled as cancelled with its audit event. Retiring and a right
     * code's consumption are both conditional on the code being unused: of a Cancel and a
     * confirmation racing, exactly one wins.
     */
    async cancelTransfer({ userId, grant, transferId, ip = null }) {
      const read = await readTransferOf(db, { userId, grantId: grant.grantId, transferId });
      grant.confirm(read.grantIsLive);
      const pending = read.transfer;
      if (!pending) return { kind: 'not_found' };
      const notPending = { kind: 'not_pending', referenceNumber: pending.referenceNumber } as const;
      if (pending.status !== 'pending_approval') return notPending;
      return db.transaction(async (tx): Promise<CancellationOutcome> => {
        const retired = await deps.otp.retire(tx, TRANSFER_OTP_PURPOSE, pending.id);
        if (retired === 0) return notPending;
        const settled = await settlePendingTransfer(tx, pending.id, {
          status: TRANSFER_REFUSALS.cancelled.status,
          reason: 'cancelled',
        });
        if (!settled) return notPending;
        await insertAuditEvent(tx, {
          type: 'transfer.cancelled',
          userId,
          ip,
          details: {
            transferId: pending.id,
            reason: 'cancelled',
            amountCents: pending.amountCents,
          },
        });
        return { kind: 'cancelled', referenceNumber: pending.referenceNumber };
      });
    },

    async menuOptions(userId) {
      const user = await findUserById(db, userId);
      return menuOptionsFor(user?.accountTier === 'premier' ? 'premier' : 'personal');
    },

    /**
     * One read (grant, user, accounts, devices, an earlier attempt), then, under the
     * customer's lock, the running total, the rules and one write: for a transfer the total
     * lets move, all in one statement. Document 2 §4's
     * AccountTransferAmount is held only by a transfer that waits for the phone: any other is
     * decided and done within one transaction, where an amount set before and cleared after
     * could never be seen by anyone.
     */
    async transfer({ userId, grant, input, idempotencyKey = null, ip = null, userAgent = null }) {
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
      const secondFactor = secondFactorOf({
        hasPushDevice: facts.hasPushDevice,
        hasCodeDevice: facts.codeDevice !== null,
      });
      const ceilingCents = moveCeilingCents({
        amountCents,
        riskPayload,
        requestUserAgent: userAgent,
        user: facts.user,
        riskPolicy: deps.riskPolicy,
      });
      try {
        // The usual transfer, one the running total lets move, is decided and moved in one
        // statement (see decideAndMoveMoney) — unless a panel watches, whose trace of the
        // decision the deciding transaction writes. Anything else, or a customer whose row
        // changed since the facts were read, is decided under the lock below.
        if (ceilingCents !== null && currentInspectorId() === null) {
          const moved = await decideAndMoveMoney(db, {
            ...transferRow(plan),
            ip,
            transferDecisions: facts.transferDecisions,
            user: facts.user,
            ceilingCents,
          });
          if (moved) return outcomeOfMove(plan, moved);
        }
        // Decided and written under the customer's lock (see lockTransferringCustomer): a
        // burst of concurrent transfers is decided one after another against the running
        // total each predecessor left. Nothing slow happens inside: the phone and the code
        // are waited for after the commit.
        const decided = await db.transaction(async (tx): Promise<Decided> => {
          const user = await lockTransferringCustomer(tx, userId);
          if (!user) return { outcome: { kind: 'not_found' } };
          await expireStalePendingTransfers(tx, userId);
          const recentTotalCents = await recentTransferTotalCents(tx, userId);
          const decision = decideTransfer({
            amountCents,
            recentTotalCents,
            riskPayload,
            requestUserAgent: userAgent,
            user,
            secondFactor,
            riskPolicy: deps.riskPolicy,
          });
          await insertAuditEvent(
            tx,
            transferDecisionTrace(plan, decision, { user, recentTotalCents }),
          );
          switch (decision.kind) {
            case 'deny':
              return {
                outcome: await recordRefusal(
                  tx,
                  plan,
                  decision.reason,
                  decision.reason === 'risk'
                    ? {
                        riskReasons: decision.riskReasons,
                        userAgent: riskPayload.userAgent,
                        requestUserAgent: userAgent,
                      }
                    : {},
                ),
              };
            case 'approve':
              // Never approve silently: without an approver the transfer does not happen.
              if (decision.via === 'push' && !deps.approvals) {
                return { outcome: await recordRefusal(tx, plan, 'approval_unavailable') };
              }
              return {
                pending: await insertTransfer(tx, {
                  ...transferRow(plan),
                  status: 'pending_approval',
                  approvalMethod: decision.via === 'push' ? 'phone' : 'code',
                }),
                via: decision.via,
              };
            case 'move':
              return { outcome: await move(plan, undefined, tx) };
          }
        });
        if ('outcome' in decided) return decided.outcome;
        if (decided.via === 'push' && deps.approvals) {
          return await approve(plan, decided.pending, deps.approvals);
        }
        if (decided.via === 'code' && facts.codeDevice) {
          try {
            return await sendConfirmationCode(plan, decided.pending, facts.codeDevice);
          } catch (error) {
            // No code reached the customer: the transfer must not keep its room in the total.
            await settle(plan, decided.pending, 'approval_failed');
            throw error;
          }
        }
        throw new Error('a pending transfer has no way to be approved');
      } catch (error) {
        // A concurrent request with the same key got there first: answer what it recorded.
        if (idempotencyKey && uniqueViolationOf(error)) {
          const first = await findTransferByIdempotencyKey(db, userId, idempotencyKey);
          if (first) return replay(first, input);
        }
        throw error;
      }
    },
  };
}
