import type { Queryable } from '../../db/database';
import { listAccountsOf, type AccountRow } from './accounts.store';

/**
 * Banking's read model of a person's accounts, published through index.ts: the payment
 * consent screen offers the ones a payment may come from, and the consents check that a
 * balance-sharing consent names the customer's own (handed to them by app.ts).
 */

/** The person's accounts, in the order of the `accts` session item. */
export function accountsOf(db: Queryable, ownerId: string): Promise<AccountRow[]> {
  return listAccountsOf(db, ownerId);
}

/** The ids of the person's accounts, in the same order. */
export async function accountIdsOf(db: Queryable, ownerId: string): Promise<string[]> {
  return (await listAccountsOf(db, ownerId)).map((account) => account.id);
}
