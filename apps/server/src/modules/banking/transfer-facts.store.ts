import { sql } from 'drizzle-orm';
import { preparedStatement, type Queryable } from '../../db/database';
import { grantIsLive } from '../identity';
import type { AccountView } from './balances.rules';
import type { TransferUser } from './transfer-decision.rules';
import type { TransferRow } from './transfers.store';
import { uuidOrNull } from './uuid-or-null';

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
