import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCentsWithSeparators,
  messages,
  parseAmountToCents,
  type RiskPayload,
} from '@anybank/contracts';
import {
  balancesOf,
  balancesResponseOf,
  creditDebitIndicator,
  decideTransfer,
  moveCeilingCents,
  secondFactorOf,
  isSameTransfer,
  menuOptionsFor,
  transferAccountsOf,
  validateTransfer,
  type AccountView,
  type TransferInput,
} from './banking.rules';

const person: RiskPayload = {
  deviceId: 'device-0123456789',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  language: 'en-US',
  timeZone: 'America/New_York',
  screen: { width: 1440, height: 900, colorDepth: 24 },
  webdriver: false,
};

// Listed out of order on purpose: the rules order by position.
const janes: AccountView[] = [
  { id: 'visa', kind: 'rewards-visa', position: 2, balanceCents: 124_567 },
  { id: 'checking', kind: 'checking', position: 0, balanceCents: 2_450_000 },
  { id: 'savings', kind: 'savings', position: 1, balanceCents: 1_875_032 },
];

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

describe('what becomes of a valid transfer', () => {
  const bot = { ...person, webdriver: true };
  const headless = { ...person, userAgent: 'Mozilla/5.0 HeadlessChrome/131.0' };
  const defaults = { cibaThreshold: null, denyThreshold: null };
  const own = { cibaThreshold: 10, denyThreshold: 50 };

  // Amounts and running totals in cents; "above" is strict (document 2 §9).
  it.each([
    ['a person, small amount', 25_00, 0, person, defaults, null, 'move'],
    ['webdriver', 25_00, 0, bot, defaults, null, 'risk'],
    ['a headless user agent', 25_00, 0, headless, defaults, null, 'risk'],
    ['a bot above the deny threshold (risk first)', 20_000_00, 0, bot, defaults, 'push', 'risk'],
    [
      'exactly the default deny threshold, phone',
      10_000_00,
      0,
      person,
      defaults,
      'push',
      'approve',
    ],
    [
      'a cent above the default deny threshold',
      10_000_01,
      0,
      person,
      defaults,
      null,
      'max_threshold',
    ],
    [
      'above the deny threshold with a phone (deny first)',
      10_000_01,
      0,
      person,
      defaults,
      'push',
      'max_threshold',
    ],
    [
      'exactly the default CIBA threshold, no second factor',
      1_000_00,
      0,
      person,
      defaults,
      null,
      'move',
    ],
    ['a cent above the CIBA threshold, phone', 1_000_01, 0, person, defaults, 'push', 'approve'],
    [
      'a cent above the CIBA threshold, a code device',
      1_000_01,
      0,
      person,
      defaults,
      'code',
      'approve',
    ],
    [
      'above the CIBA threshold with no second factor at all',
      5_000_00,
      0,
      person,
      defaults,
      null,
      'approval_unavailable',
    ],
    ['the user’s own deny threshold', 50_01, 0, person, own, 'push', 'max_threshold'],
    ['the user’s own CIBA threshold', 10_01, 0, person, own, 'push', 'approve'],
    // The running total: what the last 24 hours already hold counts with this transfer.
    [
      'a second $1,000 after $1,000 (total $2,000 above $1,000)',
      1_000_00,
      1_000_00,
      person,
      defaults,
      'code',
      'approve',
    ],
    [
      '$1 after $999 (total exactly at the threshold)',
      1_00,
      999_00,
      person,
      defaults,
      null,
      'move',
    ],
    ['1 cent after $1,000 (total a cent above)', 1, 1_000_00, person, defaults, 'push', 'approve'],
    [
      '$1,000 after $9,000 (total exactly at the deny threshold)',
      1_000_00,
      9_000_00,
      person,
      defaults,
      'code',
      'approve',
    ],
    [
      '$1,000 after $9,500 (total above the deny threshold)',
      1_000_00,
      9_500_00,
      person,
      defaults,
      'code',
      'max_threshold',
    ],
    [
      '1 cent after $50 with the user’s own deny threshold',
      1,
      50_00,
      person,
      own,
      'push',
      'max_threshold',
    ],
  ] as const)(
    '%s → %s',
    (_case, amountCents, recentTotalCents, riskPayload, user, secondFactor, expected) => {
      const decision = decideTransfer({
        amountCents,
        recentTotalCents,
        riskPayload,
        user,
        secondFactor,
      });
      expect(decision.kind === 'deny' ? decision.reason : decision.kind).toBe(expected);
    },
  );

  it('asks the phone when there is one, else a code, else refuses', () => {
    const decide = (secondFactor: 'push' | 'code' | null) =>
      decideTransfer({
        amountCents: 2_000_00,
        recentTotalCents: 0,
        riskPayload: person,
        user: defaults,
        secondFactor,
      });
    expect(decide('push')).toEqual({ kind: 'approve', via: 'push' });
    expect(decide('code')).toEqual({ kind: 'approve', via: 'code' });
    expect(decide(null)).toEqual({ kind: 'deny', reason: 'approval_unavailable' });
    expect(secondFactorOf({ hasPushDevice: true, hasCodeDevice: true })).toBe('push');
    expect(secondFactorOf({ hasPushDevice: false, hasCodeDevice: true })).toBe('code');
    expect(secondFactorOf({ hasPushDevice: false, hasCodeDevice: false })).toBeNull();
  });

  it('gives the automation reasons of the sign-in risk rules', () => {
    expect(
      decideTransfer({
        amountCents: 1,
        recentTotalCents: 0,
        riskPayload: bot,
        user: defaults,
        secondFactor: null,
      }),
    ).toEqual({
      kind: 'deny',
      reason: 'risk',
      riskReasons: ['The browser reports that automation software controls it (webdriver).'],
    });
  });

  it.each([
    ['HeadlessChrome', 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0 Safari/537.36', true],
    ['Playwright', 'Playwright/1.65 (x64; debian 12)', true],
    ['puppeteer in any case', 'PUPPETEER', true],
    ['a desktop Chrome', person.userAgent, false],
    ['no header at all', null, false],
  ] as const)(
    'applies the automation rule to the request’s own User-Agent (%s) even when risk_data looks human',
    (_case, requestUserAgent, refused) => {
      const decision = decideTransfer({
        amountCents: 1,
        recentTotalCents: 0,
        riskPayload: person,
        requestUserAgent,
        user: defaults,
        secondFactor: null,
      });
      expect(decision.kind === 'deny' && decision.reason === 'risk').toBe(refused);
      if (decision.kind === 'deny' && decision.reason === 'risk') {
        expect(decision.riskReasons.join(' ')).toMatch(/request's own User-Agent/);
      }
    },
  );
});

describe('the running total a transfer may move on, for the statement that reads it', () => {
  const bot = { ...person, webdriver: true };
  const defaults = { cibaThreshold: null, denyThreshold: null };

  it.each([
    ['$25 under the default thresholds: $975 may already count', 25_00, person, defaults, 975_00],
    ['exactly the CIBA threshold: nothing may count', 1_000_00, person, defaults, 0],
    ['a cent above the CIBA threshold: never moves alone', 1_000_01, person, defaults, null],
    [
      'the lower of the two thresholds applies',
      1_00,
      person,
      { cibaThreshold: 50, denyThreshold: 20 },
      19_00,
    ],
    ['automation never moves', 1, bot, defaults, null],
  ] as const)('%s', (_case, amountCents, riskPayload, user, expected) => {
    expect(moveCeilingCents({ amountCents, riskPayload, user })).toBe(expected);
  });

  it('agrees with decideTransfer at every total around the ceiling, whatever the second factor', () => {
    const users = [
      defaults,
      { cibaThreshold: 10, denyThreshold: 50 },
      { cibaThreshold: 50, denyThreshold: 20 },
      { cibaThreshold: 1, denyThreshold: 2 },
    ];
    for (const user of users) {
      for (const amountCents of [1, 99, 10_00, 20_00, 1_000_00, 1_000_01]) {
        for (const riskPayload of [person, bot]) {
          const ceiling = moveCeilingCents({ amountCents, riskPayload, user });
          const around =
            ceiling === null ? [0, 1, 1_000_00] : [0, ceiling - 1, ceiling, ceiling + 1];
          for (const recentTotalCents of around.filter((total) => total >= 0)) {
            for (const secondFactor of ['push', 'code', null] as const) {
              const decision = decideTransfer({
                amountCents,
                recentTotalCents,
                riskPayload,
                user,
                secondFactor,
              });
              const moves = ceiling !== null && recentTotalCents <= ceiling;
              expect({
                user,
                amountCents,
                recentTotalCents,
                moves: decision.kind === 'move',
              }).toEqual({ user, amountCents, recentTotalCents, moves });
            }
          }
        }
      }
    }
  });

  it('never moves a request whose own User-Agent names automation', () => {
    expect(
      moveCeilingCents({
        amountCents: 1,
        riskPayload: person,
        requestUserAgent: 'Playwright/1.65 (x64; debian 12)',
        user: defaults,
      }),
    ).toBeNull();
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

describe('menu options', () => {
  it('gives a personal customer two titled entries and one without a title', () => {
    const menu = menuOptionsFor('personal');
    expect(Object.values(menu).filter((entry) => entry.title)).toEqual([
      { title: 'Accounts', url: '/banking' },
      { title: 'Transfer Money', url: '/banking/transfer-money' },
    ]);
    expect(Object.values(menu).filter((entry) => !entry.title)).toHaveLength(1);
  });

  it('gives a premier customer Premier Rewards and Wealth Planning besides', () => {
    const titles = Object.values(menuOptionsFor('premier')).map((entry) => entry.title);
    expect(titles.filter(Boolean)).toEqual([
      'Accounts',
      'Transfer Money',
      'Premier Rewards',
      'Wealth Planning',
    ]);
  });

  it('sends Premier Rewards to the premier rewards page, not the credit-card application', () => {
    expect(menuOptionsFor('premier').premierRewards).toEqual({
      title: 'Premier Rewards',
      url: '/banking/premier-rewards',
    });
  });
});
