import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './directory';

// The help desk's table (modules/helpdesk, ADR 0014).

/**
 * Help-desk sessions (document 2 §2 "Customer service"): a rep verifying a customer who called,
 * then acting on their account once. Bound to the rep; the e-mailed code, when there is one, is
 * a row of one_time_codes (purpose 'helpdesk', reference = this id). The state machine is
 * modules/helpdesk/helpdesk.rules.ts.
 */
export const helpDeskSessions = pgTable(
  'help_desk_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repId: uuid('rep_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    method: text('method'),
    verificationExpiresAt: timestamp('verification_expires_at', { withTimezone: true }),
    verifiedUntil: timestamp('verified_until', { withTimezone: true }),
    action: text('action'),
    /** The removed device's name, kept for the answer after the device row is gone. */
    actionDeviceName: text('action_device_name'),
    failure: text('failure'),
    /** Raised by every change: a change computed from an older version is not stored. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('help_desk_sessions_rep_idx').on(table.repId, table.createdAt),
    index('help_desk_sessions_customer_idx').on(table.customerId, table.createdAt),
    check(
      'help_desk_sessions_status_check',
      sql`${table.status} in ('started', 'verification_sent', 'verified', 'action_done', 'failed')`,
    ),
    check('help_desk_sessions_method_check', sql`${table.method} in ('push', 'email')`),
    check('help_desk_sessions_action_check', sql`${table.action} in ('unlock', 'remove_device')`),
  ],
);
