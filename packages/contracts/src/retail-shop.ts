import { z } from 'zod';
import { SCOPES } from './oauth';
import { RETAIL_ORDERS_API_PATH, payByBankMessages, retailOrderSchema } from './pay-by-bank';

/**
 * What the shop sees of the bank after a payment (pay-by-bank.ts has the payment
 * itself): its company's account credited, read through the bank's Open Banking API with the
 * shop's own token, and the bank refusing the same consent submitted a second time.
 */

/** The scope of the shop's own token at the bank's account API (its company's accounts). */
export const ACCOUNTS_SCOPE = SCOPES.accounts;

/** The presenter's demonstration: the paid order's payment sent to the bank once more. */
export const RETAIL_RESUBMISSION_API_PATH = `${RETAIL_ORDERS_API_PATH}/:orderId/resubmission`;
export const retailResubmissionPath = (orderId: string) =>
  RETAIL_RESUBMISSION_API_PATH.replace(':orderId', encodeURIComponent(orderId));

/**
 * A paid order as the shop's company account at AnyBank shows it: the bank's entry that credits
 * this order's payment (its amount and booking time, as the bank wrote them), none found among
 * the account's recent transactions, or the bank not answering.
 */
export const merchantCreditSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('received'),
    amountCents: z.number().int().positive(),
    bookedAt: z.iso.datetime({ offset: true }),
  }),
  z.object({ status: z.literal('not_found') }),
  z.object({ status: z.literal('unavailable') }),
]);
export type MerchantCredit = z.infer<typeof merchantCreditSchema>;

/** `GET` an order at the shop: the order, and for a paid one what its bank account shows. */
export const retailOrderViewSchema = retailOrderSchema.extend({
  /** Null while the order is not paid: there is nothing to look for at the bank. */
  merchantCredit: merchantCreditSchema.nullable(),
});
export type RetailOrderView = z.infer<typeof retailOrderViewSchema>;

/** What the bank answered the payment submitted once more, as it said it. */
export const retailResubmissionSchema = z.object({
  /** The bank took the payment again (it must not: a consent pays once). */
  accepted: z.boolean(),
  /** The bank's HTTP status, its error code (null if it gave none) and its own words. */
  status: z.number().int(),
  code: z.string().nullable(),
  message: z.string(),
});
export type RetailResubmission = z.infer<typeof retailResubmissionSchema>;

const merchant = payByBankMessages.merchantName;

/** The shop's page: its account at the bank, and the presenter's second submission. */
export const retailShopBankMessages = {
  merchantCredited: (amount: string, reference: string, when: string) =>
    `Received in ${merchant}’s account at AnyBank: ${amount} for ${reference} on ${when}.`,
  merchantCreditNotFound: `Not found in ${merchant}’s account at AnyBank: its recent transactions show no payment for this order.`,
  merchantCreditUnavailable: `The shop could not read ${merchant}’s account at AnyBank just now, so it cannot say whether the payment arrived.`,
  resubmitHeading: 'What the bank refuses',
  resubmitNote:
    'A demonstration for the presenter: the shop sends this order’s payment to AnyBank again, with the same consent and the same access token.',
  resubmit: 'Try paying this order again',
  resubmitting: 'Sending the payment to AnyBank again…',
  resubmitRefused: (status: number, message: string) =>
    `AnyBank refused it (HTTP ${status}): ${message}`,
  resubmitAccepted: (status: number) =>
    `AnyBank accepted the payment again (HTTP ${status}). It should not have.`,
  resubmitFailed: 'The shop could not send the payment to AnyBank again. Please try again.',
} as const;

/** The shop's checkout page: its cart, order summary and ways to pay (its own words). */
export const retailShopPageMessages = {
  quantity: (count: number) => `Qty ${count}`,
  summaryHeading: 'Order summary',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  shippingFree: 'Free',
  freeShippingNote: 'Free shipping on orders of $35.00 or more.',
  salesTax: 'Sales tax (8%)',
  payHeading: 'How would you like to pay?',
  payByBankNote:
    'Pay straight from your bank account: you confirm the payment at AnyBank, and the shop never sees your bank details.',
  otherWaysHeading: 'Other ways to pay',
  otherWays: ['Credit or debit card', 'Gift card', 'Pay in 4 installments'],
  notAvailable: 'not available at this shop today',
  orderNumber: 'Order number',
  bankPaymentId: (paymentId: string) => `Bank payment id ${paymentId}`,
} as const;
