import { z } from 'zod';
import { TRANSFER_CONFIRMATION_CHANNELS, TRANSFER_DENIAL_CODES } from './banking';
import { promptFormSchema } from './challenge-prompt.schemas';
import { CURRENCY } from './constants';

/**
 * The schemas of balances, transfers and menu options (banking.ts has their paths and the money
 * arithmetic): apart, so that the browser's first page, which asks for the menu options, does
 * not load zod with the paths (ADR 0024).
 */

/** `GET /api/open-banking/balances` → `Data.Balance[]`, Open Banking's shape. */
export const balanceSchema = z.object({
  AccountId: z.string(),
  Amount: z.object({ Amount: z.string(), Currency: z.literal(CURRENCY) }),
  CreditDebitIndicator: z.enum(['Credit', 'Debit']),
  Type: z.literal('InterimAvailable'),
  DateTime: z.string(),
});
export type Balance = z.infer<typeof balanceSchema>;

/**
 * Open Banking's OBReadBalance1 (Account and Transaction API v3.1): the balances, the URL they
 * were read at, and one page (the customer's three accounts are never split).
 */
export const balancesResponseSchema = z.object({
  Data: z.object({ Balance: z.array(balanceSchema) }),
  Links: z.object({ Self: z.string() }),
  Meta: z.object({ TotalPages: z.number().int() }),
});
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;

/**
 * `POST /api/private/transfers`. The attributes are deliberately loose: the server checks them
 * in the order of document 2 §5 and answers that order's messages, which a strict schema here
 * would pre-empt with its own.
 */
export const transferAttributesSchema = z.object({
  from_account_id: z.string().max(64).nullish(),
  to_account_id: z.string().max(64).nullish(),
  amount: z.union([z.string().max(32), z.number()]).nullish(),
  risk_data: z.unknown().optional(),
});
export type TransferAttributes = z.infer<typeof transferAttributesSchema>;
export const transferRequestSchema = z.object({
  data: z.object({ type: z.literal('transfers'), attributes: transferAttributesSchema }),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;
export const idempotencyKeySchema = z.string().min(1).max(128).optional();

/**
 * The limit a transfer crossed, in cents: what the customer's transfers of the last 24 hours
 * already came to, this transfer's amount, and the threshold their sum is above.
 */
export const crossedLimitSchema = z.object({
  recentTotalCents: z.number().int().nonnegative(),
  amountCents: z.number().int().positive(),
  thresholdCents: z.number().int().nonnegative(),
});
export type CrossedLimit = z.infer<typeof crossedLimitSchema>;

export const transferDeniedResponseSchema = z.object({
  code: z.enum(TRANSFER_DENIAL_CODES),
  message: z.string(),
  /** `max_threshold` decided now: the deny limit crossed (a replayed refusal has none). */
  limit: crossedLimitSchema.optional(),
});
export type TransferDeniedResponse = z.infer<typeof transferDeniedResponseSchema>;

export const transferConfirmationRequiredSchema = z.object({
  code: z.literal('confirmation_required'),
  message: z.string(),
  transferId: z.string(),
  /** How the code reaches the customer: sent by e-mail or SMS, or shown on a device of theirs. */
  channel: z.enum(TRANSFER_CONFIRMATION_CHANNELS),
  /** Where the code went, masked ("j***@example.com", "•••• 1234"), or the device's name. */
  destination: z.string(),
  /** The form the page draws to ask for the code (ADR 0026): its words, field and buttons. */
  prompt: promptFormSchema,
  /** The approval threshold the customer's 24-hour total crossed with this transfer. */
  limit: crossedLimitSchema,
});
export type TransferConfirmationRequired = z.infer<typeof transferConfirmationRequiredSchema>;

export const transferConfirmationRequestSchema = z.object({
  code: z.string().trim().min(1).max(16),
});
export type TransferConfirmationRequest = z.infer<typeof transferConfirmationRequestSchema>;

/** A wrong code (400, `invalid_code`): the transfer still waits; this many tries are left. */
export const transferCodeRefusedSchema = z.object({
  code: z.literal('invalid_code'),
  message: z.string(),
  attemptsLeft: z.number().int(),
});

/**
 * Any refused confirmation (400), as the route declares it: a wrong code carries
 * `attemptsLeft` (transferCodeRefusedSchema); a malformed body or too little money does not.
 */
export const transferConfirmationRefusedSchema = z.object({
  code: z.string(),
  message: z.string(),
  attemptsLeft: z.number().int().optional(),
});

/** `GET /api/menu-options` (the spec's /bxfMenuOptions): entries without a title are dropped. */
export const menuOptionSchema = z.object({ title: z.string().optional(), url: z.string() });
export type MenuOption = z.infer<typeof menuOptionSchema>;
export const menuOptionsResponseSchema = z.record(z.string(), menuOptionSchema);
export type MenuOptionsResponse = z.infer<typeof menuOptionsResponseSchema>;
