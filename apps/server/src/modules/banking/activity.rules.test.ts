import { describe, expect, it } from 'vitest';
import {
  activityCsv,
  csvField,
  entryDirection,
  entryFilterOf,
  obTransactionOf,
  pageCount,
  pageLinks,
  paymentStateOf,
} from './activity.rules';

const NOW = new Date('2025-06-01T12:00:00Z');
const MINUTE = 60 * 1000;

describe('how an entry reads to its customer', () => {
  it.each([
    ['checking', 2550, 'credit'],
    ['checking', -2550, 'debit'],
    ['savings', 1, 'credit'],
    // The card keeps what is owed: a purchase raises it, a payment lowers it.
    ['rewards-visa', 4500, 'debit'],
    ['rewards-visa', -4500, 'credit'],
  ] as const)('a %s entry of %i is a %s', (kind, amount, direction) => {
    expect(entryDirection(kind, amount)).toBe(direction);
  });
});

describe('Payment Activity’s state of a transfer', () => {
  const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * MINUTE);
  it.each([
    ['confirmed', null, null, 1, 'confirmed'],
    ['confirmed', null, 'phone', 1, 'approved'],
    ['confirmed', null, 'code', 1, 'approved'],
    ['pending_approval', null, 'phone', 1, 'waiting_for_phone'],
    ['pending_approval', null, 'code', 1, 'waiting_for_code'],
    // Past the pending lifetime (10 minutes): its request or code is gone.
    ['pending_approval', null, 'phone', 10, 'expired'],
    ['not_approved', 'declined', 'phone', 1, 'declined'],
    ['not_approved', 'expired', 'phone', 1, 'expired'],
    ['not_approved', 'code_failed', 'code', 1, 'expired'],
    ['not_approved', 'cancelled', 'code', 1, 'cancelled'],
    ['not_approved', 'approval_unavailable', null, 1, 'not_approved'],
    ['denied', 'max_threshold', null, 1, 'denied_by_limit'],
    ['denied', 'risk', null, 1, 'denied_as_automated'],
    ['denied', 'insufficient_funds', 'phone', 1, 'insufficient_funds'],
  ] as const)('%s (%s, by %s, %i min old) is %s', (status, reason, method, age, state) => {
    expect(
      paymentStateOf({ status, reason, approvalMethod: method, createdAt: at(age) }, NOW),
    ).toBe(state);
  });
});

describe('the activity CSV', () => {
  const entry = {
    id: '7',
    accountId: '1234567890',
    bookedAt: '2025-05-02T10:00:00.000Z',
    category: 'groceries',
    amountCents: -2550,
    direction: 'debit' as const,
    balanceAfterCents: 100_000,
    transferId: null,
  };

  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('writes a header and one CRLF line per entry, money out negative', () => {
    expect(activityCsv([{ ...entry, description: "Trader Joe's, Springfield" }])).toBe(
      'Date,Description,Category,Amount,Balance,Currency\r\n' +
        `2025-05-02,"Trader Joe's, Springfield",Groceries,-25.50,1000.00,USD\r\n`,
    );
  });

  it('keeps a description that a spreadsheet would run as a formula inert', () => {
    for (const text of ['=1+1', '+1', '-cmd', '@SUM(A1)']) {
      const [, line] = activityCsv([{ ...entry, description: text }]).split('\r\n');
      expect(line?.split(',')[1]).toBe(`'${text}`);
    }
  });
});

describe('filters and pages', () => {
  it('escapes LIKE’s wildcards in the text filter and reads amounts as cents', () => {
    expect(entryFilterOf({ q: ' 50%_off\\ ', min: '10', max: '25.5' })).toEqual({
      from: null,
      to: null,
      pattern: '%50\\%\\_off\\\\%',
      minCents: 1000,
      maxCents: 2550,
    });
    expect(entryFilterOf({ q: '   ' }).pattern).toBeNull();
  });

  it('counts at least one page, and links First, Last and the pages beside this one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
    const url = (page: number) => `https://bank/x?page=${page}`;
    expect(pageLinks(url, 1, 1)).toEqual({ Self: url(1), First: url(1), Last: url(1) });
    expect(pageLinks(url, 2, 3)).toEqual({
      Self: url(2),
      First: url(1),
      Prev: url(1),
      Next: url(3),
      Last: url(3),
    });
  });
});

describe('an entry as OBTransaction6', () => {
  it('writes unsigned amounts beside their indicators, the card’s balance owed as a Debit', () => {
    const transaction = obTransactionOf(
      { id: '1234567890', kind: 'rewards-visa' },
      {
        id: '9',
        accountId: '1234567890',
        bookedAt: '2025-05-02T10:00:00.000Z',
        description: 'Chipotle',
        category: 'dining',
        amountCents: 1250,
        direction: 'debit',
        balanceAfterCents: 5000,
        transferId: null,
      },
    );
    expect(transaction).toMatchObject({
      TransactionId: '9',
      CreditDebitIndicator: 'Debit',
      Amount: { Amount: '12.50', Currency: 'USD' },
      Balance: { CreditDebitIndicator: 'Debit', Amount: { Amount: '50.00' } },
      ProprietaryBankTransactionCode: { Code: 'dining', Issuer: 'AnyBank' },
    });
    expect(transaction).not.toHaveProperty('TransactionReference');
  });

  it('names the transfer or payment of an entry as its TransactionReference', () => {
    const paymentId = '5f0c1e2d-3a4b-4c5d-8e6f-708192a3b4c5';
    const transaction = obTransactionOf(
      { id: '1234567890', kind: 'checking' },
      {
        id: '10',
        accountId: '1234567890',
        bookedAt: '2025-05-02T10:00:00.000Z',
        description: 'Payment from Jane Doe · ORDER-1234',
        category: 'income',
        amountCents: 4210,
        direction: 'credit',
        balanceAfterCents: 4210,
        transferId: paymentId,
      },
    );
    expect(transaction).toMatchObject({
      TransactionReference: paymentId,
      CreditDebitIndicator: 'Credit',
      Amount: { Amount: '42.10', Currency: 'USD' },
    });
  });
});
