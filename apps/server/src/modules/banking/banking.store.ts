import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { preparedStatement, type Queryable } from '../../db/database';
import { ledgerEntries, transfers } from '../../db/schema';
import {
  auditEventInsertWhen,
  auditEventsRecorded,
  currentInspectorId,
  panelEventWritten,
} from '../audit';
import { grantIsLive } from '../identity';
import { INSUFFICIENT_FUNDS_REASON } from './transfer-refusals.rules';
import type { AccountView } from './balances.rules';
import type { TransferUser } from './transfer-decision.rules';

export type TransferRow = typeof transfers.$inferSelect;
export type NewTransfer = typeof transfers.$inferInsert;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

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

/** A malformed id would make PostgreSQL raise on the uuid cast: it simply matches no row. */
function uuidOrNull(id: string): string | null {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

const selectBalances = preparedStatement<{
  grant_is_live: boolean;
  id: string | null;
  kind: string;
  position: number;
  balance_cents: number | string;
}>(
  'banking_balances',
  // The one-row left join answers the grant even for someone without accounts.
  sql`select ${grantIsLive(sql.placeholder('grantId'))} as grant_is_live,
        a.id, a.kind, a.position, a.balance_cents
      from (select 1) as one
      left join accounts a on a.owner_id = ${sql.placeholder('ownerId')}::uuid
      order by a.position`,
);

/**
 * The owner's accounts, and in the same round trip whether the access token's grant still
 * lives (see GrantCheck in identity/oauth/access-token.ts): one statement per balances request.
 */
export async function readBalances(
  db: Queryable,
  input: { ownerId: string; grantId: string },
): Promise<{ grantIsLive: boolean; accounts: AccountView[] }> {
  const rows = await selectBalances(db, {
    grantId: input.grantId,
    ownerId: uuidOrNull(input.ownerId),
  });
  return {
    grantIsLive: rows[0]?.grant_is_live === true,
    accounts: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: row.id,
              kind: row.kind,
              position: row.position,
              balanceCents: Number(row.balance_cents),
            },
          ],
    ),
  };
}

/** What a retry needs of the transfer first recorded under its Idempotency-Key. */
export type RecordedTransfer = Pick<
  TransferRow,
  | 'id'
  | 'userId'
  | 'fromAccountId'
  | 'toAccountId'
  | 'amountCents'
  | 'status'
  | 'reason'
  | 'referenceNumber'
>;

/** Everything a transfer is decided on, read before anything is written. */
export interface TransferFacts {
  grantIsLive: boolean;
  /** Null: no such user. */
  user: TransferUser | null;
  /**
   * The user's count of decided transfers as this read saw it (0: no such user): the
   * one-statement transfer goes ahead only while it is unchanged (running-total.store.ts).
   */
  transferDecisions: number;
  accounts: AccountView[];
  /** The transfer already recorded under the request's Idempotency-Key, if any. */
  recorded: RecordedTransfer | null;
}

const selectTransferFacts = preparedStatement<{
  grant_is_live: boolean;
  user_id: string | null;
  ciba_threshold: number | null;
  deny_threshold: number | null;
  transfer_decisions: number | null;
  accounts: AccountView[];
  recorded: RecordedTransfer | null;
}>(
  'banking_transfer_facts',
  sql`select ${grantIsLive(sql.placeholder('grantId'))} as grant_is_live,
        u.id as user_id, u.ciba_threshold, u.deny_threshold, u.transfer_decisions,
        coalesce((
          select json_agg(json_build_object(
            'id', a.id, 'kind', a.kind, 'position', a.position, 'balanceCents', a.balance_cents
          ) order by a.position)
          from accounts a where a.owner_id = u.id
        ), '[]') as accounts,
        (
          select json_build_object(
            'id', t.id, 'userId', t.user_id, 'fromAccountId', t.from_account_id,
            'toAccountId', t.to_account_id, 'amountCents', t.amount_cents, 'status', t.status,
            'reason', t.reason, 'referenceNumber', t.reference_number
          )
          from transfers t
          where t.user_id = u.id and t.idempotency_key = ${sql.placeholder('idempotencyKey')}::text
        ) as recorded
      from (select 1) as one
      left join directory_people u on u.id = ${sql.placeholder('userId')}::uuid`,
);

/**
 * The facts of a transfer in one statement: whether the access token's grant still lives, the
 * user's thresholds, their accounts, and the transfer an
 * Idempotency-Key already names.
 */
export async function readTransferFacts(
  db: Queryable,
  input: { userId: string; grantId: string; idempotencyKey: string | null },
): Promise<TransferFacts> {
  const [row] = await selectTransferFacts(db, {
    grantId: input.grantId,
    userId: uuidOrNull(input.userId),
    idempotencyKey: input.idempotencyKey,
  });
  if (!row) throw new Error('the transfer facts query returned no row');
  return {
    grantIsLive: row.grant_is_live === true,
    user:
      row.user_id === null
        ? null
        : { cibaThreshold: row.ciba_threshold, denyThreshold: row.deny_threshold },
    transferDecisions: row.transfer_decisions ?? 0,
    accounts: row.accounts,
    recorded: row.recorded,
  };
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
