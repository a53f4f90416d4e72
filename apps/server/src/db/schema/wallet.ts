import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './directory';

// The wallet module's table (modules/wallet): pairings.

/**
 * Digital-wallet pairings (document 2 §2, §7): one per "Pair digital wallet", its ticket (the
 * secret in the pairing link) stored as a SHA-256 hash, good once and for 10 minutes.
 */
export const walletPairings = pgTable(
  'wallet_pairings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('wallet_pairings_user_idx').on(table.userId),
    index('wallet_pairings_expires_idx').on(table.expiresAt),
  ],
);
