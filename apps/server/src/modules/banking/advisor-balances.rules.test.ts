import { describe, expect, it } from 'vitest';
import { sharedAccountsOf } from './advisor-balances.rules';

const NOW = new Date('2026-01-02T03:04:05.000Z');
const ACCOUNTS = [
  { id: 'visa', kind: 'rewards-visa', position: 2, balanceCents: 12_345 },
  { id: 'checking', kind: 'checking', position: 0, balanceCents: 2_450_000 },
  { id: 'savings', kind: 'savings', position: 1, balanceCents: 1_875_032 },
];

describe('the balances an advisor is shown', () => {
  it('are exactly the shared accounts, in the client’s order, each with its kind', () => {
    const shared = sharedAccountsOf(ACCOUNTS, ['visa', 'checking'], NOW);
    expect(shared.ids).toEqual(['checking', 'visa']);
    expect(shared.balances).toEqual([
      {
        AccountId: 'checking',
        AccountKind: 'checking',
        Amount: { Amount: '24500.00', Currency: 'USD' },
        CreditDebitIndicator: 'Credit',
        Type: 'InterimAvailable',
        DateTime: NOW.toISOString(),
      },
      {
        AccountId: 'visa',
        AccountKind: 'rewards-visa',
        Amount: { Amount: '123.45', Currency: 'USD' },
        CreditDebitIndicator: 'Debit',
        Type: 'InterimAvailable',
        DateTime: NOW.toISOString(),
      },
    ]);
  });

  it('labels a shared account by its position in the client’s whole list', () => {
    expect(sharedAccountsOf(ACCOUNTS, ['savings'], NOW).balances[0]?.AccountKind).toBe('savings');
  });

  it('shows nothing for a listed id that is not the client’s own account', () => {
    expect(sharedAccountsOf(ACCOUNTS, ['someone-else'], NOW)).toEqual({ ids: [], balances: [] });
  });
});
