import type { Queryable } from '../../db/database';
import {
  clearIdentityVerified,
  countMfaDevicesOf,
  deleteUserRow,
  setHighRiskNextSignIn,
} from './directory-entry.store';

/**
 * The directory's part of the demo admin's actions (the admin module, document 2 §2, §7),
 * each in the caller's transaction, so that the admin's change and its audit event commit
 * together.
 */

/** The "high risk on next sign-in" switch of the customer's entry. */
export function setHighRiskOnNextSignIn(tx: Queryable, userId: string, on: boolean) {
  return setHighRiskNextSignIn(tx, userId, on);
}

/** Reset verification: the next step that needs a verified identity asks for it again. */
export function resetIdentityVerification(tx: Queryable, userId: string): Promise<boolean> {
  return clearIdentityVerified(tx, userId);
}

/** What the person's entry holds, counted for the deletion's audit event before it goes. */
export async function entryHoldingsOf(tx: Queryable, userId: string): Promise<{ devices: number }> {
  return { devices: await countMfaDevicesOf(tx, userId) };
}

/**
 * Deletes the person's entry, last of a deletion (each other module forgets its part first):
 * the user row, whose foreign keys cascade to their devices, banking's accounts with their
 * ledger entries and transfers, push requests, one-time codes, flows and pickup references.
 */
export function deleteEntry(tx: Queryable, userId: string): Promise<void> {
  return deleteUserRow(tx, userId);
}
