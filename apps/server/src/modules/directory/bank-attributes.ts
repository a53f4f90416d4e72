import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  clearPendingTransferAmount,
  countTransferDecision,
  setPendingTransferAmount,
  takeHighRiskNextSignIn,
  transferDecisionStepWhenUnchanged,
} from './directory-entry.store';

/**
 * The bank's attributes on a person's entry as other modules change them (document 2 §4, §9),
 * published through index.ts: banking's pending transfer amount and its per-customer decision
 * lock, identity's one-shot high-risk switch. Each runs in the caller's transaction when `db`
 * is one; the SQL on users stays the directory's.
 */

/** Document 2 §4: the entry holds the amount while a transfer waits for approval. */
export function holdPendingTransferAmount(db: Queryable, userId: string, amountCents: number) {
  return setPendingTransferAmount(db, userId, amountCents);
}

/** Clears the held amount, unless another transfer has held its own meanwhile. */
export function releasePendingTransferAmount(db: Queryable, userId: string, amountCents: number) {
  return clearPendingTransferAmount(db, userId, amountCents);
}

/**
 * Banking's per-customer transfer lock (banking/running-total.store.ts): counts a decision on
 * the person's entry, holding it locked until the transaction ends, and answers the transfer
 * thresholds under the lock; null: no such person.
 */
export function lockForTransferDecision(tx: Queryable, userId: string) {
  return countTransferDecision(tx, userId);
}

/**
 * lockForTransferDecision as one step of banking's single-statement transfer: made only while
 * the count of decisions and the thresholds are still those the transfer's facts read
 * (the `directory_people` view); its rows are the person's id when it counted.
 */
export function transferDecisionStep(
  userId: SQL,
  seen: { transferDecisions: SQL; cibaThreshold: SQL; denyThreshold: SQL },
): SQL {
  return transferDecisionStepWhenUnchanged(userId, seen);
}

/** The demo admin's "high risk on next sign-in", taken once: true the first time after it was set. */
export function takeHighRiskOverride(db: Queryable, userId: string): Promise<boolean> {
  return takeHighRiskNextSignIn(db, userId);
}
