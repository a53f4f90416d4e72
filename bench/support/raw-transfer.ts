import { randomInt, randomUUID } from 'node:crypto';

/**
 * The money transaction of `moveMoney` (apps/server/src/modules/banking/money-movement.store.ts)
 * as the very statement Drizzle prepares for a new transfer (captured from the driver: one
 * statement, its own transaction, prepared once per connection), issued by hand: the floor a
 * transfer through the API is measured against. Keep in step with the store. The API's usual transfer
 * runs this statement with the customer's lock and running total in front of it
 * (`decideAndMoveMoney`, banking/running-total.store.ts), after the read of its facts.
 */
const MOVE_MONEY = `with locked as (
  select id, balance_cents, number_suffix from accounts
  where id in ($1, $2)
  order by id
  for update
),
checked as (
  select count(*) as found,
    max(balance_cents) filter (where id = $3) as source_balance,
    max(balance_cents) filter (where id = $4) as destination_balance,
    max(number_suffix) filter (where id = $5) as source_suffix,
    max(number_suffix) filter (where id = $6) as destination_suffix
  from locked
),
transfer as (
  insert into transfers (id, user_id, from_account_id, to_account_id, amount_cents, status,
    reference_number, idempotency_key)
  select $7::uuid, $8::uuid, $9, $10, $11::bigint, 'confirmed',
    $12::integer, $13::text
  from checked where found = 2 and source_balance >= $14::bigint
  returning id, reference_number
),
moved as (
  update accounts
  set balance_cents = case when accounts.id = $15
    then checked.source_balance - $16::bigint
    else checked.destination_balance + $17::bigint end
  from transfer, checked
  where accounts.id in ($18, $19)
  returning accounts.id, accounts.balance_cents
),
entries as (
  insert into ledger_entries (account_id, transfer_id, amount_cents, balance_after_cents,
    description)
  select moved.id, transfer.id,
    case when moved.id = $20 then -$21::bigint else $22::bigint end,
    moved.balance_cents,
    case when moved.id = $23
      then 'Transfer ' || transfer.reference_number || ' to account ending ' || checked.destination_suffix
      else 'Transfer ' || transfer.reference_number || ' from account ending ' || checked.source_suffix
    end
  from moved, transfer, checked
  order by moved.id = $24
),
audit as (insert into "audit_events" (type, user_id, ip, details)
  select $25, $26::uuid, $27::text, $28::jsonb
  where exists (select 1 from transfer))
select checked.found, checked.source_balance, transfer.reference_number,
  (select balance_cents from moved where id = $29) as from_balance_after,
  (select balance_cents from moved where id = $30) as to_balance_after
from checked left join transfer on true`;

/** Runs one statement (prepared, where the driver can); answers its rows. */
export type RunStatement = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface RawTransfer {
  userId: string;
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
}

/** One transfer, as the store sends it; throws on short funds (nothing was written then). */
export async function rawTransferStatements(run: RunStatement, transfer: RawTransfer) {
  const { userId, fromAccountId: from, toAccountId: to, amountCents: amount } = transfer;
  const transferId = randomUUID();
  const referenceNumber = randomInt(0, 100_000);
  const details = JSON.stringify({
    transferId,
    referenceNumber,
    fromAccountId: from,
    toAccountId: to,
    amountCents: amount,
  });
  const [row] = await run(MOVE_MONEY, [
    from,
    to,
    from,
    to,
    from,
    to,
    transferId,
    userId,
    from,
    to,
    amount,
    referenceNumber,
    null,
    amount,
    from,
    amount,
    amount,
    from,
    to,
    from,
    amount,
    amount,
    from,
    to,
    'transfer.confirmed',
    userId,
    null,
    details,
    from,
    to,
  ]);
  if (Number(row?.found) !== 2) throw new Error('a transfer account vanished');
  if (row?.reference_number === null) throw new Error('insufficient funds');
}
