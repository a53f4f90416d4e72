import {
  ACTIVITY_CSV_COLUMNS,
  CURRENCY,
  categoryLabel,
  formatCents,
  parseAmountToCents,
  type ActivityEntry,
  type ActivityFilter,
  type ObTransaction,
  type PaymentState,
} from '@anybank/contracts';
import { PENDING_TRANSFER_LIFETIME_MS } from './transfer-decision.rules';
import { creditDebitIndicator } from './balances.rules';

/**
 * Pure: how a ledger entry reads to its customer (money in or out), an account's
 * name, what a transfer's state is called on Payment Activity, the activity CSV, and an entry
 * as Open Banking's OBTransaction6. No SQL, no clock: callers pass what they read.
 */

/** The card keeps what is owed: a purchase raises it (money out), a payment lowers it. */
export function entryDirection(kind: string, amountCents: number): 'credit' | 'debit' {
  const moneyIn = kind === 'rewards-visa' ? amountCents < 0 : amountCents > 0;
  return moneyIn ? 'credit' : 'debit';
}

const ACCOUNT_NAMES: Record<string, string> = {
  checking: 'Checking',
  savings: 'Savings',
  'rewards-visa': 'Credit Rewards Visa',
};

/** "Checking", "Savings", "Credit Rewards Visa": the dashboard's panel titles. */
export function accountName(kind: string): string {
  return ACCOUNT_NAMES[kind] ?? kind;
}

/** The filters as the store applies them: cents, and a LIKE pattern with its wildcards escaped. */
export interface EntryFilter {
  from: Date | null;
  to: Date | null;
  pattern: string | null;
  minCents: number | null;
  maxCents: number | null;
}

export function entryFilterOf(filter: ActivityFilter): EntryFilter {
  const text = filter.q?.trim() ?? '';
  const cents = (value: string | undefined) =>
    value === undefined || value === '' ? null : parseAmountToCents(value);
  return {
    from: filter.from ? new Date(filter.from) : null,
    to: filter.to ? new Date(filter.to) : null,
    pattern: text === '' ? null : `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
    minCents: cents(filter.min),
    maxCents: cents(filter.max),
  };
}

/** Pages of `pageSize` over `total` items: at least one page, even an empty one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** What the store reads of a transfer for Payment Activity. */
export interface TransferFacts {
  status: string;
  reason: string | null;
  approvalMethod: string | null;
  createdAt: Date;
}

/**
 * A transfer's state as Payment Activity names it. One waiting longer than the pending
 * lifetime has lost its phone request or code: it is expired even before the next transfer
 * settles it so.
 */
export function paymentStateOf(transfer: TransferFacts, now: Date): PaymentState {
  switch (transfer.status) {
    case 'confirmed':
      return transfer.approvalMethod === null ? 'confirmed' : 'approved';
    case 'pending_approval': {
      const age = now.getTime() - transfer.createdAt.getTime();
      if (age >= PENDING_TRANSFER_LIFETIME_MS) return 'expired';
      return transfer.approvalMethod === 'code' ? 'waiting_for_code' : 'waiting_for_phone';
    }
    case 'denied':
      if (transfer.reason === 'max_threshold') return 'denied_by_limit';
      if (transfer.reason === 'risk') return 'denied_as_automated';
      return transfer.reason === 'insufficient_funds' ? 'insufficient_funds' : 'not_approved';
    default:
      switch (transfer.reason) {
        case 'declined':
          return 'declined';
        case 'expired':
        case 'code_failed':
          return 'expired';
        case 'cancelled':
          return 'cancelled';
        default:
          return 'not_approved';
      }
  }
}

/**
 * A text cell as a spreadsheet will not run it: one starting with =, +, -, @, a tab or a
 * carriage return is a formula to Excel and LibreOffice, so it is prefixed with an apostrophe
 * (OWASP, CSV injection). Amounts are written by the bank, never from text: they stay numbers.
 */
function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A signed amount for the customer: money in positive, money out negative ("-25.50"). */
export function signedForCustomer(entry: Pick<ActivityEntry, 'amountCents' | 'direction'>) {
  const cents = Math.abs(entry.amountCents);
  return entry.direction === 'credit' ? cents : -cents;
}

/** The activity CSV: a header row, then one row per entry as the page lists them. */
export function activityCsv(entries: readonly ActivityEntry[]): string {
  const lines = [ACTIVITY_CSV_COLUMNS.join(',')];
  for (const entry of entries) {
    lines.push(
      [
        entry.bookedAt.slice(0, 10),
        inertText(entry.description),
        inertText(categoryLabel(entry.category)),
        formatCents(signedForCustomer(entry)),
        formatCents(entry.balanceAfterCents),
        CURRENCY,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The CSV's file name: the account and the day it was made ("activity-checking-1234-…"). */
export function activityCsvFileName(
  account: { kind: string; numberSuffix: string },
  now: Date,
): string {
  return `activity-${account.kind}-${account.numberSuffix}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The issuer of the bank's own transaction codes (the entry's category). */
export const TRANSACTION_CODE_ISSUER = 'AnyBank';

/**
 * An entry as Open Banking's OBTransaction6, its amounts unsigned beside their indicators. An
 * entry of a transfer or payment carries its id as `TransactionReference`: the payment id a
 * pay-by-bank application was given, by which a merchant finds the credit of one payment.
 */
export function obTransactionOf(
  account: { id: string; kind: string },
  entry: ActivityEntry,
): ObTransaction {
  return {
    AccountId: account.id,
    TransactionId: entry.id,
    ...(entry.transferId ? { TransactionReference: entry.transferId } : {}),
    CreditDebitIndicator: entry.direction === 'credit' ? 'Credit' : 'Debit',
    Status: 'Booked',
    BookingDateTime: entry.bookedAt,
    ValueDateTime: entry.bookedAt,
    TransactionInformation: entry.description,
    Amount: { Amount: formatCents(Math.abs(entry.amountCents)), Currency: CURRENCY },
    ProprietaryBankTransactionCode: {
      Code: entry.category.slice(0, 35),
      Issuer: TRANSACTION_CODE_ISSUER,
    },
    Balance: {
      CreditDebitIndicator: creditDebitIndicator({
        kind: account.kind,
        balanceCents: entry.balanceAfterCents,
      }),
      Type: 'InterimBooked',
      Amount: { Amount: formatCents(Math.abs(entry.balanceAfterCents)), Currency: CURRENCY },
    },
  };
}

/** Open Banking's paging links: Self, First and Last always; Prev and Next where they exist. */
export function pageLinks(pageUrl: (page: number) => string, page: number, totalPages: number) {
  return {
    Self: pageUrl(page),
    First: pageUrl(1),
    ...(page > 1 ? { Prev: pageUrl(Math.min(page - 1, totalPages)) } : {}),
    ...(page < totalPages ? { Next: pageUrl(page + 1) } : {}),
    Last: pageUrl(totalPages),
  };
}
