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

/**
 * The shop's back-channel logout endpoint (OpenID Connect Back-Channel Logout 1.0, ADR 0028):
 * the bank posts a signed logout token here when the shopper's session at the bank ends.
 */
export const RETAIL_BACKCHANNEL_LOGOUT_PATH = '/api/retail/backchannel-logout';
/** Who the shop knows this browser as: signed in at the bank to pay, or signed out there since. */
export const RETAIL_SHOPPER_API_PATH = '/api/retail/shopper';

export const RETAIL_SHOPPER_STATUSES = ['none', 'signed_in', 'signed_out_at_bank'] as const;

/**
 * The shop's session of this browser's shopper (its own cookie): none, signed in (the shopper
 * signed in at AnyBank to pay), or ended because AnyBank told the shop the shopper signed out
 * there; `message` is the sentence the shop's page shows (null for none).
 */
export const retailShopperSchema = z.object({
  status: z.enum(RETAIL_SHOPPER_STATUSES),
  message: z.string().nullable(),
});
export type RetailShopper = z.infer<typeof retailShopperSchema>;

/** What the shop says of its session with the shopper. */
export const retailShopperMessages = {
  signedIn: 'You are signed in with AnyBank at this shop.',
  signedOutAtBank: 'You were signed out at AnyBank, so the shop signed you out too.',
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
