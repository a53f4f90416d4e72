import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../src/db/database';
import { accounts, ledgerEntries, transfers, users } from '../src/db/schema';
import { DEMO_USERS } from '../src/seed/demo-data';

/** Each seeded account's opening balance in cents, by account id (ids differ per seed). */
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
 * - every balance is its opening balance plus its ledger entries, and each entry's
 *   balance-after continues the one before;
 * - no deposit account is below zero;
 * - the sum of all balances is the sum of the opening balances (money only moves);
 * - a confirmed transfer has exactly its two entries (−amount from, +amount to); any other
 *   transfer has none.
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
    let running = start;
    for (const entry of entries.filter((each) => each.accountId === account.id)) {
      running += entry.amountCents;
      if (entry.balanceAfterCents !== running) {
        problems.push(
          `entry ${entry.id} of ${account.id} says ${entry.balanceAfterCents} after, the entries add up to ${running}`,
        );
        running = entry.balanceAfterCents;
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
    problems.push(`the balances add up to ${total}, they opened at ${openingTotal}`);
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
  const orphans = entries.filter((entry) => entry.transferId === null).length;
  if (orphans > 0) problems.push(`${orphans} ledger entries belong to no transfer`);
  return problems;
}
