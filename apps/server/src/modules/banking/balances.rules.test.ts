import { describe, expect, it } from 'vitest';
import { balancesOf, balancesResponseOf, creditDebitIndicator } from './balances.rules';
import { janes } from './transfer-request.fixtures';

describe('balances', () => {
  it.each([
    ['checking', 0, 'Credit'],
    ['checking', 100, 'Credit'],
    ['savings', -1, 'Debit'],
    ['rewards-visa', 124_567, 'Debit'],
    ['rewards-visa', 0, 'Credit'],
    ['rewards-visa', -500, 'Credit'],
  ] as const)('a %s account holding %i cents is in %s', (kind, balanceCents, indicator) => {
    expect(creditDebitIndicator({ kind, balanceCents })).toBe(indicator);
  });

  it('lists the accounts in position order, amounts unsigned with two decimals', () => {
    const now = new Date('2026-03-02T10:00:00.000Z');
    expect(balancesOf(janes, now)).toEqual([
      {
        AccountId: 'checking',
        Amount: { Amount: '24500.00', Currency: 'USD' },
        CreditDebitIndicator: 'Credit',
        Type: 'InterimAvailable',
        DateTime: '2026-03-02T10:00:00.000Z',
      },
      {
        AccountId: 'savings',
        Amount: { Amount: '18750.32', Currency: 'USD' },
        CreditDebitIndicator: 'Credit',
        Type: 'InterimAvailable',
        DateTime: '2026-03-02T10:00:00.000Z',
      },
      {
        AccountId: 'visa',
        Amount: { Amount: '1245.67', Currency: 'USD' },
        CreditDebitIndicator: 'Debit',
        Type: 'InterimAvailable',
        DateTime: '2026-03-02T10:00:00.000Z',
      },
    ]);
  });

  it('answers OBReadBalance1: the balances, the URL they were read at, one page', () => {
    const now = new Date('2026-03-02T10:00:00.000Z');
    const self = 'https://bank.test/api/open-banking/balances';
    expect(balancesResponseOf(janes, now, self)).toEqual({
      Data: { Balance: balancesOf(janes, now) },
      Links: { Self: self },
      Meta: { TotalPages: 1 },
    });
  });
});
