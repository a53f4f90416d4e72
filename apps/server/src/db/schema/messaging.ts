import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// Messaging's table (modules/messaging): the outbox.

/** Every e-mail, SMS and push request the bank sends (the demo's mailbox and phone). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders messages of the same millisecond (PGlite's now() has millisecond precision). */
    sequence: bigint('sequence', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (table) => [
    index('outbox_messages_recipient_idx').on(table.recipient, table.sequence),
    check('outbox_messages_channel_check', sql`${table.channel} in ('email', 'sms', 'push')`),
  ],
);
