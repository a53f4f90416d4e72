import { describe, expect, it } from 'vitest';
import { openingLedger } from '../modules/banking/ledger.rules';
import { DEMO_USERS } from './demo-data';
import { demoHistoryOf, HISTORY_DAYS } from './demo-history';

const DAY_MS = 24 * 60 * 60 * 1000;
const CUSTOMERS = DEMO_USERS.filter((demo) => demo.balances);

function historyOf(demo: (typeof CUSTOMERS)[number]) {
  const accounts = ['checking', 'savings', 'rewards-visa'].map((kind, position) => ({
    id: `${demo.uid}-${kind}`,
    kind,
    position,
    numberSuffix: `10${position}0`,
  }));
  return demoHistoryOf({ uid: demo.uid, userId: 'user', balances: demo.balances! }, accounts);
}

describe('a demo customer’s seeded history', () => {
  it.each(CUSTOMERS.map((demo) => [demo.uid, demo] as const))(
    'keeps %s’s accounts at or above zero and ends at the README’s balances',
    (_uid, demo) => {
      const ledger = openingLedger(historyOf(demo));
      const ids = ['checking', 'savings', 'rewards-visa'].map((kind) => `${demo.uid}-${kind}`);
      expect(ids.map((id) => ledger.balances.get(id) ?? 0)).toEqual(demo.balances);
      // The card's balance is what is owed: never below zero either.
      for (const entry of ledger.entries) expect(entry.balanceAfterCents).toBeGreaterThanOrEqual(0);
    },
  );

  it('spans ninety days up to yesterday, with salary, rent, groceries, card payments and transfers', () => {
    const postings = historyOf(CUSTOMERS.find((demo) => demo.uid === 'jane.doe')!);
    expect(postings[0]!.ageMs).toBe(HISTORY_DAYS * DAY_MS - 8 * 60 * 60 * 1000);
    expect(postings.at(-1)!.ageMs).toBeGreaterThan(0);
    const categories = new Set(
      postings.flatMap((posting) => posting.legs.map((leg) => leg.category)),
    );
    for (const category of [
      'income',
      'housing',
      'groceries',
      'card-payment',
      'transfer',
      'dining',
    ]) {
      expect(categories).toContain(category);
    }
    const transfers = postings.filter((posting) => posting.transfer);
    expect(transfers).toHaveLength(3);
    // Older than a day: the seeded transfers never count toward the day's transfer limits.
    for (const transfer of transfers) expect(transfer.ageMs).toBeGreaterThan(DAY_MS);
  });

  it('is the same every time for the same customer, and differs between customers', () => {
    const [jane, john] = CUSTOMERS;
    const content = (demo: typeof jane) =>
      historyOf(demo!).map((posting) => [
        posting.ageMs,
        posting.legs.map((leg) => [leg.amountCents, leg.description]),
      ]);
    expect(content(jane)).toEqual(content(jane));
    expect(content(john)).not.toEqual(content(jane));
  });
});
