import type { Queryable } from '../../db/database';
import { recentTransferTotalCents } from './running-total.store';

/**
 * Banking's read model of a customer's running total, published through index.ts: pay by bank
 * applies the customer's thresholds to the same 24-hour total as transfers (RUNNING_TOTAL_WINDOW_MS
 * in transfer-decision.rules.ts), before the payment is decided under the customer's lock.
 */
export function runningTotalCents(db: Queryable, userId: string): Promise<number> {
  return recentTransferTotalCents(db, userId);
}
