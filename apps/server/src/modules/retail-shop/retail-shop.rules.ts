import { createHash, timingSafeEqual } from 'node:crypto';
import {
  payByBankMessages,
  retailOrderSummary,
  type ObTransaction,
  type RetailCheckout,
  type RetailOrder,
} from '@anybank/contracts';

/**
 * What the shop asks the bank to pay for a cart, in cents: its order summary's total (the shop's
 * own prices, shipping and tax; contracts' retail-order-summary.ts, which its page shows too),
 * never an amount the shopper sent.
 */
export function cartTotalCents(checkout: RetailCheckout): number {
  return retailOrderSummary(checkout).totalCents;
}

/** An order reference the bank shows the shopper, as shops print them: ORDER-1000…ORDER-9999. */
export function orderReference(random: number): string {
  return `ORDER-${1000 + Math.floor(random * 9000)}`;
}

/** What the shop shows for the bank's authorization answer when it is an error. */
export function problemOfAuthorizationError(error: string): {
  status: RetailOrder['status'];
  problem: string;
} {
  return error === 'access_denied'
    ? { status: 'refused', problem: payByBankMessages.shopDenied }
    : { status: 'failed', problem: payByBankMessages.shopFailed };
}

/** A payment's credit in the shop's account, as the bank's transactions show it. */
export interface BankCredit {
  amountCents: number;
  /** When the bank booked it (its BookingDateTime). */
  bookedAt: string;
}

/**
 * Open Banking's unsigned decimal amount ("42.10", up to 5 decimals) in integer cents; null for
 * anything else, or an amount with a fraction of a cent (no USD entry has one).
 */
export function centsOfObAmount(amount: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(amount);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (!fraction.endsWith('000')) return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

/**
 * The credit of one payment among the bank's transactions of the shop's account: the Credit
 * entry whose TransactionReference is the payment id the bank gave when it paid. The payment id,
 * not the order reference: references are short and may repeat, a payment id names one payment.
 */
export function creditOfPayment(
  transactions: readonly ObTransaction[],
  paymentId: string,
): BankCredit | null {
  const entry = transactions.find(
    (transaction) =>
      transaction.TransactionReference === paymentId &&
      transaction.CreditDebitIndicator === 'Credit',
  );
  const amountCents = entry ? centsOfObAmount(entry.Amount.Amount) : null;
  return entry && amountCents !== null ? { amountCents, bookedAt: entry.BookingDateTime } : null;
}

/**
 * Whether an answer at the shop's callback belongs to the payment this browser started: its
 * `state` is the one the shop sent with this browser's authorization request and kept in its
 * sealed HttpOnly order cookie (RFC 6749 §10.12). Anything else — a link or a form on another
 * site sending the shopper's browser to the callback with an error or a code of its own — is
 * not this payment's answer, and the shop ignores it: it neither pays nor marks the order
 * failed. Compared in constant time (as digests, so lengths do not matter).
 */
export function isAnswerToThisPayment(keptState: string, callbackUrl: URL): boolean {
  const answered = callbackUrl.searchParams.getAll('state');
  if (answered.length !== 1 || !answered[0] || !keptState) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(answered[0]), digest(keptState));
}
