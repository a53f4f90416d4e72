import type { Queryable } from '../../db/database';
import { countLedgerOf } from './ledger.store';

/**
 * What banking holds of a person the demo admin deletes (the admin module's deleteUser),
 * counted for its audit event in the caller's transaction, before the directory's entry goes:
 * the person's accounts, their transfers and the accounts' ledger entries. All go with the
 * entry, by their foreign keys (the admin's delete-user.ts says why the ledger stays
 * consistent).
 */
export function bankingHoldingsOf(
  tx: Queryable,
  userId: string,
): Promise<{ accounts: number; transfers: number; ledgerEntries: number }> {
  return countLedgerOf(tx, userId);
}
