import { and, asc, eq, lt } from 'drizzle-orm';
import {
  shopBankExchangeSchema,
  type ShopBankExchange,
  type ShopBankStep,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { retailShopExchanges } from '../../db/schema';
import { exchangeOf, type ExchangeContext, type RawExchange } from './shop-bank-exchange.rules';

/** How long the shop keeps an order's exchanges: its order cookie lives an hour. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The shop's own record of its exchanges with the bank, per order (its table
 * `retail_shop_exchanges`; nothing of the bank's is read here). Each exchange is redacted
 * (shop-bank-exchange.rules.ts) before it is written; each write is one statement, with no
 * call to the bank around it.
 */
export function createExchangeJournal(db: Database, clock: () => Date) {
  async function write(orderId: string, exchanges: readonly ShopBankExchange[]): Promise<void> {
    if (exchanges.length === 0) return;
    await db
      .insert(retailShopExchanges)
      .values(exchanges.map((exchange) => ({ orderId, step: exchange.step, exchange })));
  }

  return {
    /** The raw exchanges of one piece of work, redacted, in the order they happened. */
    async record(
      orderId: string,
      raws: readonly RawExchange[],
      context: ExchangeContext,
    ): Promise<void> {
      await write(
        orderId,
        raws.flatMap((raw) => exchangeOf(raw, context) ?? []),
      );
    },

    /** One exchange the shop noted itself (the shopper's return from the bank). */
    async note(orderId: string, exchange: ShopBankExchange): Promise<void> {
      await write(orderId, [exchange]);
    },

    async has(orderId: string, step: ShopBankStep): Promise<boolean> {
      const rows = await db
        .select({ id: retailShopExchanges.id })
        .from(retailShopExchanges)
        .where(and(eq(retailShopExchanges.orderId, orderId), eq(retailShopExchanges.step, step)))
        .limit(1);
      return rows.length > 0;
    },

    async ofOrder(orderId: string): Promise<ShopBankExchange[]> {
      const rows = await db
        .select({ exchange: retailShopExchanges.exchange })
        .from(retailShopExchanges)
        .where(eq(retailShopExchanges.orderId, orderId))
        .orderBy(asc(retailShopExchanges.id));
      return rows.map((row) => shopBankExchangeSchema.parse(row.exchange));
    },

    /** Forgets the exchanges of orders no cookie can name any more. */
    async prune(): Promise<void> {
      await db
        .delete(retailShopExchanges)
        .where(lt(retailShopExchanges.createdAt, new Date(clock().getTime() - KEPT_MS)));
    },
  };
}
export type ExchangeJournal = ReturnType<typeof createExchangeJournal>;
