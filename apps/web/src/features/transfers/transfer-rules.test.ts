import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import type { RiskPayload, TransferDenialCode } from '@anybank/contracts';
import {
  denialText,
  stripCommas,
  submissionKey,
  transferAccountOptions,
  validateTransferForm,
} from './transfer-rules';
import type { TransferContext, TransferForm } from './transfer-rules';

const CHECKING = '1000001234';
const SAVINGS = '1000005678';
const VISA = '1000009012';

const RISK: RiskPayload = {
  deviceId: 'device-123456',
  userAgent: 'Mozilla/5.0 Test',
  language: 'en-US',
  timeZone: 'UTC',
  screen: { width: 1920, height: 1080, colorDepth: 24 },
  webdriver: false,
};

const accounts = transferAccountOptions([CHECKING, SAVINGS, VISA]);

function context(overrides: Partial<TransferContext> = {}): TransferContext {
  return {
    accounts,
    balances: new Map([
      [CHECKING, 2_450_000],
      [SAVINGS, 1_875_032],
      [VISA, 124_567],
    ]),
    collectRiskData: () => RISK,
    ...overrides,
  };
}

const noRisk = () => {
  throw new Error('no signals');
};

describe('transferAccountOptions', () => {
  it('drops the last account (the rewards Visa) and labels Checking, then Savings', () => {
    expect(transferAccountOptions([CHECKING, SAVINGS, VISA])).toEqual([
      { id: CHECKING, label: 'Checking', displayName: 'Checking (\u20261234)' },
      { id: SAVINGS, label: 'Savings', displayName: 'Savings (\u20265678)' },
    ]);
    expect(transferAccountOptions(['a', 'b', 'c', 'd']).map((option) => option.label)).toEqual([
      'Checking',
      'Savings',
      'Savings',
    ]);
    expect(transferAccountOptions([])).toEqual([]);
  });
});

describe('validateTransferForm checks in the order of document 2 §5', () => {
  // Each row breaks its check and every later one: the earliest one must answer.
  const rows: [string, TransferForm, Partial<TransferContext>, string][] = [
    [
      'no accounts, bad amount, no risk',
      { fromAccountId: '', toAccountId: '', amount: 'x' },
      { collectRiskData: noRisk },
      messages.transfer.selectAccounts,
    ],
    [
      'no destination',
      { fromAccountId: CHECKING, toAccountId: '', amount: '-1' },
      {},
      messages.transfer.selectAccounts,
    ],
    [
      'the rewards Visa is not offered',
      { fromAccountId: CHECKING, toAccountId: VISA, amount: '1' },
      {},
      messages.transfer.selectAccounts,
    ],
    [
      'the same account twice, zero amount',
      { fromAccountId: SAVINGS, toAccountId: SAVINGS, amount: '0' },
      { collectRiskData: noRisk },
      messages.transfer.differentAccounts,
    ],
    [
      'zero',
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '0.00' },
      { collectRiskData: noRisk },
      messages.transfer.invalidAmount,
    ],
    [
      'empty amount',
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '' },
      {},
      messages.transfer.invalidAmount,
    ],
    [
      'three decimals',
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '10.001' },
      {},
      messages.transfer.invalidAmount,
    ],
    [
      'negative',
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '-5' },
      {},
      messages.transfer.invalidAmount,
    ],
    [
      'an exponent',
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '1e3' },
      {},
      messages.transfer.invalidAmount,
    ],
    [
      'more than the checking balance, no risk',
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '24,500.01' },
      { collectRiskData: noRisk },
      messages.transfer.insufficientFunds('Checking', '24,500.00'),
    ],
    [
      'more than the savings balance',
      { fromAccountId: SAVINGS, toAccountId: CHECKING, amount: '18750.33' },
      {},
      messages.transfer.insufficientFunds('Savings', '18,750.32'),
    ],
    [
      'risk data not obtainable',
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '24500' },
      { collectRiskData: noRisk },
      messages.transfer.riskProfileUnavailable,
    ],
  ];

  it.each(rows)('%s → %s', (_case, form, overrides, message) => {
    const result = validateTransferForm(form, context(overrides));
    expect(result).toMatchObject({ ok: false, message });
  });

  it('leaves the funds check to the server while the balances are unknown', () => {
    const result = validateTransferForm(
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '99999' },
      context({ balances: null }),
    );
    expect(result.ok).toBe(true);
  });

  it.each([
    ['25.5', 2550, '25.50'],
    ['1,234.56', 123_456, '1234.56'],
    ['.01', 1, '0.01'],
    ['24500', 2_450_000, '24500.00'],
  ])('accepts %s as %i cents, sent as %s', (amount, amountCents, sent) => {
    const result = validateTransferForm(
      { fromAccountId: CHECKING, toAccountId: SAVINGS, amount },
      context(),
    );
    expect(result).toMatchObject({ ok: true, amountCents, amount: sent, riskData: RISK });
  });
});

describe('denialText', () => {
  const [checking, savings] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
  it.each([
    [
      'max_threshold',
      'Your transfer request has exceeded your maximum amount threshold: Checking (\u20261234) to Savings (\u20265678), $15,000.00',
    ],
    [
      'risk',
      'We found a risk associated with your transfer request: Checking (\u20261234) to Savings (\u20265678), $15,000.00',
    ],
    [
      'not_approved',
      'The transfer request was not approved between the following accounts: Checking (\u20261234) to Savings (\u20265678)',
    ],
    [
      'approval_unavailable',
      'The transfer request was not approved between the following accounts: Checking (\u20261234) to Savings (\u20265678)',
    ],
    [
      null,
      'The transfer request was not approved between the following accounts: Checking (\u20261234) to Savings (\u20265678)',
    ],
  ] as [TransferDenialCode | null, string][])('%s → %s', (code, text) => {
    expect(denialText(code, checking, savings, 1_500_000)).toBe(text);
  });
});

describe('amount input', () => {
  it('strips commas', () => {
    expect(stripCommas('1,234,567.89')).toBe('1234567.89');
  });

  it('keeps one submission for the same values, whatever the formatting', () => {
    const form = { fromAccountId: CHECKING, toAccountId: SAVINGS, amount: '1,000' };
    expect(submissionKey(form)).toBe(submissionKey({ ...form, amount: '1000.00' }));
    expect(submissionKey(form)).not.toBe(submissionKey({ ...form, amount: '1000.01' }));
  });
});
