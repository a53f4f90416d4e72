import { describe, expect, it } from 'vitest';
import { openingDepositsOf, openingLedger, type HistoryLeg } from './ledger.rules';

const leg = (accountId: string, amountCents: number, kind = 'checking'): HistoryLeg => ({
  accountId,
  kind,
  amountCents,
  description: 'Entry',
  category: 'income',
});

describe('an opening history', () => {
  it('runs each account’s balance from zero and answers the sums', () => {
    const ledger = openingLedger([
      { ageMs: 3000, legs: [leg('c', 10_000)] },
      { ageMs: 2000, legs: [leg('v', 500, 'rewards-visa')] },
      {
        ageMs: 1000,
        legs: [leg('c', -2500), leg('s', 2500, 'savings')],
        transfer: { id: 't', userId: 'u', referenceNumber: 42 },
      },
    ]);
    expect(ledger.entries.map((entry) => [entry.accountId, entry.balanceAfterCents])).toEqual([
      ['c', 10_000],
      ['v', 500],
      ['c', 7500],
      ['s', 2500],
    ]);
    expect(ledger.transfers).toEqual([
      expect.objectContaining({ fromAccountId: 'c', toAccountId: 's', amountCents: 2500 }),
    ]);
    expect(Object.fromEntries(ledger.balances)).toEqual({ c: 7500, v: 500, s: 2500 });
  });

  it.each([
    ['a deposit account below zero', [{ ageMs: 1, legs: [leg('c', -1)] }]],
    [
      'postings newest first',
      [
        { ageMs: 1, legs: [leg('c', 5)] },
        { ageMs: 2, legs: [leg('c', 5)] },
      ],
    ],
    ['a zero entry', [{ ageMs: 1, legs: [leg('c', 0)] }]],
    [
      'a transfer whose legs differ',
      [
        { ageMs: 2, legs: [leg('c', 100)] },
        {
          ageMs: 1,
          legs: [leg('c', -50), leg('s', 40, 'savings')],
          transfer: { id: 't', userId: 'u', referenceNumber: 1 },
        },
      ],
    ],
    [
      'a transfer to the card',
      [
        { ageMs: 2, legs: [leg('c', 100)] },
        {
          ageMs: 1,
          legs: [leg('c', -50), leg('v', 50, 'rewards-visa')],
          transfer: { id: 't', userId: 'u', referenceNumber: 1 },
        },
      ],
    ],
  ])('refuses %s', (_what, postings) => {
    expect(() => openingLedger(postings)).toThrow(/opening history/);
  });

  it('gives a new customer one opening deposit per account with money in it, now', () => {
    const accounts = [
      { id: 'c', kind: 'checking' },
      { id: 's', kind: 'savings' },
      { id: 'v', kind: 'rewards-visa' },
    ];
    expect(openingDepositsOf(accounts, [250_000, 1_000_000, 0])).toEqual([
      {
        ageMs: 0,
        legs: [{ ...leg('c', 250_000), description: 'Opening deposit', category: 'opening' }],
      },
      {
        ageMs: 0,
        legs: [
          {
            ...leg('s', 1_000_000, 'savings'),
            description: 'Opening deposit',
            category: 'opening',
          },
        ],
      },
    ]);
  });
});
