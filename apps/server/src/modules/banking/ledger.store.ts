import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/database';
import { ledgerEntries } from '../../db/schema';
import { openingLedger, type HistoryPosting } from './ledger.rules';

/**
 * Writes the opening history of newly opened accounts (see ledger.rules.ts) in one statement:
 * the accounts are locked and must still be empty (balance zero, no entries), then the
 * transfers, the entries in order and each account's balance — the sum of its entries — are
 * written together, or nothing is. Used by online registration (the opening deposits) and the
 * demo seed (ninety days of activity), so a balance is never written apart from its entries.
 */
export async function postOpeningHistory(
  db: Queryable,
  postings: readonly HistoryPosting[],
): Promise<void> {
  if (postings.length === 0) return;
  const ledger = openingLedger(postings);
  const accountIds = [...ledger.balances.keys()];
  const balances = accountIds.map((id) => ({ id, balance: ledger.balances.get(id) ?? 0 }));
  const [row] = await queryRows<{ ready: boolean; written: number | string }>(
    db,
    sql`with opened as (
          select a.id from accounts a
          where a.id in (select jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb))
            and a.balance_cents = 0
            and not exists (select 1 from ledger_entries e where e.account_id = a.id)
          order by a.id
          for update
        ),
        ready as (select count(*) = ${accountIds.length} as ok from opened),
        new_transfers as (
          insert into transfers (id, user_id, from_account_id, to_account_id, amount_cents,
            status, reference_number, created_at)
          select t."id", t."userId", t."fromAccountId", t."toAccountId", t."amountCents",
            'confirmed', t."referenceNumber", now() - t."ageMs" * interval '1 millisecond'
          from jsonb_to_recordset(${JSON.stringify(ledger.transfers)}::jsonb) as t("id" uuid,
            "userId" uuid, "fromAccountId" text, "toAccountId" text, "amountCents" bigint,
            "referenceNumber" integer, "ageMs" double precision)
          where (select ok from ready)
          returning id
        ),
        new_entries as (
          insert into ledger_entries (account_id, transfer_id, amount_cents, balance_after_cents,
            description, category, created_at)
          select e."accountId", e."transferId", e."amountCents", e."balanceAfterCents",
            e."description", e."category", now() - e."ageMs" * interval '1 millisecond'
          from jsonb_to_recordset(${JSON.stringify(ledger.entries)}::jsonb) as e("seq" integer,
            "accountId" text, "transferId" uuid, "amountCents" bigint, "balanceAfterCents" bigint,
            "description" text, "category" text, "ageMs" double precision)
          where (select ok from ready)
          -- The ledger's id order is the entries' order.
          order by e."seq"
          returning 1
        ),
        new_balances as (
          update accounts set balance_cents = b."balance"
          from jsonb_to_recordset(${JSON.stringify(balances)}::jsonb) as b("id" text,
            "balance" bigint)
          where accounts.id = b."id" and (select ok from ready)
          returning 1
        )
        -- Data-modifying CTEs run to completion whether or not this reads them.
        select (select ok from ready) as ready, (select count(*) from new_entries) as written`,
  );
  if (row?.ready !== true) {
    throw new Error('opening history: an account is not newly opened (or does not exist)');
  }
  if (Number(row.written) !== ledger.entries.length) {
    throw new Error('opening history: not every entry was written');
  }
}

/** How many accounts the user has, transfers they made and ledger entries their accounts hold. */
export async function countLedgerOf(
  db: Queryable,
  userId: string,
): Promise<{ accounts: number; transfers: number; ledgerEntries: number }> {
  const [row] = await queryRows<{
    accounts: number | string;
    transfers: number | string;
    ledger_entries: number | string;
  }>(
    db,
    sql`select
          (select count(*) from accounts where owner_id = ${userId}) as accounts,
          (select count(*) from transfers where user_id = ${userId}) as transfers,
          (select count(*) from ledger_entries e join accounts a on a.id = e.account_id
            where a.owner_id = ${userId}) as ledger_entries`,
  );
  return {
    accounts: Number(row?.accounts ?? 0),
    transfers: Number(row?.transfers ?? 0),
    ledgerEntries: Number(row?.ledger_entries ?? 0),
  };
}

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

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
