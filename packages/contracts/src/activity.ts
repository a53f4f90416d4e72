import { z } from 'zod';
import { CURRENCY } from './constants';

/**
 * Account activity from the ledger, statements, Payment Activity and Open Banking
 * transactions. Money is integer cents; an entry's `amountCents` is how it changed the balance
 * as the account keeps it (the rewards Visa keeps what is owed, so a purchase there is
 * positive), and `direction` says what it was for the customer: money in (credit) or out (debit).
 */

export const ACCOUNT_ACTIVITY_API_PATH = '/api/banking/accounts/:accountId/activity';
export const ACCOUNT_ACTIVITY_CSV_API_PATH = '/api/banking/accounts/:accountId/activity.csv';
export const ACCOUNT_STATEMENTS_API_PATH = '/api/banking/accounts/:accountId/statements';
export const RECENT_ACTIVITY_API_PATH = '/api/banking/recent-activity';
export const PAYMENT_ACTIVITY_API_PATH = '/api/banking/payment-activity';
export const OB_TRANSACTIONS_API_PATH = '/api/open-banking/accounts/:accountId/transactions';

const withAccount = (path: string, accountId: string) =>
  path.replace(':accountId', encodeURIComponent(accountId));
export const accountActivityPath = (accountId: string) =>
  withAccount(ACCOUNT_ACTIVITY_API_PATH, accountId);
export const accountActivityCsvPath = (accountId: string) =>
  withAccount(ACCOUNT_ACTIVITY_CSV_API_PATH, accountId);
export const accountStatementsPath = (accountId: string) =>
  withAccount(ACCOUNT_STATEMENTS_API_PATH, accountId);
export const obTransactionsPath = (accountId: string) =>
  withAccount(OB_TRANSACTIONS_API_PATH, accountId);

/** What an entry's money was for; a payment to a shop (pay by bank) is `payment`. */
export const LEDGER_CATEGORIES = {
  opening: 'Opening deposit',
  income: 'Income',
  housing: 'Housing',
  utilities: 'Utilities',
  groceries: 'Groceries',
  dining: 'Dining',
  transport: 'Transport',
  shopping: 'Shopping',
  'card-payment': 'Card payment',
  transfer: 'Transfer',
  interest: 'Interest',
  payment: 'Payment',
  'external-transfer': 'External transfer',
} as const;
export type LedgerCategory = keyof typeof LEDGER_CATEGORIES;

/** A category's label; an unknown one (written by a later version) shows as it is stored. */
export function categoryLabel(category: string): string {
  return Object.hasOwn(LEDGER_CATEGORIES, category)
    ? LEDGER_CATEGORIES[category as LedgerCategory]
    : category;
}

/** Entries per page unless the caller asks for another size (1 to 100). */
export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_MAX_PAGE_SIZE = 100;
/** The dashboard's "Recent activity": the last five entries across the customer's accounts. */
export const RECENT_ACTIVITY_COUNT = 5;

const amountFilter = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'an amount such as 25 or 25.50')
  .optional();
const instant = z.iso.datetime({ offset: true }).optional();

/**
 * The activity filters, as query parameters: `from`/`to` are instants (the browser sends the
 * start and end of the customer's own days), `q` a text the description or category contains,
 * `min`/`max` bounds on the amount without its sign, in dollars.
 */
export const activityFilterSchema = z.object({
  from: instant,
  to: instant,
  q: z.string().trim().max(100).optional(),
  min: amountFilter,
  max: amountFilter,
});
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

export const activityQuerySchema = activityFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ACTIVITY_MAX_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const ENTRY_DIRECTIONS = ['credit', 'debit'] as const;

export const activityEntrySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  bookedAt: z.string(),
  description: z.string(),
  category: z.string(),
  amountCents: z.number().int(),
  direction: z.enum(ENTRY_DIRECTIONS),
  balanceAfterCents: z.number().int(),
  /** The transfer or payment the entry belongs to; null for money from or to outside. */
  transferId: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityAccountSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** "Checking", "Savings", "Credit Rewards Visa". */
  name: z.string(),
  numberSuffix: z.string(),
  balanceCents: z.number().int(),
});
export type ActivityAccount = z.infer<typeof activityAccountSchema>;

export const accountActivityResponseSchema = z.object({
  account: activityAccountSchema,
  entries: z.array(activityEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalEntries: z.number().int(),
  totalPages: z.number().int(),
});
export type AccountActivityResponse = z.infer<typeof accountActivityResponseSchema>;

export const recentActivityResponseSchema = z.object({
  entries: z.array(activityEntrySchema.extend({ accountName: z.string() })),
});
export type RecentActivityResponse = z.infer<typeof recentActivityResponseSchema>;

/** One calendar month (UTC) of an account: what a statement shows. */
export const statementMonthSchema = z.object({
  /** "2025-05". */
  month: z.string(),
  openingBalanceCents: z.number().int(),
  closingBalanceCents: z.number().int(),
  moneyInCents: z.number().int(),
  moneyOutCents: z.number().int(),
  entries: z.number().int(),
  /** The instants the month runs between (to is exclusive), for the activity filters. */
  from: z.string(),
  to: z.string(),
});
export type StatementMonth = z.infer<typeof statementMonthSchema>;
export const accountStatementsResponseSchema = z.object({
  account: activityAccountSchema,
  months: z.array(statementMonthSchema),
});
export type AccountStatementsResponse = z.infer<typeof accountStatementsResponseSchema>;

/** The columns of the activity CSV, in their order. */
export const ACTIVITY_CSV_COLUMNS = [
  'Date',
  'Description',
  'Category',
  'Amount',
  'Balance',
  'Currency',
] as const;

/**
 * Payment Activity: what became of each transfer (and, later, payment) the customer asked for.
 * `waiting_for_phone` turns into `approved`, `declined` or `expired` when the phone answers.
 */
export const PAYMENT_STATES = {
  confirmed: 'Confirmed',
  waiting_for_phone: 'Waiting for approval',
  waiting_for_code: 'Waiting for your code',
  approved: 'Approved',
  declined: 'Declined on your phone',
  expired: 'Expired',
  cancelled: 'Cancelled',
  denied_by_limit: 'Denied: above your limit',
  denied_as_automated: 'Denied: looked automated',
  insufficient_funds: 'Not enough money',
  not_approved: 'Not approved',
} as const;
export type PaymentState = keyof typeof PAYMENT_STATES;
const PAYMENT_STATE_CODES = Object.keys(PAYMENT_STATES) as [PaymentState, ...PaymentState[]];

/** States that still change: Payment Activity looks again while one is shown. */
export const UNSETTLED_PAYMENT_STATES: readonly PaymentState[] = [
  'waiting_for_phone',
  'waiting_for_code',
];

export const paymentPartySchema = z.object({
  /** One of the customer's accounts; null for a payee outside them (a shop). */
  accountId: z.string().nullable(),
  name: z.string(),
});

export const paymentActivityItemSchema = z.object({
  id: z.string(),
  /** `transfer` between the customer's own accounts; pay-by-bank adds `payment`. */
  kind: z.string(),
  referenceNumber: z.number().int(),
  amountCents: z.number().int(),
  from: paymentPartySchema,
  to: paymentPartySchema,
  state: z.enum(PAYMENT_STATE_CODES),
  createdAt: z.string(),
  /** When it was decided, if later than it was asked for (an approval); else null. */
  decidedAt: z.string().nullable(),
  /** The approval request sent to the phone (its CIBA auth_req_id), when one was. */
  approvalRequestId: z.string().nullable(),
});
export type PaymentActivityItem = z.infer<typeof paymentActivityItemSchema>;

export const paymentActivityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ACTIVITY_MAX_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
});
export const paymentActivityResponseSchema = z.object({
  items: z.array(paymentActivityItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
export type PaymentActivityResponse = z.infer<typeof paymentActivityResponseSchema>;

/** Open Banking's page size for transactions; `page` picks one (links say which exist). */
export const OB_TRANSACTIONS_PAGE_SIZE = 50;
export const obTransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

const obAmountSchema = z.object({ Amount: z.string(), Currency: z.literal(CURRENCY) });
/** OBReadTransaction6 (Account and Transaction API v3.1): the members AnyBank sends. */
export const obTransactionSchema = z.object({
  AccountId: z.string(),
  TransactionId: z.string(),
  TransactionReference: z.string().optional(),
  CreditDebitIndicator: z.enum(['Credit', 'Debit']),
  Status: z.literal('Booked'),
  BookingDateTime: z.string(),
  ValueDateTime: z.string(),
  TransactionInformation: z.string(),
  Amount: obAmountSchema,
  ProprietaryBankTransactionCode: z.object({ Code: z.string(), Issuer: z.string() }),
  Balance: z.object({
    CreditDebitIndicator: z.enum(['Credit', 'Debit']),
    Type: z.literal('InterimBooked'),
    Amount: obAmountSchema,
  }),
});
export type ObTransaction = z.infer<typeof obTransactionSchema>;
export const obTransactionsResponseSchema = z.object({
  Data: z.object({ Transaction: z.array(obTransactionSchema) }),
  Links: z.object({
    Self: z.string(),
    First: z.string().optional(),
    Prev: z.string().optional(),
    Next: z.string().optional(),
    Last: z.string().optional(),
  }),
  Meta: z.object({
    TotalPages: z.number().int(),
    FirstAvailableDateTime: z.string().optional(),
    LastAvailableDateTime: z.string().optional(),
  }),
});
export type ObTransactionsResponse = z.infer<typeof obTransactionsResponseSchema>;

/** What the activity pages say. */
export const activityMessages = {
  accountDescription: 'Every entry of this account, newest first, with its balance after it.',
  paymentsDescription:
    'Every transfer you asked for and what became of it. One waiting for your phone updates here as soon as you answer it.',
  statementDescription: 'One calendar month of this account: print it or save it as a PDF.',
  statementHolder: 'Account holder',
  statementPeriod: (first: string, last: string) => `Statement period: ${first} to ${last}`,
  /** The footer on every printed page: the bank, the account and the month. */
  statementFooter: (bankName: string, account: string, month: string) =>
    `${bankName} · ${account} · Statement of ${month}`,
  loading: 'Loading entries…',
  failed: 'We could not load this account’s activity. Please try again.',
  notFound: 'We could not find this account among yours.',
  badFilter: 'Please check the filters: dates, and amounts such as 25 or 25.50.',
  showing: (first: number, last: number, total: number) =>
    `Showing entries ${first} to ${last} of ${total}.`,
  noEntries: 'No entries match these filters.',
  csvFailed: 'The CSV file could not be downloaded. Please try again.',
  paymentsLoading: 'Loading your payment activity…',
  paymentsFailed: 'We could not load your payment activity. Please try again.',
  noPayments: 'You have not made any transfers yet.',
  stateChanged: (referenceNumber: number, state: string) =>
    `Transfer ${referenceNumber}: ${state}.`,
  recentFailed: 'Your recent activity could not be loaded.',
  noRecent: 'No activity yet.',
} as const;
