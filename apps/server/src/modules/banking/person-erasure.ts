import type { Queryable } from '../../db/database';
import { countLedgerOf } from './ledger.store';

/**
 * What banking holds of a person the demo admin deletes (the admin module's deleteUser),
 * counted for its audit event in the caller's transaction, before the directory's entry goes:
 * the person's transfers and their accounts' ledger entries. They go with the accounts, by
 * their foreign keys; a transfer only ever moves money between one owner's accounts, so no
 * other account's balance or history changes (banking.rules).
 */
export function bankingHoldingsOf(
  tx: Queryable,
  userId: string,
): Promise<{ transfers: number; ledgerEntries: number }> {
  return countLedgerOf(tx, userId);
}
