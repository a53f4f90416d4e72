import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../src/db/database';
import { accounts, ledgerEntries, transfers, users } from '../src/db/schema';
import { DEMO_USERS } from '../src/seed/demo-data';

/**
 * Each seeded account's balance as the seed leaves it (the README's), by account id (ids differ
 * per seed): the seed's history ends there, so money moved since adds up from these.
 */
export async function demoOpeningBalances(db: Queryable): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: accounts.id, position: accounts.position, uid: users.uid })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerId));
  const opening = new Map<string, number>();
  for (const row of rows) {
    const demo = DEMO_USERS.find((user) => user.uid === row.uid);
    const balance = demo?.balances?.[row.position];
    if (balance !== undefined) opening.set(row.id, balance);
  }
  return opening;
}

/**
 * What is wrong with the money, one sentence per problem (none: the books are right):
 * - every balance is the sum of its ledger entries, and each entry's balance-after continues
 *   the one before (from zero: an opening deposit is an entry too);
 * - no deposit account is below zero, after any of its entries;
 * - the sum of all balances is the sum of `opening` (the balances when the seed finished):
 *   since then money only moved between accounts;
 * - a confirmed transfer has exactly its two entries (−amount from, +amount to); any other
 *   transfer has none; an entry of no transfer is money from or to outside the bank (the
 *   seeded history's), never one marked as a transfer's.
 */
export async function ledgerProblems(
  db: Queryable,
  opening: Map<string, number>,
): Promise<string[]> {
  const problems: string[] = [];
  const accountRows = await db.select().from(accounts);
  const entries = await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
  const transferRows = await db.select().from(transfers);

  let openingTotal = 0;
  let total = 0;
  for (const account of accountRows) {
    const start = opening.get(account.id);
    if (start === undefined) continue;
    openingTotal += start;
    total += account.balanceCents;
    let running = 0;
    for (const entry of entries.filter((each) => each.accountId === account.id)) {
      running += entry.amountCents;
      if (entry.balanceAfterCents !== running) {
        problems.push(
          `entry ${entry.id} of ${account.id} says ${entry.balanceAfterCents} after, the entries add up to ${running}`,
        );
        running = entry.balanceAfterCents;
      }
      if (account.kind !== 'rewards-visa' && running < 0) {
        problems.push(`${account.kind} ${account.id} went below zero at entry ${entry.id}`);
      }
    }
    if (running !== account.balanceCents) {
      problems.push(
        `${account.id} holds ${account.balanceCents}, its ledger adds up to ${running}`,
      );
    }
    if (account.kind !== 'rewards-visa' && account.balanceCents < 0) {
      problems.push(`${account.kind} ${account.id} is below zero: ${account.balanceCents}`);
    }
  }
  if (total !== openingTotal) {
    problems.push(`the balances add up to ${total}, they were ${openingTotal} after the seed`);
  }

  for (const transfer of transferRows) {
    const own = entries
      .filter((entry) => entry.transferId === transfer.id)
      .map((entry) => [entry.accountId, entry.amountCents]);
    const expected =
      transfer.status === 'confirmed'
        ? [
            [transfer.fromAccountId, -transfer.amountCents],
            [transfer.toAccountId, transfer.amountCents],
          ]
        : [];
    if (JSON.stringify(own) !== JSON.stringify(expected)) {
      problems.push(
        `${transfer.status} transfer ${transfer.referenceNumber} has entries ${JSON.stringify(own)}`,
      );
    }
  }
  const orphans = entries.filter(
    (entry) => entry.transferId === null && entry.category === 'transfer',
  ).length;
  if (orphans > 0) problems.push(`${orphans} transfer entries belong to no transfer`);
  return problems;
}
