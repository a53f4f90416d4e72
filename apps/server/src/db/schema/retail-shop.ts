import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The retail shop's own table (modules/retail-shop, ADR 0023): another company's record, which
// refers to nothing of the bank's.

/**
 * What the shop's server sent the bank for one order and what the bank answered, one row per
 * HTTP exchange (or the shopper's return from the bank), in the order they happened: the
 * Shop ⇄ Bank view reads it. Written already redacted (retail-shop exchange rules): no access
 * or refresh token, no code or verifier, no key, a JWS only as its decoded header and claims.
 * Kept a day (an order's cookie lives an hour).
 */
export const retailShopExchanges = pgTable(
  'retail_shop_exchanges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id').notNull(),
    step: text('step').notNull(),
    exchange: jsonb('exchange').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('retail_shop_exchanges_order_idx').on(table.orderId, table.id),
    index('retail_shop_exchanges_created_idx').on(table.createdAt),
  ],
);

/**
 * The shop's requests to a customer's wallet (OpenID4VP, ADR 0027): proof of age or a delivery
 * address. Each holds what the answer is checked against (its nonce and state, both in the
 * signed request object the wallet reads anyway), the digest of the starting browser's cookie
 * (only that browser reads the result), and once answered its status and result: the checks
 * made and, when verified, only the claims disclosed. Answered once; lives 5 minutes; kept a day.
 */
export const retailShopWalletChecks = pgTable(
  'retail_shop_wallet_checks',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').notNull(),
    nonce: text('nonce').notNull(),
    state: text('state').notNull(),
    browserHash: text('browser_hash').notNull(),
    /** The "Behind the scenes" panel of the starting browser, if one watched: the answer's events go there. */
    inspectorId: text('inspector_id'),
    status: text('status').notNull(),
    result: jsonb('result'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('retail_shop_wallet_checks_created_idx').on(table.createdAt)],
);

/**
 * The shop's sessions of shoppers who signed in at the bank to pay (OpenID Connect): the bank's
 * `sub` and `sid` from the ID token, keyed by the digest of the shop's own HttpOnly cookie. A
 * back-channel logout from the bank ends the one its logout token names (ADR 0028); the shop's
 * next answer to that browser says so. Kept a day.
 */
export const retailShopSessions = pgTable(
  'retail_shop_sessions',
  {
    cookieHash: text('cookie_hash').primaryKey(),
    bankSub: text('bank_sub').notNull(),
    bankSid: text('bank_sid'),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('retail_shop_sessions_sub_idx').on(table.bankSub),
    index('retail_shop_sessions_signed_in_idx').on(table.signedInAt),
  ],
);

/**
 * The `jti` of every logout token the shop accepted, until the token's `exp`: a token sent
 * again (replayed) is refused (OpenID Connect Back-Channel Logout 1.0 §2.6).
 */
export const retailShopLogoutTokens = pgTable('retail_shop_logout_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
