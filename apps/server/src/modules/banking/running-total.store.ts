import { and, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { transfers } from '../../db/schema';
import { lockForTransferDecision, transferDecisionStep } from '../directory';
import {
  PENDING_TRANSFER_LIFETIME_MS,
  RUNNING_TOTAL_WINDOW_MS,
  type TransferUser,
} from './transfer-decision.rules';
import {
  moneyMoved,
  moneyStatementValues,
  moveMoneyStatement,
  newTransferStep,
  type MoveMoneyInput,
  type MoveMoneyResult,
  type MoveMoneyRow,
} from './money-movement.store';

/**
 * The running total: a customer's transfers are decided one at a time, under a
 * lock on the customer's row, against what the last 24 hours already hold. Each decision also
 * adds one to the row's `transfer_decisions`, so that a transfer can be decided in one
 * statement (decideAndMoveMoney) when nothing was decided meanwhile.
 */

const windowOf = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/** Pending transfers of `userId` past their lifetime (see expireStalePendingTransfers). */
function stalePendingOf(userId: SQL): SQL {
  return sql`${transfers.userId} = ${userId} and ${transfers.status} = 'pending_approval'
    and ${transfers.createdAt} <= now() - ${windowOf(PENDING_TRANSFER_LIFETIME_MS)}`;
}

/** The transfers of `userId` that count toward the running total (RUNNING_TOTAL_WINDOW_MS). */
function countingTowardTotal(userId: SQL): SQL {
  return sql`${transfers.userId} = ${userId}
    and ${transfers.createdAt} > now() - ${windowOf(RUNNING_TOTAL_WINDOW_MS)}
    and (${transfers.status} = 'confirmed' or (${transfers.status} = 'pending_approval'
      and ${transfers.createdAt} > now() - ${windowOf(PENDING_TRANSFER_LIFETIME_MS)}))`;
}

/**
 * The first statement of a deciding transaction locks the customer's directory entry (the
 * directory's lockForTransferDecision, an update, which holds it as `FOR UPDATE` would), so a concurrent transfer of the same customer waits here
 * until this one has committed; the statements after it take a new snapshot (READ COMMITTED)
 * and so see every transfer committed before the lock was granted. Other customers' transfers
 * are not held up. The update counts the decision (see decideAndMoveMoney, which relies on
 * every decision doing so). Answers the thresholds as they are under the lock; null: no user.
 */
export function lockTransferringCustomer(
  tx: Queryable,
  userId: string,
): Promise<TransferUser | null> {
  return lockForTransferDecision(tx, userId);
}

/**
 * Transfers still pending after their lifetime lost their code or phone request: settled as
 * not approved (the money never moved), so they stop counting and a retry is answered so.
 */
export async function expireStalePendingTransfers(tx: Queryable, userId: string): Promise<void> {
  await tx
    .update(transfers)
    .set({ status: 'not_approved', reason: 'expired' })
    .where(stalePendingOf(sql`${userId}`));
}

/** What counts toward the running total (see RUNNING_TOTAL_WINDOW_MS in the rules). */
export async function recentTransferTotalCents(tx: Queryable, userId: string): Promise<number> {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${transfers.amountCents}), 0)`.mapWith(Number),
    })
    .from(transfers)
    .where(and(countingTowardTotal(sql`${userId}`)));
  return row?.total ?? 0;
}

const userId = sql`${sql.placeholder('userId')}::uuid`;

/**
 * A new transfer decided and moved in one statement, one round trip and one commit, when the
 * running total allows it: what the deciding transaction does in five (lock, expiry, total,
 * money, commit), for the usual transfer.
 *
 * A single statement cannot wait for the customer's lock and then read what the holder wrote:
 * its snapshot is taken when it starts. So `decision` takes the lock (the same update as
 * lockTransferringCustomer) only if the customer's count of decisions is still the one the
 * transfer's facts read before this statement began, and the thresholds too: READ COMMITTED
 * checks the condition again on the row as the holder left it, once the lock is granted. Each
 * decision adds one under the lock, so an unchanged count proves that none committed between
 * that read and the lock — and this statement's snapshot, taken between the two, holds every
 * transfer the total must count. Otherwise nothing is written and the caller decides in the
 * deciding transaction. Then, as there: the stale pending transfers expire, and the accounts
 * are locked (after the customer's row and the expired rows, the deciding transaction's order)
 * only when the total plus this transfer is within what the rules allow (`ceilingCents`, from
 * moveCeilingCents): above it nothing moves and the caller decides under the lock as a whole.
 */
const decideAndMoveStatement = moveMoneyStatement<
  MoveMoneyRow & { decided: number | string; allowed: number | string }
>('banking_decide_and_move_money', newTransferStep, {
  steps: sql`decision as (${transferDecisionStep(userId, {
    transferDecisions: sql`${sql.placeholder('transferDecisions')}::integer`,
    cibaThreshold: sql`${sql.placeholder('cibaThreshold')}::integer`,
    denyThreshold: sql`${sql.placeholder('denyThreshold')}::integer`,
  })}),
    expired as (
      update ${transfers} set status = 'not_approved', reason = 'expired'
      where ${stalePendingOf(sql`(select id from decision)`)}
      returning 1
    ),
    recent as (
      select coalesce(sum(${transfers.amountCents}), 0) as total from ${transfers}
      where ${countingTowardTotal(userId)}
    ),
    allowed as (
      select 1 from decision, recent
      where recent.total <= ${sql.placeholder('ceilingCents')}::bigint
        -- Read only to run the expiry before the accounts are locked.
        and (select count(*) from expired) >= 0
    ),`,
  lockWhen: sql`exists (select 1 from allowed)`,
  columns: sql`, (select count(*) from decision) as decided,
    (select count(*) from allowed) as allowed`,
});

export interface DecideAndMoveInput extends MoveMoneyInput {
  /** The count of decisions and the thresholds as the transfer's facts read them. */
  transferDecisions: number;
  user: TransferUser;
  /** The most the running total may hold for this transfer to move (moveCeilingCents). */
  ceilingCents: number;
}

/**
 * See decideAndMoveStatement. Null: it decided nothing (the customer's row changed since the
 * facts were read, or the running total is above the ceiling) and wrote nothing but, in the
 * latter case, the decision's count and the expiry of stale pending transfers.
 */
export async function decideAndMoveMoney(
  db: Queryable,
  input: DecideAndMoveInput,
): Promise<MoveMoneyResult | null> {
  const prepared = moneyStatementValues(input);
  const [row] = await decideAndMoveStatement(db, {
    ...prepared.values,
    transferDecisions: input.transferDecisions,
    cibaThreshold: input.user.cibaThreshold,
    denyThreshold: input.user.denyThreshold,
    ceilingCents: input.ceilingCents,
  });
  if (Number(row?.decided) !== 1 || Number(row?.allowed) !== 1) return null;
  return moneyMoved(row, input, prepared);
}
