import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { preparedStatement, type Queryable } from '../../db/database';
import {
  auditEventInsertWhen,
  auditEventsRecorded,
  currentInspectorId,
  panelEventWritten,
} from '../audit';
import { INSUFFICIENT_FUNDS_REASON } from './transfer-refusals.rules';

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
      transfer: { id: string; referenceNumber: number };
      fromBalanceAfterCents: number;
      toBalanceAfterCents: number;
    }
  /**
   * The source held less than the amount once locked: no money moved and no transfer was
   * written (a pending one is settled as denied, reason insufficient_funds).
   */
  | { moved: false; fromBalanceCents: number };

const from = sql.placeholder('fromAccountId');
const to = sql.placeholder('toAccountId');
const amount = sql`${sql.placeholder('amountCents')}::bigint`;
const transferId = sql`${sql.placeholder('transferId')}::uuid`;

/** The money statement's answer, with what a deciding statement adds (see DecidingSteps). */
export interface MoveMoneyRow {
  found: number | string;
  source_balance: number | string | null;
  reference_number: number | null;
  from_balance_after: number | string | null;
  to_balance_after: number | string | null;
}

/**
 * Steps a statement takes before the money's (running-total.store.ts): CTEs ahead of the
 * accounts' lock (`steps`, each followed by a comma), what must hold for the accounts to be
 * locked at all (`lockWhen`: otherwise nothing moves, and `found` is 0), and the columns it
 * answers besides (`columns`, each preceded by a comma).
 */
export interface DecidingSteps {
  steps: SQL;
  lockWhen: SQL;
  columns: SQL;
}

/**
 * The money movement, as one statement (so one round trip and one commit): both account rows
 * locked `FOR UPDATE` in id order (every transfer locks in the same order, so two opposite
 * transfers cannot deadlock), the balance checked under the lock (the caller's check read it
 * unlocked), then `transferStep` (which writes the transfer row, or confirms a pending one),
 * both balances, a debit and a credit ledger entry, and the audit event — each a CTE that
 * writes only once the one before it did.
 *
 * `checked` aggregates every locked row, and every write hangs on it: nothing is written before
 * both locks are held, and under them the balances are the latest committed ones (READ
 * COMMITTED re-reads a row a lock waited for). The new balances are computed from those, not
 * from `accounts.balance_cents`: this statement's snapshot may predate a transfer it waited
 * for, and PostgreSQL checks constraints on a row computed from the snapshot's version before
 * it re-reads the latest one — `balance_cents + delta` would fail the balance check now and
 * then although the final row passes it. A failure anywhere (the Idempotency-Key's unique
 * index, 23505, for a concurrent retry) undoes the whole statement.
 */
export function moveMoneyStatement<Row extends MoveMoneyRow = MoveMoneyRow>(
  name: string,
  transferStep: SQL,
  deciding?: DecidingSteps,
) {
  return preparedStatement<Row>(
    name,
    sql`with ${deciding?.steps ?? sql``}
        locked as (
          select id, balance_cents, number_suffix from accounts
          where id in (${from}, ${to}) ${deciding ? sql`and ${deciding.lockWhen}` : sql``}
          order by id
          for update
        ),
        checked as (
          select count(*) as found,
            max(balance_cents) filter (where id = ${from}) as source_balance,
            max(balance_cents) filter (where id = ${to}) as destination_balance,
            max(number_suffix) filter (where id = ${from}) as source_suffix,
            max(number_suffix) filter (where id = ${to}) as destination_suffix
          from locked
        ),
        ${transferStep}
        moved as (
          update accounts
          set balance_cents = case when accounts.id = ${from}
            then checked.source_balance - ${amount}
            else checked.destination_balance + ${amount} end
          from transfer, checked
          where accounts.id in (${from}, ${to})
          returning accounts.id, accounts.balance_cents
        ),
        entries as (
          insert into ledger_entries (account_id, transfer_id, amount_cents, balance_after_cents,
            description)
          select moved.id, transfer.id,
            case when moved.id = ${from} then -${amount} else ${amount} end,
            moved.balance_cents,
            case when moved.id = ${from}
              then 'Transfer ' || transfer.reference_number || ' to account ending ' || checked.destination_suffix
              else 'Transfer ' || transfer.reference_number || ' from account ending ' || checked.source_suffix
            end
          from moved, transfer, checked
          -- The debit first, as a reader of the ledger expects.
          order by moved.id = ${to}
        ),
        audit as (${auditEventInsertWhen(
          'transfer.confirmed',
          {
            userId: sql.placeholder('userId'),
            ip: sql.placeholder('ip'),
            details: sql.placeholder('auditDetails'),
            inspectorId: sql.placeholder('inspectorId'),
          },
          sql`exists (select 1 from transfer)`,
        )})
        select checked.found, checked.source_balance, transfer.reference_number,
          (select balance_cents from moved where id = ${from}) as from_balance_after,
          (select balance_cents from moved where id = ${to}) as to_balance_after
          ${deciding?.columns ?? sql``}
        from checked left join transfer on true`,
  );
}

/** A new transfer's row, written confirmed once the money is there under the lock. */
export const newTransferStep = sql`transfer as (
    insert into transfers (id, user_id, from_account_id, to_account_id, amount_cents, status,
      reference_number, idempotency_key)
    select ${transferId}, ${sql.placeholder('userId')}::uuid, ${from}, ${to}, ${amount},
      'confirmed', ${sql.placeholder('referenceNumber')}::integer,
      ${sql.placeholder('idempotencyKey')}::text
    from checked where found = 2 and source_balance >= ${amount}
    returning id, reference_number
  ),`;

const moveMoneyOfNewTransfer = moveMoneyStatement('banking_move_money', newTransferStep);

/** An approved transfer: its pending row confirmed, or settled as denied for want of money. */
const moveMoneyOfApprovedTransfer = moveMoneyStatement(
  'banking_move_approved_money',
  sql`transfer as (
        update transfers set status = 'confirmed', reason = null, decided_at = now()
        where id = ${transferId} and status = 'pending_approval'
          and exists (select 1 from checked where found = 2 and source_balance >= ${amount})
        returning id, reference_number
      ),
      unpaid as (
        update transfers set status = 'denied', reason = ${INSUFFICIENT_FUNDS_REASON},
          decided_at = now()
        where id = ${transferId} and status = 'pending_approval'
          and exists (select 1 from checked where found = 2 and source_balance < ${amount})
      ),`,
);

/** A money statement's values (see moveMoneyStatement) and the audit event it writes. */
export function moneyStatementValues(input: MoveMoneyInput) {
  const id = input.pendingTransferId ?? randomUUID();
  const auditDetails = {
    transferId: id,
    referenceNumber: input.referenceNumber,
    fromAccountId: input.fromAccountId,
    toAccountId: input.toAccountId,
    amountCents: input.amountCents,
    // The two ledger entries this statement writes, the debit first (ADR 0021).
    entries: [
      { accountId: input.fromAccountId, amountCents: -input.amountCents },
      { accountId: input.toAccountId, amountCents: input.amountCents },
    ],
  };
  return {
    auditDetails,
    values: {
      fromAccountId: input.fromAccountId,
      toAccountId: input.toAccountId,
      amountCents: input.amountCents,
      transferId: id,
      userId: input.userId,
      referenceNumber: input.referenceNumber,
      idempotencyKey: input.idempotencyKey,
      ip: input.ip ?? null,
      auditDetails: JSON.stringify(auditDetails),
      inspectorId: currentInspectorId(),
    },
  };
}

/**
 * What a money statement did, from its row (the accounts were locked: `found` is 2); tells the
 * audit listeners and a watching panel of the event it wrote.
 */
export function moneyMoved(
  row: MoveMoneyRow | undefined,
  input: MoveMoneyInput,
  statement: ReturnType<typeof moneyStatementValues>,
): MoveMoneyResult {
  const watching = currentInspectorId();
  if (watching) panelEventWritten(watching);
  if (!row || Number(row.found) !== 2) throw new Error('a transfer account vanished');
  if (row.reference_number !== null) {
    auditEventsRecorded([{ type: 'transfer.confirmed', details: statement.auditDetails }]);
    return {
      moved: true,
      transfer: { id: statement.values.transferId, referenceNumber: row.reference_number },
      fromBalanceAfterCents: Number(row.from_balance_after),
      toBalanceAfterCents: Number(row.to_balance_after),
    };
  }
  const fromBalanceCents = Number(row.source_balance);
  if (fromBalanceCents >= input.amountCents) {
    throw new Error('the transfer to confirm is no longer pending');
  }
  return { moved: false, fromBalanceCents };
}

/** Moves the money of a transfer (see moveMoneyStatement). */
export async function moveMoney(db: Queryable, input: MoveMoneyInput): Promise<MoveMoneyResult> {
  const statement = input.pendingTransferId ? moveMoneyOfApprovedTransfer : moveMoneyOfNewTransfer;
  const prepared = moneyStatementValues(input);
  const [row] = await statement(db, prepared.values);
  return moneyMoved(row, input, prepared);
}
