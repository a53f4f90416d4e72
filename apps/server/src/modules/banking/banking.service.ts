import { randomInt } from 'node:crypto';
import type { BalancesResponse, CrossedLimit, MenuOptionsResponse } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { uniqueViolationOf } from '../../db/unique-violation';
import { currentInspectorId, insertAuditEvent } from '../audit';
import { findUserById } from '../directory';
import { listAccountsOf } from './accounts.store';
import { transferDecisionTrace } from './transfer-trace.rules';
import type { ChallengeService, GrantCheck, RiskPolicy } from '../identity';
import { INSUFFICIENT_FUNDS_REASON, isTransferRefusal } from './transfer-refusals.rules';
import { balancesResponseOf } from './balances.rules';
import { decideTransfer, moveCeilingCents } from './transfer-decision.rules';
import {
  insufficientFundsMessage,
  isSameTransfer,
  transferAccountsOf,
  validateTransfer,
  type TransferInput,
} from './transfer.rules';
import { menuOptionsFor } from './menu-options.rules';
import { findTransferByIdempotencyKey, insertTransfer, type TransferRow } from './transfers.store';
import { readBalances } from './balances.store';
import { readTransferFacts, type RecordedTransfer } from './transfer-facts.store';
import {
  decideAndMoveMoney,
  expireStalePendingTransfers,
  lockTransferringCustomer,
  recentTransferTotalCents,
} from './running-total.store';
import {
  createTransferApproval,
  type CancellationCommand,
  type CancellationOutcome,
  type ConfirmationCommand,
  type ConfirmationOutcome,
} from './transfer-approval.service';
import {
  outcomeOfMove,
  refused,
  transferRow,
  transferSettlement,
  type Planned,
  type TransferOutcome,
} from './transfer-settlement';

export type {
  CancellationCommand,
  CancellationOutcome,
  ConfirmationCommand,
  ConfirmationOutcome,
  TransferOutcome,
};
/** The phone a test answers for (buildServer's `transferApprovals`), read by the engine. */
export type { TransferApprovals } from '../identity';

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

/** What the deciding transaction leaves: an answer, or a pending transfer to approve. */
type Decided =
  | { outcome: TransferOutcome }
  | { pending: TransferRow; via: 'push' | 'code'; limit: CrossedLimit };

export function createBankingService(deps: {
  db: Database;
  /** Approves a transfer above the threshold: the customer's phone, else a code (ADR 0026). */
  challenges: ChallengeService;
  clock?: () => Date;
  /** The transfer's number shown to the customer: random below 100000 (document 2 §2). */
  referenceNumber?: () => number;
  riskPolicy?: RiskPolicy;
}): BankingService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const nextReference = deps.referenceNumber ?? (() => randomInt(0, 100_000));
  const settlement = transferSettlement(db);
  const approval = createTransferApproval({ db, challenges: deps.challenges, settlement });

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

  return {
    async balances(userId, selfUrl, grant) {
      const read = await readBalances(db, { ownerId: userId, grantId: grant.grantId });
      grant.confirm(read.grantIsLive);
      return balancesResponseOf(read.accounts, clock(), selfUrl);
    },

    confirmTransfer: (command: ConfirmationCommand) => approval.confirm(command),
    cancelTransfer: (command: CancellationCommand) => approval.cancel(command),

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
        // Past the one statement an approval may be needed: how the customer would give it is
        // read now, before the lock (the engine reads the devices; nothing slow inside).
        const secondFactor = await approval.secondFactorOf(userId);
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
                outcome: await settlement.recordRefusal(
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
                  decision.reason === 'max_threshold' ? decision.limit : undefined,
                ),
              };
            case 'approve':
              return {
                pending: await insertTransfer(tx, {
                  ...transferRow(plan),
                  status: 'pending_approval',
                  approvalMethod: decision.via === 'push' ? 'phone' : 'code',
                }),
                via: decision.via,
                limit: decision.limit,
              };
            case 'move':
              return { outcome: await settlement.move(plan, undefined, tx) };
          }
        });
        if ('outcome' in decided) return decided.outcome;
        return decided.via === 'push'
          ? await approval.approveOnPhone(plan, decided.pending)
          : await approval.askForCode(plan, decided.pending, decided.limit);
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
