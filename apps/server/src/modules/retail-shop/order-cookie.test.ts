import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOrderSeal, type ShopOrder } from './order-cookie';

const ORDER: ShopOrder = {
  orderId: randomUUID(),
  reference: 'ORDER-1234',
  amountCents: 4210,
  consentId: randomUUID(),
  payeeAccountId: '1234567890',
  status: 'awaiting_payment',
  state: 'state-value',
  codeVerifier: 'verifier-value',
  paymentId: null,
  problem: null,
  authorization: null,
};

describe('the shop’s sealed order cookie', () => {
  const seal = createOrderSeal(randomBytes(32).toString('base64url'));

  it('opens what it sealed, and nothing sealed under another key', () => {
    const sealed = seal.seal(ORDER);
    expect(seal.open(sealed)).toEqual(ORDER);
    expect(createOrderSeal(randomBytes(32).toString('base64url')).open(sealed)).toBeNull();
  });

  it('keeps a paid order’s access token and DPoP key, and refuses a key with more to it', () => {
    const paid: ShopOrder = {
      ...ORDER,
      status: 'paid',
      paymentId: randomUUID(),
      authorization: {
        accessToken: 'header.payload.signature',
        dpopKey: { kty: 'EC', crv: 'P-256', x: 'x-value', y: 'y-value', d: 'd-value' },
      },
    };
    expect(seal.open(seal.seal(paid))).toEqual(paid);
    const widened = {
      ...paid,
      authorization: { ...paid.authorization, dpopKey: { ...paid.authorization?.dpopKey, p: 'x' } },
    } as ShopOrder;
    expect(seal.open(seal.seal(widened))).toBeNull();
  });

  it('refuses a cookie with one bit changed anywhere', () => {
    const bytes = Buffer.from(seal.seal(ORDER), 'base64url');
    for (const at of [0, 12, 28, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = (changed[at] ?? 0) ^ 1;
      expect(seal.open(changed.toString('base64url'))).toBeNull();
    }
  });

  it('refuses a cookie cut short: part of its tag, or its tag without the order', () => {
    const bytes = Buffer.from(seal.seal(ORDER), 'base64url');
    for (const length of [0, 12, 16, 27, 28]) {
      expect(seal.open(bytes.subarray(0, length).toString('base64url'))).toBeNull();
    }
  });
});
