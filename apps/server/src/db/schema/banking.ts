import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  pgView,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './directory';

// Banking's tables (modules/banking): the accounts, their transfers and the ledger. A balance
// moves only with its ledger entries, in one statement, so the accounts are banking's.

/** A person's accounts, opened with their directory entry (registration, the seed). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Order in the owner's `accts` list: 0 checking, 1 savings, 2 rewards Visa. */
    position: smallint('position').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    numberSuffix: text('number_suffix').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('accounts_owner_kind_unique').on(table.ownerId, table.kind),
    check('accounts_kind_check', sql`${table.kind} in ('checking', 'savings', 'rewards-visa')`),
    // Deposit accounts never go below zero; the card's balance is what is owed.
    check(
      'accounts_balance_check',
      sql`${table.kind} = 'rewards-visa' or ${table.balanceCents} >= 0`,
    ),
    check('accounts_number_suffix_check', sql`${table.numberSuffix} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Banking's published read model of who holds which account, as a view (docs/architecture.md
 * "Module import rules", rule 5): readable by every module, written by none. The directory's
 * entry lists its person's accounts (`accts`, document 2 §3) from it, and identity's pickup
 * hands them over in the one statement that takes the reference. No balances.
 */
export const bankAccountsHeld = pgView('bank_accounts_held').as((qb) =>
  qb
    .select({
      id: accounts.id,
      ownerId: accounts.ownerId,
      kind: accounts.kind,
      position: accounts.position,
    })
    .from(accounts),
);

export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAccountId: text('from_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    toAccountId: text('to_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** The number shown to the customer: random, below 100000 (document 2 §2). */
    referenceNumber: integer('reference_number').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** How a transfer above the approval threshold was to be approved: 'phone' or 'code'. */
    approvalMethod: text('approval_method'),
    /** The phone's approval request (the CIBA auth_req_id), once one was made. */
    approvalRequestId: text('approval_request_id'),
    createdAt: createdAt(),
    /** When a transfer that waited for approval was settled; null: decided when created. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('transfers_idempotency_unique').on(table.userId, table.idempotencyKey),
    // Payment Activity: a customer's transfers, newest first.
    index('transfers_user_created_idx').on(table.userId, table.createdAt),
    check(
      'transfers_approval_method_check',
      sql`${table.approvalMethod} is null or ${table.approvalMethod} in ('phone', 'code')`,
    ),
    check('transfers_amount_check', sql`${table.amountCents} > 0`),
    check('transfers_accounts_check', sql`${table.fromAccountId} <> ${table.toAccountId}`),
    check(
      'transfers_status_check',
      sql`${table.status} in ('pending_approval', 'confirmed', 'denied', 'not_approved')`,
    ),
    check(
      'transfers_reference_check',
      sql`${table.referenceNumber} >= 0 and ${table.referenceNumber} < 100000`,
    ),
  ],
);

/**
 * Double-entry ledger: each confirmed transfer writes a debit and a credit; money from or to
 * outside the bank (an opening deposit, salary, a card purchase) is an entry of no transfer.
 * Ordered by id. `category` says what the money was for (LEDGER_CATEGORIES in the contracts).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    transferId: uuid('transfer_id').references(() => transfers.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    // A transfer's, unless its writer says otherwise.
    category: text('category').notNull().default('transfer'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    check('ledger_entries_amount_check', sql`${table.amountCents} <> 0`),
  ],
);
