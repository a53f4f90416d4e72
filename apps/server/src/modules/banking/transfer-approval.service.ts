import type { CrossedLimit, TransferDenialCode } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { insertAuditEvent } from '../audit';
import { holdPendingTransferAmount, releasePendingTransferAmount } from '../directory';
import { listAccountsOf } from './accounts.store';
import type { ChallengeService, GrantCheck, Outcome, PurposeContexts } from '../identity';
import { recordApprovalRequest } from './activity.store';
import { TRANSFER_REFUSALS, refusalOfApproval } from './transfer-refusals.rules';
import { secondFactorOf, type SecondFactor } from './transfer-decision.rules';
import { transferAccountsOf } from './transfer.rules';
import { readTransferOf, settlePendingTransfer, type TransferRow } from './transfers.store';
import {
  refused,
  type Planned,
  type TransferOutcome,
  type TransferSettlement,
} from './transfer-settlement';
import { codeAskedOf } from './code-asked';

/** The code that confirms a transfer waiting for it. */
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
  /** Settled as not approved (reason `cancelled`): its challenge ended, its room freed. */
  | { kind: 'cancelled'; referenceNumber: number }
  /** Not one of the caller's transfers (whether or not it exists). */
  | { kind: 'not_found' }
  /** The caller's transfer, but not waiting for a code (done, refused, cancelled, on the phone). */
  | { kind: 'not_pending'; referenceNumber: number };

const PURPOSE = 'transfer-approval';

/** What the customer confirms, whatever the method: the amount and both accounts. */
function contextOf(plan: Planned): PurposeContexts[typeof PURPOSE] {
  return { amountCents: plan.amountCents, fromAccountId: plan.from.id, toAccountId: plan.to.id };
}

/** The phone's answer, in the words the transfer rules read (refusalOfApproval). */
function phoneAnswerOf(outcome: Outcome): 'approved' | 'denied' | 'expired' {
  if (outcome.status === 'answered') return 'approved';
  return outcome.status === 'refused' && outcome.reason === 'denied' ? 'denied' : 'expired';
}

/**
 * A transfer above the approval threshold is approved through the challenge engine (ADR 0026,
 * purpose `transfer-approval`, the transfer as its reference): the engine picks the customer's
 * activated phone, else a code, and binds the amount and both accounts into what they confirm
 * (PSD2 RTS art. 5). This service owns only the transfer's side: the pending row, the amount
 * held meanwhile, and how an Outcome settles the transfer (moved, declined, code_failed, ...).
 */
export function createTransferApproval(deps: {
  db: Database;
  challenges: ChallengeService;
  settlement: TransferSettlement;
}) {
  const { db, challenges, settlement } = deps;

  /** The transfer of `command` if it is the caller's, with the grant confirmed by the same read. */
  async function pendingOf(command: { userId: string; grant: GrantCheck; transferId: string }) {
    const read = await readTransferOf(db, {
      userId: command.userId,
      grantId: command.grant.grantId,
      transferId: command.transferId,
    });
    command.grant.confirm(read.grantIsLive);
    return read.transfer;
  }

  /** The challenge a transfer waiting for a code is answered by, or null (phone, or none). */
  async function codeChallengeOf(pending: TransferRow, userId: string) {
    if (pending.approvalMethod !== 'code') return null;
    const challenge = await challenges.latest(PURPOSE, pending.id);
    return challenge?.userId === userId ? challenge : null;
  }

  /**
   * The phone is asked with no transaction open (on PGlite an open one would stop every other
   * request for as long as the person takes), the amount held in the directory entry
   * (document 2 §4) for as long as the transfer waits; then the money moves in its own
   * statement.
   */
  async function approveOnPhone(plan: Planned, pending: TransferRow): Promise<TransferOutcome> {
    await holdPendingTransferAmount(db, plan.userId, plan.amountCents);
    try {
      let outcome: Outcome;
      try {
        const started = await challenges.start({
          subjectId: plan.userId,
          purpose: PURPOSE,
          reference: pending.id,
          context: contextOf(plan),
          request: { ip: plan.ip, userAgent: null },
        });
        // Payment Activity names the request the transfer waits for.
        if (started.requestId) {
          await recordApprovalRequest(db, {
            transferId: pending.id,
            approvalRequestId: started.requestId,
          });
        }
        outcome = await challenges.wait(started.challengeId);
      } catch (error) {
        await settlement.settle(plan, pending, 'approval_failed');
        throw error;
      }
      const refusal = refusalOfApproval(phoneAnswerOf(outcome));
      if (refusal !== null) {
        await settlement.settle(plan, pending, refusal);
        return refused(refusal, pending.referenceNumber);
      }
      return await settlement.move(plan, pending.id);
    } finally {
      await releasePendingTransferAmount(db, plan.userId, plan.amountCents);
    }
  }

  /** Asks for the code of a transfer waiting for it, after its row was committed. */
  async function askForCode(
    plan: Planned,
    pending: TransferRow,
    limit: CrossedLimit,
  ): Promise<TransferOutcome> {
    try {
      const started = await challenges.start({
        subjectId: plan.userId,
        purpose: PURPOSE,
        reference: pending.id,
        context: contextOf(plan),
        request: { ip: plan.ip, userAgent: null },
      });
      return {
        kind: 'confirmation_required',
        transferId: pending.id,
        referenceNumber: pending.referenceNumber,
        limit,
        ...(await codeAskedOf(challenges, plan.userId, PURPOSE, started)),
      };
    } catch (error) {
      // No code reached the customer: the transfer must not keep its room in the total.
      await settlement.settle(plan, pending, 'approval_failed');
      throw error;
    }
  }

  return {
    /** How a transfer of this customer would be approved now: the engine's first choice. */
    async secondFactorOf(userId: string): Promise<SecondFactor> {
      const answers = (await challenges.choices(userId, PURPOSE)).map(
        (choice) => choice.method.traits.answer,
      );
      return secondFactorOf({
        hasPushDevice: answers.includes('approval'),
        hasCodeDevice: answers.includes('code'),
      });
    },

    approveOnPhone,
    askForCode,

    /**
     * The code of a transfer waiting for one: a right code moves the money (one statement, the
     * pending row confirmed with its ledger entries); a wrong one changes nothing but the
     * challenge's attempt count; an expired challenge, or the last attempt used up, settles
     * the transfer as not approved. Only the owner's own pending transfer is looked at.
     */
    async confirm(command: ConfirmationCommand): Promise<ConfirmationOutcome> {
      const { userId, grant, transferId, code, ip = null } = command;
      const pending = await pendingOf({ userId, grant, transferId });
      if (!pending) return { kind: 'not_found' };
      const notPending = { kind: 'not_pending', referenceNumber: pending.referenceNumber } as const;
      if (pending.status !== 'pending_approval') return notPending;
      const challenge = await codeChallengeOf(pending, userId);
      // A pending transfer that waits for the phone instead, or whose code was used.
      if (!challenge) return notPending;
      const outcome = await challenges.answer(
        challenge.id,
        { kind: 'code', code },
        { ip, userAgent: null },
      );
      const accounts = transferAccountsOf(await listAccountsOf(db, userId));
      const from = accounts.find((account) => account.id === pending.fromAccountId);
      const to = accounts.find((account) => account.id === pending.toAccountId);
      if (!from || !to) return { kind: 'not_found' };
      const plan: Planned = {
        userId,
        from,
        to,
        amountCents: pending.amountCents,
        referenceNumber: pending.referenceNumber,
        idempotencyKey: pending.idempotencyKey,
        ip,
      };
      switch (outcome.status) {
        case 'answered': {
          const moved = await settlement.move(plan, pending.id);
          return moved.kind === 'confirmed' || moved.kind === 'invalid' ? moved : notPending;
        }
        case 'wrong':
          return { kind: 'wrong_code', attemptsLeft: outcome.attemptsLeft };
        case 'waiting':
          return notPending;
        case 'refused':
          if (outcome.reason === 'not_pending') return notPending;
          await settlement.settle(plan, pending, 'code_failed');
          return refused('code_failed', pending.referenceNumber) as ConfirmationOutcome;
      }
    },

    /**
     * The transfer's challenge is ended first — a transfer with none still asked does not wait
     * for a code (it waits for the phone, or its code was used), and nothing changes — then the
     * pending row is settled as cancelled with its audit event. Ending a challenge and a right
     * code's acceptance are both conditional on the challenge being still asked: of a Cancel
     * and a confirmation racing, exactly one wins.
     */
    async cancel(command: CancellationCommand): Promise<CancellationOutcome> {
      const { userId, grant, transferId, ip = null } = command;
      const pending = await pendingOf({ userId, grant, transferId });
      if (!pending) return { kind: 'not_found' };
      const notPending = { kind: 'not_pending', referenceNumber: pending.referenceNumber } as const;
      if (pending.status !== 'pending_approval') return notPending;
      const challenge = await codeChallengeOf(pending, userId);
      if (!challenge || !(await challenges.cancel(challenge.id))) return notPending;
      return db.transaction(async (tx): Promise<CancellationOutcome> => {
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
  };
}
