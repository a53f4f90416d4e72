import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { accounts, directoryPeople as people } from '../../db/schema';

/**
 * Banking's read model of account holders, published through index.ts for the modules that
 * show a payee (pay by bank): the holder's name of each account, as a payer sees it (from the
 * directory's people view), and nothing else of the person's entry. Accounts without a holder
 * are left out.
 */
export async function accountHolderNames(
  db: Queryable,
  accountIds: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: accounts.id, firstName: people.firstName, lastName: people.lastName })
    .from(accounts)
    .innerJoin(people, eq(people.id, accounts.ownerId))
    .where(inArray(accounts.id, [...new Set(accountIds)]));
  return new Map(rows.map((row) => [row.accountId, `${row.firstName} ${row.lastName}`]));
}

/** The name of one account's holder; null: no such account. */
export async function accountHolderName(db: Queryable, accountId: string): Promise<string | null> {
  return (await accountHolderNames(db, [accountId])).get(accountId) ?? null;
}
