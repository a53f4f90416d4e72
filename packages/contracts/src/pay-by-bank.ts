import { z } from 'zod';
import { TRANSFER_CONFIRMATION_CHANNELS } from './banking';
import { promptFormSchema } from './challenge-prompt.schemas';
import { SCOPES } from './oauth';

/**
 * Pay by bank (ADR 0023): a shop (`/retail`, its own OAuth client) registers a
 * domestic payment consent at the bank, sends the shopper to the bank's authorization endpoint
 * naming it in an RFC 9396 `authorization_details` entry, and submits the payment against it.
 */

/** The shop's OAuth client at the bank (private_key_jwt, PAR, DPoP: FAPI 2.0). */
export const RETAIL_SHOP_CLIENT_ID = 'retail-shop';
/** The scope of the shop's tokens at the bank's payment API. */
export const PAYMENTS_SCOPE = SCOPES.payments;
/** The `authorization_details` type naming a payment consent. */
export const PAYMENT_AUTHORIZATION_DETAILS_TYPE = 'domestic_payment';
/** A consent not authorised within this long expires (ADR 0023). */
export const PAYMENT_CONSENT_TTL_MS = 10 * 60 * 1000;
/** The one currency the bank's accounts hold. */
export const PAYMENT_CURRENCY = 'USD';

export const PAYMENT_CONSENTS_API_PATH = '/api/open-banking/domestic-payment-consents';
export const PAYMENTS_API_PATH = '/api/open-banking/domestic-payments';
/** The bank's payment consent screen (the SPA page) and its two calls. */
export const PAYMENT_CONSENT_PAGE_PATH = '/oauth/payment-consent';
export const PAYMENT_CONSENT_SCREEN_API_PATH = '/api/oauth/payment-consent';

/** The shop: its page, its server side's calls, and where the bank sends the shopper back. */
export const RETAIL_PAGE_PATH = '/retail';
export const RETAIL_CHECKOUT_API_PATH = '/api/retail/checkout';
export const RETAIL_ORDERS_API_PATH = '/api/retail/orders';
export const RETAIL_CALLBACK_PATH = '/retail/callback';
/** The query parameter of `/retail` naming the order the bank sent the shopper back for. */
export const RETAIL_ORDER_PARAM = 'order';

export const PAYMENT_CONSENT_STATUSES = [
  'AwaitingAuthorisation',
  'Authorised',
  'Consumed',
  'Rejected',
  'Expired',
] as const;
export type PaymentConsentStatus = (typeof PAYMENT_CONSENT_STATUSES)[number];

const cents = z.number().int().positive().max(100_000_000);
const accountId = z.string().min(1).max(64);
const reference = z
  .string()
  .min(1)
  .max(35)
  .regex(/^[A-Za-z0-9 ./-]+$/, 'Letters, digits, spaces and . / - only.');
const consentId = z.uuid();

/** `POST` a payment consent (the shop's client-credentials token). */
export const createPaymentConsentSchema = z.strictObject({
  amountCents: cents,
  currency: z.literal(PAYMENT_CURRENCY),
  payeeAccountId: accountId,
  reference,
});
export type CreatePaymentConsent = z.infer<typeof createPaymentConsentSchema>;

export const paymentConsentSchema = z.object({
  consentId,
  status: z.enum(PAYMENT_CONSENT_STATUSES),
  amountCents: cents,
  currency: z.literal(PAYMENT_CURRENCY),
  payee: z.object({ accountId, name: z.string() }),
  reference,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type PaymentConsent = z.infer<typeof paymentConsentSchema>;

export const paymentConsentParamsSchema = z.object({ consentId });

/** `POST` the payment (the token from the authorization with that consent, DPoP-bound). */
export const submitPaymentSchema = z.strictObject({
  consentId,
  amountCents: cents,
  currency: z.literal(PAYMENT_CURRENCY),
  payeeAccountId: accountId,
});
export type SubmitPayment = z.infer<typeof submitPaymentSchema>;

export const paymentSchema = z.object({
  paymentId: z.uuid(),
  consentId,
  status: z.literal('AcceptedSettlementCompleted'),
  amountCents: cents,
  currency: z.literal(PAYMENT_CURRENCY),
  reference,
  /**
   * The customer's ledger entry the payment wrote, as much of it as the payee is told (Open
   * Banking's payment answer may name the debtor account): its TransactionId, the paying
   * account's last four digits, the amount (negative) and when it was booked.
   */
  debit: z.object({
    transactionId: z.string(),
    accountSuffix: z.string(),
    amountCents: z.number().int().negative(),
    bookedAt: z.iso.datetime(),
  }),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The consent screen: what is asked, and the accounts the customer may pay from. */
export const paymentConsentScreenQuerySchema = z.object({
  interaction: z.string().min(8).max(128),
});
export const paymentConsentScreenSchema = z.object({
  /** Above the customer's approval threshold: confirming asks their phone app first (CIBA). */
  needsPhoneApproval: z.boolean(),
  /**
   * Above it without an activated phone app: confirming sends a one-time code to their e-mail
   * (or SMS) sign-in device first, as for transfers (the 202 below).
   */
  needsCode: z.boolean(),
  appName: z.string(),
  payeeName: z.string(),
  amountCents: cents,
  currency: z.literal(PAYMENT_CURRENCY),
  reference,
  accounts: z.array(
    z.object({
      id: accountId,
      kind: z.string(),
      numberSuffix: z.string(),
      balanceCents: z.number(),
    }),
  ),
});
export type PaymentConsentScreen = z.infer<typeof paymentConsentScreenSchema>;

export const paymentConsentDecisionSchema = z.discriminatedUnion('decision', [
  z.strictObject({
    interaction: z.string().min(8).max(128),
    decision: z.literal('allow'),
    accountId,
    /**
     * The one-time code the bank sent when it answered 202 `confirmation_required` (the same
     * field as a transfer's confirmation). Optional: a payment that needs no code ignores it.
     */
    code: z.string().trim().min(1).max(16).optional(),
  }),
  z.strictObject({ interaction: z.string().min(8).max(128), decision: z.literal('deny') }),
]);
export type PaymentConsentDecision = z.infer<typeof paymentConsentDecisionSchema>;

/**
 * The answer (202) to confirming a payment that takes the customer's 24-hour running total above
 * their approval threshold when they have no activated phone app: nothing is authorised yet; a
 * one-time code went to their e-mail or SMS sign-in device, to be sent back with the same
 * decision. The shape of a transfer's 202 (transferConfirmationRequiredSchema), without the
 * transfer's id: the consent screen's interaction already names the payment.
 */
export const paymentCodeRequiredSchema = z.object({
  code: z.literal('confirmation_required'),
  message: z.string(),
  /** How the code reaches the customer: sent by e-mail or SMS, or shown on a device of theirs. */
  channel: z.enum(TRANSFER_CONFIRMATION_CHANNELS),
  /** Where the code went, masked ("j***@example.com", "•••• 1234"), or the device's name. */
  destination: z.string(),
  /** The form the page draws to ask for the code (ADR 0026): its words, field and buttons. */
  prompt: promptFormSchema,
});
export type PaymentCodeRequired = z.infer<typeof paymentCodeRequiredSchema>;

/** The shop's page: a checkout starts (answers where the shopper goes), an order is read. */
export const retailCheckoutSchema = z.strictObject({
  items: z
    .array(z.enum(['trail-running-shoes', 'merino-socks', 'camping-stove-fuel']))
    .min(1)
    .max(10),
  /**
   * A cart with an age-restricted item: the shop's verified age check (OpenID4VP, ADR 0027)
   * of this browser; without it the shop refuses the checkout.
   */
  ageCheckId: z.uuid().optional(),
});
export type RetailCheckout = z.infer<typeof retailCheckoutSchema>;
export const retailCheckoutResponseSchema = z.object({ redirectTo: z.string() });
export const retailOrderParamsSchema = z.object({ orderId: z.uuid() });
export const RETAIL_ORDER_STATUSES = ['awaiting_payment', 'paid', 'refused', 'failed'] as const;
export const retailOrderSchema = z.object({
  orderId: z.uuid(),
  reference: z.string(),
  amountCents: cents,
  status: z.enum(RETAIL_ORDER_STATUSES),
  /** The bank's payment id, once paid. */
  paymentId: z.string().nullable(),
  /** Why not paid, in words (the bank's, or the shopper's refusal). */
  problem: z.string().nullable(),
});
export type RetailOrder = z.infer<typeof retailOrderSchema>;

/** The shop's cart: fixed, a demo's. */
export const RETAIL_CART = [
  // With shipping and tax (retail-order-summary.ts) the demo cart comes to $42.10.
  { id: 'trail-running-shoes', item: 'Trail running shoes', amountCents: 3_200 },
  { id: 'merino-socks', item: 'Merino socks', amountCents: 698 },
] as const;

/**
 * What the shopper may add: one age-restricted item, sold to adults only, whose checkout needs
 * a verified age check from the customer's wallet (ADR 0027). Not in the demo cart.
 */
export const RETAIL_AGE_RESTRICTED_PRODUCT = {
  id: 'camping-stove-fuel',
  item: 'Camping stove fuel (butane, 230 g)',
  amountCents: 599,
} as const;
/** Every product the shop sells, in the order its summary lists them. */
export const RETAIL_PRODUCTS = [...RETAIL_CART, RETAIL_AGE_RESTRICTED_PRODUCT] as const;
/** Whether a cart holds an item only adults may buy. */
export const needsAgeCheck = (items: readonly string[]) =>
  items.includes(RETAIL_AGE_RESTRICTED_PRODUCT.id);

export const payByBankMessages = {
  consentHeading: 'Confirm a payment',
  youArePaying: (payee: string, amount: string) => `You are paying ${payee} ${amount}`,
  consentAsk: (app: string, amount: string, payee: string, reference: string) =>
    `${app} asks to pay ${amount} to ${payee}, reference ${reference}`,
  payFrom: 'Pay from',
  confirm: 'Confirm payment',
  deny: 'Cancel payment',
  noAccount: 'You have no account this payment can be made from.',
  signedInNote: 'You are signed in to AnyBank. The shop never sees your password or your accounts.',
  accountOption: (label: string, suffix: string, balance: string) =>
    `${label} (…${suffix}), balance ${balance}`,
  chooseAccount: 'Please choose the account to pay from.',
  decisionFailed: 'We could not record your answer. Please try again.',
  requestEnded:
    'This payment request has ended or was opened in another browser. Go back to the shop and start again.',
  loading: 'Loading the payment…',
  phoneApprovalNote:
    'This payment is above your approval threshold: when you confirm, approve it in the AnyBank app on your phone.',
  waitingForPhone: 'We sent the payment to the AnyBank app on your phone. Approve it there to pay.',
  // Without an activated phone app: a one-time code, in the transfer code step's words
  // (messages.transfer.confirmationRequired, confirmationCodeLabel, confirmationCodeRequired).
  codeApprovalNote:
    'This payment is above your approval threshold: when you confirm, we will send you a code to approve it.',
  codeRequired: (destination: string) =>
    `To approve this payment, enter the 6-digit code we sent to ${destination}.`,
  codeLabel: 'Confirmation code',
  codeMissing: 'Please enter the code we sent you.',
  phoneNotApproved: 'The payment was not approved on your phone. Nothing was paid.',
  denied: 'You cancelled the payment. Nothing was paid.',
  shopName: 'Retail Shop',
  merchantName: 'Retail Shop Ltd',
  payByBank: 'Pay by bank with AnyBank',
  paid: 'Paid',
  paidWith: (paymentId: string) => `Paid by bank. AnyBank payment id ${paymentId}.`,
  notPaid: 'Not paid',
  shopDenied:
    'You cancelled the payment at AnyBank. Nothing was paid and your order is not placed.',
  shopFailed: 'AnyBank did not complete the payment. Nothing was paid.',
  shopTagline: 'Outdoor gear, shipped tomorrow',
  cartHeading: 'Your cart',
  total: 'Total',
  redirecting: 'Taking you to AnyBank…',
  orderReference: (reference: string) => `Order ${reference}`,
  shopAgain: 'Start a new order',
  connectedPayment: (amount: string, payee: string, reference: string) =>
    `${amount} to ${payee}, reference ${reference}`,
  connectedPaymentStatus: {
    Consumed: 'paid: this consent is used',
    Authorised: 'confirmed, not paid yet',
    Rejected: 'cancelled',
  } as Readonly<Record<string, string>>,
  connectedPaymentsLabel: (app: string) => `Payments to ${app}`,
  orderLost: 'We could not find this order in this browser. Nothing more will be paid for it.',
} as const;
