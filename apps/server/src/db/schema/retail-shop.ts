import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
