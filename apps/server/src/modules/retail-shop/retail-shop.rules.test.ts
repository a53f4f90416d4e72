import { describe, expect, it } from 'vitest';
import {
  RETAIL_FREE_SHIPPING_FROM_CENTS,
  basisPointsOf,
  payByBankMessages,
  retailOrderSummary,
  type ObTransaction,
} from '@anybank/contracts';
import {
  cartTotalCents,
  centsOfObAmount,
  creditOfPayment,
  isAnswerToThisPayment,
  orderReference,
  problemOfAuthorizationError,
} from './retail-shop.rules';

describe('the retail shop’s rules', () => {
  it('totals the demo cart at $42.10 from the shop’s own prices, shipping and tax', () => {
    expect(cartTotalCents({ items: ['trail-running-shoes', 'merino-socks'] })).toBe(4210);
  });

  // Shipping is free from a $35.00 subtotal, $4.95 below; tax is 8% of the goods, half up.
  it.each([
    // items, subtotal, shipping, tax, total
    [['trail-running-shoes', 'merino-socks'], 3898, 0, 312, 4210],
    [['merino-socks'], 698, 495, 56, 1249],
    [['merino-socks', 'merino-socks'], 1396, 495, 112, 2003],
    [['trail-running-shoes'], 3200, 495, 256, 3951],
    [['trail-running-shoes', 'trail-running-shoes'], 6400, 0, 512, 6912],
  ] as const)('summarises %j', (items, subtotal, shipping, tax, total) => {
    const summary = retailOrderSummary({ items: [...items] });
    expect(summary).toMatchObject({
      subtotalCents: subtotal,
      shippingCents: shipping,
      taxCents: tax,
      totalCents: total,
    });
    expect(cartTotalCents({ items: [...items] })).toBe(total);
  });

  it('rounds tax half up at the cent and ships free from exactly $35.00', () => {
    expect(basisPointsOf(3898, 800)).toBe(312); // 311.84
    expect(basisPointsOf(1000, 25)).toBe(3); // 2.5 → 3
    expect(basisPointsOf(1000, 24)).toBe(2); // 2.4 → 2
    expect(basisPointsOf(0, 800)).toBe(0);
    expect(RETAIL_FREE_SHIPPING_FROM_CENTS).toBe(3500);
  });

  it('lists each product once with its quantity', () => {
    expect(
      retailOrderSummary({ items: ['merino-socks', 'trail-running-shoes', 'merino-socks'] }).lines,
    ).toEqual([
      {
        id: 'trail-running-shoes',
        item: 'Trail running shoes',
        quantity: 1,
        amountCents: 3200,
      },
      { id: 'merino-socks', item: 'Merino socks', quantity: 2, amountCents: 1396 },
    ]);
  });

  it('makes order references of four digits', () => {
    expect(orderReference(0)).toBe('ORDER-1000');
    expect(orderReference(0.99999)).toBe('ORDER-9999');
  });

  it('tells a shopper who cancelled at the bank that nothing was paid', () => {
    expect(problemOfAuthorizationError('access_denied')).toEqual({
      status: 'refused',
      problem: payByBankMessages.shopDenied,
    });
    expect(problemOfAuthorizationError('server_error').status).toBe('failed');
  });
});

describe('finding a payment’s credit in the shop’s account at the bank', () => {
  it.each([
    ['42.10', 4210],
    ['42.1', 4210],
    ['0.05', 5],
    ['1500', 150_000],
    ['42.10000', 4210],
  ])('reads the Open Banking amount %s as %i cents', (amount, cents) => {
    expect(centsOfObAmount(amount)).toBe(cents);
  });

  it.each(['42.105', '-42.10', '42,10', '', '4e3', '42.'])('reads no amount from %j', (amount) => {
    expect(centsOfObAmount(amount)).toBeNull();
  });

  const PAYMENT_ID = '5f0c1e2d-3a4b-4c5d-8e6f-708192a3b4c5';
  const entry = (changes: Partial<ObTransaction>): ObTransaction => ({
    AccountId: '1234567890',
    TransactionId: '77',
    TransactionReference: PAYMENT_ID,
    CreditDebitIndicator: 'Credit',
    Status: 'Booked',
    BookingDateTime: '2026-11-27T14:32:05.000Z',
    ValueDateTime: '2026-11-27T14:32:05.000Z',
    TransactionInformation: 'Payment from Jane Doe · ORDER-1234',
    Amount: { Amount: '42.10', Currency: 'USD' },
    ProprietaryBankTransactionCode: { Code: 'income', Issuer: 'AnyBank' },
    Balance: {
      CreditDebitIndicator: 'Credit',
      Type: 'InterimBooked',
      Amount: { Amount: '42.10', Currency: 'USD' },
    },
    ...changes,
  });

  it('takes the credit whose TransactionReference is the payment id, with the bank’s amount and time', () => {
    const others = [
      entry({ TransactionId: '78', TransactionReference: 'another-payment' }),
      entry({ TransactionId: '79', TransactionReference: undefined }),
    ];
    expect(creditOfPayment([...others, entry({})], PAYMENT_ID)).toEqual({
      amountCents: 4210,
      bookedAt: '2026-11-27T14:32:05.000Z',
    });
  });

  it('finds nothing for another payment with the same reference, or a debit naming the payment', () => {
    expect(
      creditOfPayment(
        [
          entry({ TransactionReference: 'another-payment' }),
          entry({ CreditDebitIndicator: 'Debit' }),
        ],
        PAYMENT_ID,
      ),
    ).toBeNull();
    expect(creditOfPayment([], PAYMENT_ID)).toBeNull();
  });

  const callback = (query: string) => new URL(`http://localhost:3000/retail/callback?${query}`);
  it.each([
    ['code=abc&state=kept-state&iss=x', true],
    ['error=access_denied&state=kept-state', true],
    // A forged request from elsewhere: no state, another one, or the right one twice or more.
    ['error=access_denied', false],
    ['code=abc&state=', false],
    ['error=server_error&state=guessed', false],
    ['code=abc&state=kept-state&state=kept-state', false],
    ['code=abc&state=kept-state-and-more', false],
  ])('takes the callback ?%s as the answer to this browser’s payment: %s', (query, own) => {
    expect(isAnswerToThisPayment('kept-state', callback(query))).toBe(own);
  });

  it('takes no answer as one to a payment with no state kept', () => {
    expect(isAnswerToThisPayment('', callback('code=abc&state='))).toBe(false);
  });
});
