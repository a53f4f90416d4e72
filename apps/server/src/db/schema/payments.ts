import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { transfers } from './banking';
import { accounts } from './banking';
import { users } from './directory';

// Pay by bank's table (modules/payments, ADR 0023).

/**
 * A domestic payment consent an application registered: what it may pay (amount, currency,
 * payee, reference), fixed before the customer sees it. AwaitingAuthorisation → Authorised (the
 * customer chose the account to pay from) → Consumed (the payment, `transfer_id`, was made), or
 * Rejected, or Expired (not authorised within 10 minutes: read from `expires_at`).
 */
export const paymentConsents = pgTable(
  'payment_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    status: text('status').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    payeeAccountId: text('payee_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    /** The customer who authorised it, and the account they chose to pay from. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    debtorAccountId: text('debtor_account_id').references(() => accounts.id, {
      onDelete: 'cascade',
    }),
    /** The payment made against it (a transfer row and its two ledger entries). */
    transferId: uuid('transfer_id').references(() => transfers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    /**
     * What the customer's authorisation asked (paymentApproval then): `none`, or the `phone`'s
     * or a `code`'s approval. The limits are applied again when the payment is submitted, and
     * only an authorisation with a second factor covers a total above the approval threshold.
     */
    approvedWith: text('approved_with'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_consents_user_idx').on(table.userId),
    uniqueIndex('payment_consents_transfer_unique').on(table.transferId),
    check('payment_consents_amount_check', sql`${table.amountCents} > 0`),
    check(
      'payment_consents_status_check',
      sql`${table.status} in ('AwaitingAuthorisation', 'Authorised', 'Consumed', 'Rejected')`,
    ),
    check(
      'payment_consents_approved_with_check',
      sql`${table.approvedWith} in ('none', 'phone', 'code')`,
    ),
  ],
);
