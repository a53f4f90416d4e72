import type { Queryable } from '../../db/database';
import { bankingHoldingsOf } from '../banking';
import { forgetConsentsOf } from '../consents';
import { deleteEntry, entryHoldingsOf } from '../directory';
import { forgetSignInsOf } from '../identity';

/** What a deleted user owned, counted for the audit log. */
export interface DeletedHoldings {
  accounts: number;
  transfers: number;
  ledgerEntries: number;
  devices: number;
  consents: number;
  grants: number;
}

/**
 * Deletes a customer and everything that is theirs, in the caller's transaction, each module
 * forgetting its own part: what they hold is counted first (banking's accounts, transfers and
 * ledger entries, the directory's devices), then the consents go (kept by subject, no
 * foreign key), then identity's lock-out counter of their username and their sign-ins, and
 * last the directory's entry, whose foreign keys cascade to banking's accounts, the accounts'
 * ledger entries and transfers, devices, push requests, one-time codes, flows and pickup references.
 *
 * Ledger consistency: a transfer moves money only between the owner's own accounts (the
 * banking rules refuse any other), so each ledger entry and transfer touches this customer's
 * accounts alone and goes with them; no other account's balance or history changes, and no
 * entry is left pointing at a missing account. The audit log and the outbox keep their rows:
 * the first is the security record (it says the user was deleted), the second is mail
 * already delivered.
 */
export async function deleteUserWithHoldings(
  tx: Queryable,
  user: { id: string; uid: string },
): Promise<DeletedHoldings> {
  const banking = await bankingHoldingsOf(tx, user.id);
  const entry = await entryHoldingsOf(tx, user.id);
  const holdings = { ...banking, devices: entry.devices };
  const consents = await forgetConsentsOf(tx, user.id);
  const grants = await forgetSignInsOf(tx, user);
  await deleteEntry(tx, user.id);
  return { ...holdings, consents, grants };
}
