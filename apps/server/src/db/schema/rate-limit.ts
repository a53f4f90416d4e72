import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The rate limiter's table (http/rate-limit-counters.ts).

/**
 * Rate-limit counters shared by every instance on this database (http/rate-limit-counters.ts):
 * one row per limited route and client address, counting hits until `window_ends_at`. With
 * REDIS_URL set, Redis counts instead and this table only serves while Redis does not answer.
 * The migration creates it UNLOGGED: counts need no crash safety, and a hit skips the WAL.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_idx').on(table.windowEndsAt)],
);
