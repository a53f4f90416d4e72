import { formatCentsWithSeparators, parseAmountToCents } from '@anybank/contracts';
import type { Balance } from '@anybank/contracts';

/**
 * The customer's accounts as the banking pages name them (document 2 §2, §3): the `accts`
 * session item lists the account ids in order — 0 checking, 1 savings, then the rewards Visa —
 * and a page shows each by its name and the last four digits of its id ("…1234"). Pure.
 */

export type AccountKindLabel = 'Checking' | 'Savings' | 'Rewards Visa';

/** The ids of the `accts` session item ("id1,id2,id3"), blanks dropped. */
export function accountIdsOf(accts: string | null | undefined): string[] {
  if (!accts) return [];
  return accts
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** Document 2 §3: position 0 is checking, 1 savings, anything else the rewards Visa. */
export function accountKindLabel(position: number): AccountKindLabel {
  if (position === 0) return 'Checking';
  return position === 1 ? 'Savings' : 'Rewards Visa';
}

/** The last four characters of an account id: "0012345678" → "5678". */
export function accountSuffix(accountId: string): string {
  return accountId.trim().slice(-4);
}

/** How an account number is shown: "…5678". */
export function maskedAccountNumber(accountId: string): string {
  return `\u2026${accountSuffix(accountId)}`;
}

/** "Checking (…5678)". */
export function accountDisplayName(label: string, accountId: string): string {
  return `${label} (${maskedAccountNumber(accountId)})`;
}

/** Whole cents as US dollars: 2450000 → "$24,500.00", -500 → "-$5.00". */
export function formatUsd(cents: number): string {
  const text = formatCentsWithSeparators(cents);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Open Banking's `Amount.Amount` ("24500.00") in cents; null when it is not an amount. */
export function balanceCents(balance: Pick<Balance, 'Amount'>): number | null {
  return parseAmountToCents(balance.Amount.Amount);
}

/** Each account's balance in cents, by account id; entries that are not amounts are left out. */
export function balancesById(balances: readonly Balance[]): Map<string, number> {
  const byId = new Map<string, number>();
  for (const balance of balances) {
    const cents = balanceCents(balance);
    if (cents !== null) byId.set(balance.AccountId, cents);
  }
  return byId;
}
