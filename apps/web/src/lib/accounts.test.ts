import { describe, expect, it } from 'vitest';
import type { Balance } from '@anybank/contracts';
import {
  accountDisplayName,
  accountIdsOf,
  accountKindLabel,
  accountSuffix,
  balancesById,
  formatUsd,
  maskedAccountNumber,
} from './accounts';

function balance(AccountId: string, Amount: string): Balance {
  return {
    AccountId,
    Amount: { Amount, Currency: 'USD' },
    CreditDebitIndicator: 'Credit',
    Type: 'InterimAvailable',
    DateTime: '2025-01-01T00:00:00.000Z',
  };
}

describe('accounts', () => {
  it.each([
    [null, []],
    ['', []],
    ['1001,1002,1003', ['1001', '1002', '1003']],
    [' 1001 , ,1002', ['1001', '1002']],
  ])('reads the accts item %j as %j', (accts, ids) => {
    expect(accountIdsOf(accts)).toEqual(ids);
  });

  it.each([
    [0, 'Checking'],
    [1, 'Savings'],
    [2, 'Rewards Visa'],
    [5, 'Rewards Visa'],
  ] as const)('names position %i %s', (position, label) => {
    expect(accountKindLabel(position)).toBe(label);
  });

  it('shows the last four digits of an account id', () => {
    expect(accountSuffix('0012345678')).toBe('5678');
    expect(maskedAccountNumber('0012345678')).toBe('\u20265678');
    expect(accountDisplayName('Savings', '0012345678')).toBe('Savings (\u20265678)');
  });

  it.each([
    [0, '$0.00'],
    [2550, '$25.50'],
    [2_450_000, '$24,500.00'],
    [123_456_789, '$1,234,567.89'],
    [-500, '-$5.00'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('reads balances in cents by account id, leaving out what is not an amount', () => {
    const byId = balancesById([balance('a', '24500.00'), balance('b', '0.5'), balance('c', 'x')]);
    expect([...byId]).toEqual([
      ['a', 2_450_000],
      ['b', 50],
    ]);
  });
});
