import { randomInt } from 'node:crypto';
import { ACCOUNT_KINDS } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { insertAccounts, type NewAccount } from './accounts.store';
import { openingDepositsOf } from './ledger.rules';
import { postOpeningHistory } from './ledger.store';

/** Opening balances in cents, in the order of ACCOUNT_KINDS: checking, savings, rewards Visa. */
export type OpeningBalances = readonly [checking: number, savings: number, rewardsVisa: number];

/**
 * What a customer who registers online starts with (demo money): $2,500.00 in checking,
 * $10,000.00 in savings, nothing owed on the rewards Visa.
 */
export const NEW_CUSTOMER_BALANCES: OpeningBalances = [250_000, 1_000_000, 0];

/** A random 10-digit account number; its last 4 digits are what the pages show. */
function newAccountId(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

/**
 * A customer's three accounts (ACCOUNT_KINDS), opened empty in the caller's transaction: their
 * money comes in as ledger entries (postOpeningHistory), so a balance is always the sum of its
 * entries. Partner staff have none.
 */
export async function openCustomerAccounts(tx: Queryable, ownerId: string): Promise<NewAccount[]> {
  const rows = ACCOUNT_KINDS.map((kind, position) => {
    const id = newAccountId();
    return { id, ownerId, kind, position, balanceCents: 0, numberSuffix: id.slice(-4) };
  });
  await insertAccounts(tx, rows);
  return rows;
}

/**
 * A customer who registered online: their three accounts opened in the caller's transaction
 * (the one that writes their directory entry), with the opening deposits of
 * NEW_CUSTOMER_BALANCES posted through the ledger.
 */
export async function openAccountsWithOpeningDeposits(
  tx: Queryable,
  ownerId: string,
): Promise<NewAccount[]> {
  const opened = await openCustomerAccounts(tx, ownerId);
  await postOpeningHistory(tx, openingDepositsOf(opened, NEW_CUSTOMER_BALANCES));
  return opened;
}
