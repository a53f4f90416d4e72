import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/database';
import type { EntryFilter, TransferFacts } from './activity.rules';

/** An account as the activity pages name it. */
export interface AccountRow {
  id: string;
  ownerId: string;
  kind: string;
  position: number;
  balanceCents: number;
  numberSuffix: string;
}

/** A ledger entry as read, before the rules say how it reads to its customer. */
export interface EntryRow {
  id: string;
  accountId: string;
  kind: string;
  bookedAt: Date;
  description: string;
  category: string;
  amountCents: number;
  balanceAfterCents: number;
  transferId: string | null;
}

interface RawEntry {
  id: number | string;
  account_id: string;
  kind: string;
  created_at: string;
  description: string;
  category: string;
  amount_cents: number | string;
  balance_after_cents: number | string;
  transfer_id: string | null;
}

function entryOf(row: RawEntry): EntryRow {
  return {
    id: String(row.id),
    accountId: row.account_id,
    kind: row.kind,
    bookedAt: new Date(row.created_at),
    description: row.description,
    category: row.category,
    amountCents: Number(row.amount_cents),
    balanceAfterCents: Number(row.balance_after_cents),
    transferId: row.transfer_id,
  };
}

/** One account by id, whoever owns it (the caller decides who may see it); null: none. */
export async function findAccount(db: Queryable, accountId: string): Promise<AccountRow | null> {
  const [row] = await queryRows<{
    id: string;
    owner_id: string;
    kind: string;
    position: number;
    balance_cents: number | string;
    number_suffix: string;
  }>(
    db,
    sql`select id, owner_id, kind, position, balance_cents, number_suffix
        from accounts where id = ${accountId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    ownerId: row.owner_id,
    kind: row.kind,
    position: row.position,
    balanceCents: Number(row.balance_cents),
    numberSuffix: row.number_suffix,
  };
}

const instant = (date: Date | null) => date?.toISOString() ?? null;

const filterClause = (filter: EntryFilter) => sql`
  (${instant(filter.from)}::timestamptz is null or e.created_at >= ${instant(filter.from)}::timestamptz)
  and (${instant(filter.to)}::timestamptz is null or e.created_at <= ${instant(filter.to)}::timestamptz)
  and (${filter.pattern}::text is null or e.description ilike ${filter.pattern}::text
    or e.category ilike ${filter.pattern}::text)
  and (${filter.minCents}::bigint is null or abs(e.amount_cents) >= ${filter.minCents}::bigint)
  and (${filter.maxCents}::bigint is null or abs(e.amount_cents) <= ${filter.maxCents}::bigint)`;

/**
 * One account's entries that pass the filter, newest first (the ledger's id order), `limit`
 * of them from `offset`, and how many pass in all: one statement.
 */
export async function readAccountEntries(
  db: Queryable,
  input: { accountId: string; filter: EntryFilter; limit: number; offset: number },
): Promise<{ total: number; entries: EntryRow[] }> {
  const [row] = await queryRows<{ total: number | string; entries: RawEntry[] }>(
    db,
    sql`with filtered as (
          select e.id, e.account_id, a.kind, e.created_at, e.description, e.category,
            e.amount_cents, e.balance_after_cents, e.transfer_id
          from ledger_entries e join accounts a on a.id = e.account_id
          where e.account_id = ${input.accountId} and ${filterClause(input.filter)}
        ),
        page as (select * from filtered order by id desc limit ${input.limit} offset ${input.offset})
        select (select count(*) from filtered) as total,
          coalesce((select json_agg(page order by page.id desc) from page), '[]') as entries`,
  );
  return { total: Number(row?.total ?? 0), entries: (row?.entries ?? []).map(entryOf) };
}

/** The customer's latest entries across all their accounts, newest first. */
export async function readRecentEntries(
  db: Queryable,
  input: { ownerId: string; limit: number },
): Promise<EntryRow[]> {
  const rows = await queryRows<RawEntry>(
    db,
    sql`select e.id, e.account_id, a.kind, e.created_at, e.description, e.category,
          e.amount_cents, e.balance_after_cents, e.transfer_id
        from ledger_entries e join accounts a on a.id = e.account_id
        where a.owner_id = ${input.ownerId}::uuid
        order by e.id desc
        limit ${input.limit}`,
  );
  return rows.map(entryOf);
}

export interface MonthRow {
  month: string;
  entries: number;
  plusCents: number;
  minusCents: number;
  openingCents: number;
  closingCents: number;
}

/** An account's calendar months (UTC) that have entries, newest first, with their totals. */
export async function readStatementMonths(db: Queryable, accountId: string): Promise<MonthRow[]> {
  const rows = await queryRows<{
    month: string;
    entries: number | string;
    plus: number | string;
    minus: number | string;
    opening: number | string;
    closing: number | string;
  }>(
    db,
    sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month,
          count(*) as entries,
          coalesce(sum(amount_cents) filter (where amount_cents > 0), 0) as plus,
          coalesce(sum(-amount_cents) filter (where amount_cents < 0), 0) as minus,
          (array_agg(balance_after_cents - amount_cents order by id))[1] as opening,
          (array_agg(balance_after_cents order by id desc))[1] as closing
        from ledger_entries
        where account_id = ${accountId}
        group by 1
        order by 1 desc`,
  );
  return rows.map((row) => ({
    month: row.month,
    entries: Number(row.entries),
    plusCents: Number(row.plus),
    minusCents: Number(row.minus),
    openingCents: Number(row.opening),
    closingCents: Number(row.closing),
  }));
}

/** A transfer as Payment Activity lists it, with both accounts. */
export interface PaymentRow extends TransferFacts {
  id: string;
  referenceNumber: number;
  amountCents: number;
  decidedAt: Date | null;
  approvalRequestId: string | null;
  from: { id: string; kind: string; suffix: string; own: boolean };
  to: { id: string; kind: string; suffix: string; own: boolean };
}

/** The customer's transfers, newest first, a page of them, and how many there are. */
export async function readPayments(
  db: Queryable,
  input: { userId: string; limit: number; offset: number },
): Promise<{ total: number; payments: PaymentRow[] }> {
  const [row] = await queryRows<{
    total: number | string;
    payments: {
      id: string;
      reference_number: number;
      amount_cents: number | string;
      status: string;
      reason: string | null;
      approval_method: string | null;
      approval_request_id: string | null;
      created_at: string;
      decided_at: string | null;
      from_id: string;
      from_kind: string;
      from_suffix: string;
      from_own: boolean;
      to_id: string;
      to_kind: string;
      to_suffix: string;
      to_own: boolean;
    }[];
  }>(
    db,
    sql`with mine as (
          select t.id, t.reference_number, t.amount_cents, t.status, t.reason, t.approval_method,
            t.approval_request_id, t.created_at, t.decided_at,
            fa.id as from_id, fa.kind as from_kind, fa.number_suffix as from_suffix,
            fa.owner_id = t.user_id as from_own,
            ta.id as to_id, ta.kind as to_kind, ta.number_suffix as to_suffix,
            ta.owner_id = t.user_id as to_own
          from transfers t
          join accounts fa on fa.id = t.from_account_id
          join accounts ta on ta.id = t.to_account_id
          where t.user_id = ${input.userId}::uuid
        ),
        page as (
          select * from mine order by created_at desc, id limit ${input.limit}
          offset ${input.offset}
        )
        select (select count(*) from mine) as total,
          coalesce((select json_agg(page order by page.created_at desc, page.id) from page), '[]')
            as payments`,
  );
  return {
    total: Number(row?.total ?? 0),
    payments: (row?.payments ?? []).map((payment) => ({
      id: payment.id,
      referenceNumber: payment.reference_number,
      amountCents: Number(payment.amount_cents),
      status: payment.status,
      reason: payment.reason,
      approvalMethod: payment.approval_method,
      approvalRequestId: payment.approval_request_id,
      createdAt: new Date(payment.created_at),
      decidedAt: payment.decided_at === null ? null : new Date(payment.decided_at),
      from: {
        id: payment.from_id,
        kind: payment.from_kind,
        suffix: payment.from_suffix,
        own: payment.from_own,
      },
      to: {
        id: payment.to_id,
        kind: payment.to_kind,
        suffix: payment.to_suffix,
        own: payment.to_own,
      },
    })),
  };
}

/** The phone's approval request for a transfer waiting for it (Payment Activity shows it). */
export async function recordApprovalRequest(
  db: Queryable,
  input: { transferId: string; approvalRequestId: string },
): Promise<void> {
  await queryRows(
    db,
    sql`update transfers set approval_request_id = ${input.approvalRequestId}
        where id = ${input.transferId}::uuid and status = 'pending_approval'`,
  );
}
