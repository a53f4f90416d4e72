/**
 * The ledger's opening history: the entries a newly opened account starts with —
 * a new customer's opening deposits, or a demo customer's seeded months — checked before one
 * statement writes them. Pure: the caller passes the postings, oldest first.
 */

export interface HistoryLeg {
  accountId: string;
  /** The account's kind (ACCOUNT_KINDS): deposit accounts may never go below zero. */
  kind: string;
  /** How the entry changes the balance as the account keeps it (the card's: what is owed). */
  amountCents: number;
  description: string;
  category: string;
}

export interface HistoryPosting {
  /** How long before the writing statement it happened, in milliseconds (not negative). */
  ageMs: number;
  /**
   * Without a transfer: money from or to outside the bank, on each leg's account (a card
   * payment from checking is two such legs). With one: its two legs, the debit first.
   */
  legs: readonly HistoryLeg[];
  /** With two legs between one customer's deposit accounts: the confirmed transfer's row. */
  transfer?: { id: string; userId: string; referenceNumber: number };
}

export interface OpeningTransferRow {
  id: string;
  userId: string;
  fromAccountId: string;
  toAccountId: string;
  amountCents: number;
  referenceNumber: number;
  ageMs: number;
}

export interface OpeningEntryRow {
  /** The order entries are written in (the ledger's id order). */
  seq: number;
  accountId: string;
  transferId: string | null;
  amountCents: number;
  balanceAfterCents: number;
  description: string;
  category: string;
  ageMs: number;
}

export interface OpeningLedger {
  transfers: OpeningTransferRow[];
  entries: OpeningEntryRow[];
  /** Each account's balance once every entry is in: the sum of its entries. */
  balances: Map<string, number>;
}

const isDepositAccount = (kind: string) => kind !== 'rewards-visa';

/** What is wrong with one posting, or null. */
function postingProblem(posting: HistoryPosting, previousAgeMs: number): string | null {
  if (!Number.isFinite(posting.ageMs) || posting.ageMs < 0) return 'an age below zero';
  if (posting.ageMs > previousAgeMs) return 'postings must come oldest first';
  if (posting.legs.some((leg) => !Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0)) {
    return 'every entry moves a whole, non-zero number of cents';
  }
  if (posting.legs.some((leg) => leg.description.trim() === '' || leg.category === '')) {
    return 'every entry has a description and a category';
  }
  if (!posting.transfer) return posting.legs.length > 0 ? null : 'a posting without entries';
  const [debit, credit] = posting.legs;
  if (posting.legs.length !== 2 || !debit || !credit) return 'a transfer has two legs';
  if (debit.accountId === credit.accountId) return 'a transfer joins two accounts';
  if (!isDepositAccount(debit.kind) || !isDepositAccount(credit.kind)) {
    return 'a transfer joins two deposit accounts';
  }
  if (debit.amountCents >= 0 || credit.amountCents !== -debit.amountCents) {
    return 'a transfer debits one account what it credits the other';
  }
  return null;
}

/**
 * The rows of an opening history: the transfers, the entries with each one's balance-after
 * (running from zero, per account) and the final balances. Throws when the history breaks the
 * ledger's rules: a deposit account below zero at any entry, a transfer whose legs differ, or
 * postings out of order.
 */
export function openingLedger(postings: readonly HistoryPosting[]): OpeningLedger {
  const balances = new Map<string, number>();
  const transfers: OpeningTransferRow[] = [];
  const entries: OpeningEntryRow[] = [];
  let previousAgeMs = Number.POSITIVE_INFINITY;
  for (const posting of postings) {
    const problem = postingProblem(posting, previousAgeMs);
    if (problem) throw new Error(`opening history: ${problem}`);
    previousAgeMs = posting.ageMs;
    const { transfer } = posting;
    if (transfer) {
      const [debit, credit] = posting.legs as [HistoryLeg, HistoryLeg];
      transfers.push({
        ...transfer,
        fromAccountId: debit.accountId,
        toAccountId: credit.accountId,
        amountCents: credit.amountCents,
        ageMs: posting.ageMs,
      });
    }
    for (const leg of posting.legs) {
      const after = (balances.get(leg.accountId) ?? 0) + leg.amountCents;
      if (isDepositAccount(leg.kind) && after < 0) {
        throw new Error(`opening history: ${leg.kind} ${leg.accountId} would go below zero`);
      }
      balances.set(leg.accountId, after);
      entries.push({
        seq: entries.length,
        accountId: leg.accountId,
        transferId: transfer?.id ?? null,
        amountCents: leg.amountCents,
        balanceAfterCents: after,
        description: leg.description,
        category: leg.category,
        ageMs: posting.ageMs,
      });
    }
  }
  return { transfers, entries, balances };
}

/**
 * A newly registered customer's opening deposits: one entry per account with money in it
 * (`amounts` in the accounts' order), written now.
 */
export function openingDepositsOf(
  accounts: readonly { id: string; kind: string }[],
  amounts: readonly number[],
): HistoryPosting[] {
  return accounts.flatMap((account, index) => {
    const amountCents = amounts[index] ?? 0;
    if (amountCents === 0) return [];
    const leg = { accountId: account.id, kind: account.kind, amountCents };
    return [{ ageMs: 0, legs: [{ ...leg, description: 'Opening deposit', category: 'opening' }] }];
  });
}
