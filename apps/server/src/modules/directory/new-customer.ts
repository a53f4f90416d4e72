import { randomInt } from 'node:crypto';
import { ACCOUNT_KINDS } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import {
  insertAccounts,
  insertMfaDevices,
  insertUser,
  type NewAccount,
  type NewMfaDevice,
  type NewUser,
  type UserRow,
} from './directory.store';

/** Opening balances in cents, in the order of ACCOUNT_KINDS: checking, savings, rewards Visa. */
export type OpeningBalances = readonly [checking: number, savings: number, rewardsVisa: number];

/**
 * What a customer who registers online starts with (demo money): $2,500.00 in checking,
 * $10,000.00 in savings, nothing owed on the rewards Visa.
 */
export const NEW_CUSTOMER_BALANCES: OpeningBalances = [250_000, 1_000_000, 0];

export interface NewDirectoryEntry {
  user: NewUser;
  /** Second factors; the user id is filled in. */
  devices: Omit<NewMfaDevice, 'userId'>[];
  /**
   * A customer's three accounts are opened empty: their money comes in as ledger entries
   * (banking's postOpeningHistory), so a balance is always the sum of its entries. Partner
   * staff have none.
   */
  openAccounts?: boolean;
}

/** A random 10-digit account number; its last 4 digits are what the pages show. */
function newAccountId(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

/**
 * Creates a person in the directory with their devices and, for a customer, the three accounts
 * (checking, savings, rewards Visa), empty. Pass a transaction: the rows belong together, and the
 * seed and online registration both create nothing unless everything is created (the opening
 * deposits included).
 */
export async function insertDirectoryEntry(
  tx: Queryable,
  entry: NewDirectoryEntry,
): Promise<{ user: UserRow; accounts: NewAccount[] }> {
  const user = await insertUser(tx, entry.user);
  await insertMfaDevices(
    tx,
    entry.devices.map((device) => ({ ...device, userId: user.id })),
  );
  if (!entry.openAccounts) return { user, accounts: [] };
  const accountRows = ACCOUNT_KINDS.map((kind, position) => {
    const id = newAccountId();
    return { id, ownerId: user.id, kind, position, balanceCents: 0, numberSuffix: id.slice(-4) };
  });
  await insertAccounts(tx, accountRows);
  return { user, accounts: accountRows };
}
