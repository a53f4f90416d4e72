import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCentsWithSeparators,
  messages,
  parseAmountToCents,
} from '@anybank/contracts';
import {
  isSameTransfer,
  transferAccountsOf,
  validateTransfer,
  type TransferInput,
} from './transfer.rules';
import { janes, person } from './transfer-request.fixtures';

describe('amounts in cents, by string arithmetic', () => {
  it.each([
    ['25.50', 2550],
    ['25.5', 2550],
    ['25', 2500],
    ['0.01', 1],
    ['.5', 50],
    ['1,234.56', 123456],
    ['24,500.00', 2450000],
    [' 7 ', 700],
    ['007.10', 710],
    ['0', 0],
    ['9999999999999.99', 999999999999999],
    [25.5, 2550],
    [100, 10000],
    [0.29, 29],
  ] as const)('reads %j as %i cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each([
    '',
    ' ',
    'abc',
    '1.234',
    '-5',
    '+5',
    '1e3',
    '25.',
    '.',
    '$5',
    '5 00',
    '10000000000000',
    0.1 + 0.2,
    -1,
    1e21,
    Number.NaN,
  ])('refuses %j', (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });

  it.each([
    [0, '0.00', '0.00'],
    [5, '0.05', '0.05'],
    [2550, '25.50', '25.50'],
    [123456, '1234.56', '1,234.56'],
    [2_450_000, '24500.00', '24,500.00'],
    [100_000_000, '1000000.00', '1,000,000.00'],
    [-250, '-2.50', '-2.50'],
    [-123_456_789, '-1234567.89', '-1,234,567.89'],
  ])('writes %i cents as "%s" and "%s"', (cents, plain, separated) => {
    expect(formatCents(cents)).toBe(plain);
    expect(formatCentsWithSeparators(cents)).toBe(separated);
    expect(parseAmountToCents(separated.replace('-', ''))).toBe(Math.abs(cents));
  });
});

describe('transfer accounts', () => {
  it('offers the accounts without the rewards Visa, the first labelled Checking, the others Savings', () => {
    expect(transferAccountsOf(janes).map(({ id, label }) => ({ id, label }))).toEqual([
      { id: 'checking', label: 'Checking' },
      { id: 'savings', label: 'Savings' },
    ]);
  });
});

describe('transfer checks in the order of document 2 §5', () => {
  const accounts = transferAccountsOf(janes);
  const valid: TransferInput = {
    fromAccountId: 'checking',
    toAccountId: 'savings',
    amount: '25.50',
    riskData: person,
  };

  // Each row fails one check and every later one as well: the earliest must answer.
  it.each([
    [
      'no source account',
      { fromAccountId: '', toAccountId: 'savings', amount: 'x', riskData: null },
      messages.transfer.selectAccounts,
    ],
    [
      'no destination account',
      { fromAccountId: 'checking', toAccountId: null, amount: 'x', riskData: null },
      messages.transfer.selectAccounts,
    ],
    [
      'neither account (blank)',
      { fromAccountId: '  ', toAccountId: undefined, amount: '', riskData: undefined },
      messages.transfer.selectAccounts,
    ],
    [
      'the same account twice',
      { fromAccountId: 'savings', toAccountId: 'savings', amount: '-1', riskData: null },
      messages.transfer.differentAccounts,
    ],
    [
      'a zero amount',
      { fromAccountId: 'elsewhere', toAccountId: 'savings', amount: '0.00', riskData: null },
      messages.transfer.invalidAmount,
    ],
    [
      'a negative amount',
      { fromAccountId: 'checking', toAccountId: 'savings', amount: '-5', riskData: null },
      messages.transfer.invalidAmount,
    ],
    [
      'three decimals',
      { fromAccountId: 'checking', toAccountId: 'savings', amount: '1.005', riskData: null },
      messages.transfer.invalidAmount,
    ],
    [
      'no amount',
      { fromAccountId: 'checking', toAccountId: 'savings', amount: null, riskData: null },
      messages.transfer.invalidAmount,
    ],
    [
      'more than the checking balance',
      { fromAccountId: 'checking', toAccountId: 'savings', amount: '24,500.01', riskData: null },
      messages.transfer.insufficientFunds('Checking', '24,500.00'),
    ],
    [
      'more than the savings balance',
      { fromAccountId: 'savings', toAccountId: 'checking', amount: 18750.33, riskData: {} },
      messages.transfer.insufficientFunds('Savings', '18,750.32'),
    ],
    [
      'no risk data',
      { fromAccountId: 'checking', toAccountId: 'savings', amount: '24,500.00' },
      messages.transfer.riskProfileUnavailable,
    ],
    [
      'risk data of the wrong shape',
      { ...valid, riskData: { webdriver: 'no' } },
      messages.transfer.riskProfileUnavailable,
    ],
  ] as const)('%s: %s', (_case, input, message) => {
    expect(validateTransfer(input, accounts)).toMatchObject({ ok: false, message });
  });

  it.each([
    [
      'a source that is not the caller’s',
      { ...valid, fromAccountId: 'elsewhere', amount: '1000000000' },
    ],
    ['a destination that is not the caller’s', { ...valid, toAccountId: 'elsewhere' }],
    ['the rewards Visa as the source', { ...valid, fromAccountId: 'visa', riskData: null }],
    ['the rewards Visa as the destination', { ...valid, toAccountId: 'visa' }],
  ])('%s is unknown, checked after the amount and before the balance', (_case, input) => {
    expect(validateTransfer(input, accounts)).toEqual({ ok: false, check: 'accountsOwned' });
  });

  it('accepts the whole balance, commas stripped', () => {
    expect(validateTransfer({ ...valid, amount: '24,500.00' }, accounts)).toMatchObject({
      ok: true,
      from: { id: 'checking', label: 'Checking' },
      to: { id: 'savings', label: 'Savings' },
      amountCents: 2_450_000,
      riskPayload: person,
    });
  });
});

describe('idempotent retries', () => {
  const recorded = { fromAccountId: 'checking', toAccountId: 'savings', amountCents: 2550 };
  it.each([
    [{ fromAccountId: 'checking', toAccountId: 'savings', amount: '25.50' }, true],
    [{ fromAccountId: 'checking', toAccountId: 'savings', amount: 25.5 }, true],
    [{ fromAccountId: 'checking', toAccountId: 'savings', amount: '25.51' }, false],
    [{ fromAccountId: 'savings', toAccountId: 'checking', amount: '25.50' }, false],
    [{ fromAccountId: 'checking', toAccountId: 'savings', amount: null }, false],
  ])('%o is the same transfer: %s', (input, same) => {
    expect(isSameTransfer(recorded, input)).toBe(same);
  });
});
