import { CURRENCY, formatCents, type Balance, type BalancesResponse } from '@anybank/contracts';

/**
 * Balances as Open Banking writes them (document 2 §4). No HTTP, no SQL, no clock: callers
 * pass what they read.
 */

export interface AccountView {
  id: string;
  /** One of ACCOUNT_KINDS (the table's check constraint), read from the database as text. */
  kind: string;
  position: number;
  balanceCents: number;
}

/**
 * Open Banking's indicator: a deposit account holds the customer's money (Credit) unless it
 * were below zero; the rewards Visa's balance is what the customer owes (Debit), and only an
 * overpaid card is in credit. The amount is always written without a sign.
 */
export function creditDebitIndicator(account: Pick<AccountView, 'kind' | 'balanceCents'>) {
  const inCredit =
    account.kind === 'rewards-visa' ? account.balanceCents <= 0 : account.balanceCents >= 0;
  return inCredit ? 'Credit' : 'Debit';
}

/** The caller's balances in the order of their `accts` list (0 checking, 1 savings, 2 Visa). */
export function balancesOf(accounts: readonly AccountView[], now: Date): Balance[] {
  return [...accounts]
    .sort((a, b) => a.position - b.position)
    .map((account) => ({
      AccountId: account.id,
      Amount: { Amount: formatCents(Math.abs(account.balanceCents)), Currency: CURRENCY },
      CreditDebitIndicator: creditDebitIndicator(account),
      Type: 'InterimAvailable',
      DateTime: now.toISOString(),
    }));
}

/**
 * `GET /balances` as Open Banking's OBReadBalance1: Links and Meta are required beside Data.
 * `selfUrl` is the absolute URL the balances are read at; all of them fit on one page.
 */
export function balancesResponseOf(
  accounts: readonly AccountView[],
  now: Date,
  selfUrl: string,
): BalancesResponse {
  return {
    Data: { Balance: balancesOf(accounts, now) },
    Links: { Self: selfUrl },
    Meta: { TotalPages: 1 },
  };
}
