import { describe, expect, it } from 'vitest';
import { payByBankMessages } from '@anybank/contracts';
import { cartTotalCents, orderReference, problemOfAuthorizationError } from './retail-shop.rules';

describe('the retail shop’s rules', () => {
  it('totals the demo cart at $42.10 from the shop’s own prices', () => {
    expect(cartTotalCents({ items: ['trail-running-shoes', 'merino-socks'] })).toBe(4210);
    expect(cartTotalCents({ items: ['merino-socks', 'merino-socks'] })).toBe(1220);
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
