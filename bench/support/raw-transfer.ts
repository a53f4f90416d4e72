import { randomInt } from 'node:crypto';

/**
 * The money transaction of `moveMoney` (apps/server/src/modules/banking/banking.store.ts) as the
 * very statements Drizzle sends for it (captured from the driver), issued by hand: the floor a
 * transfer through the API is measured against. Keep in step with the store.
 */
const STATEMENTS = {
  lock: `select "id", "balance_cents", "number_suffix" from "accounts" where "accounts"."id" in ($1, $2) order by "accounts"."id" asc for update`,
  transfer: `insert into "transfers" ("id", "user_id", "from_account_id", "to_account_id", "amount_cents", "status", "reason", "reference_number", "idempotency_key", "created_at") values (default, $1, $2, $3, $4, $5, default, $6, $7, default) returning "id", "user_id", "from_account_id", "to_account_id", "amount_cents", "status", "reason", "reference_number", "idempotency_key", "created_at"`,
  balance: `update "accounts" set "balance_cents" = "accounts"."balance_cents" + $1 where "accounts"."id" = $2 returning "balance_cents"`,
  entries: `insert into "ledger_entries" ("id", "account_id", "transfer_id", "amount_cents", "balance_after_cents", "description", "created_at") values (default, $1, $2, $3, $4, $5, default), (default, $6, $7, $8, $9, $10, default)`,
  audit: `insert into "audit_events" ("id", "type", "user_id", "ip", "details", "created_at") values (default, $1, $2, $3, $4, default)`,
};

/** Runs one statement inside the caller's open transaction; answers its rows. */
export type RunStatement = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface RawTransfer {
  userId: string;
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
}

/** The statements between BEGIN and COMMIT; throws (so the caller rolls back) on short funds. */
export async function rawTransferStatements(run: RunStatement, transfer: RawTransfer) {
  const locked = await run(STATEMENTS.lock, [transfer.fromAccountId, transfer.toAccountId]);
  const source = locked.find((row) => row.id === transfer.fromAccountId);
  const destination = locked.find((row) => row.id === transfer.toAccountId);
  if (!source || !destination) throw new Error('a transfer account vanished');
  if (Number(source.balance_cents) < transfer.amountCents) throw new Error('insufficient funds');
  const referenceNumber = randomInt(0, 100_000);
  const [row] = await run(STATEMENTS.transfer, [
    transfer.userId,
    transfer.fromAccountId,
    transfer.toAccountId,
    transfer.amountCents,
    'confirmed',
    referenceNumber,
    null,
  ]);
  if (!row) throw new Error('insert into transfers returned no row');
  const [from] = await run(STATEMENTS.balance, [-transfer.amountCents, transfer.fromAccountId]);
  const [to] = await run(STATEMENTS.balance, [transfer.amountCents, transfer.toAccountId]);
  await run(STATEMENTS.entries, [
    transfer.fromAccountId,
    row.id,
    -transfer.amountCents,
    from?.balance_cents,
    `Transfer ${referenceNumber} to account ending ${String(destination.number_suffix)}`,
    transfer.toAccountId,
    row.id,
    transfer.amountCents,
    to?.balance_cents,
    `Transfer ${referenceNumber} from account ending ${String(source.number_suffix)}`,
  ]);
  await run(STATEMENTS.audit, [
    'transfer.confirmed',
    transfer.userId,
    null,
    JSON.stringify({
      transferId: row.id,
      referenceNumber,
      fromAccountId: transfer.fromAccountId,
      toAccountId: transfer.toAccountId,
      amountCents: transfer.amountCents,
    }),
  ]);
}
