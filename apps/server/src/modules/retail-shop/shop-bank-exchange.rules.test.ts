import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { SHOP_BANK_REDACTED, type ShopBankExchange } from '@anybank/contracts';
import {
  authorizationAnswerOf,
  decodeJws,
  exchangeOf,
  jwkThumbprint,
  ledgerEntriesOf,
  type ExchangeContext,
  type RawExchange,
} from './shop-bank-exchange.rules';

const BANK = 'http://bank.test';
const first: ExchangeContext = { paymentId: null, again: false };

async function signed(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  const jws = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', ...header, ...(header.jwk ? { jwk } : {}) })
    .sign(privateKey);
  return { jws, jwk, signature: jws.split('.')[2] ?? '' };
}

function raw(overrides: Partial<RawExchange>): RawExchange {
  return {
    method: 'POST',
    url: `${BANK}/as/token.oauth2`,
    headers: {},
    body: null,
    status: 200,
    responseBody: '{}',
    at: new Date('2026-12-07T10:00:00Z'),
    ...overrides,
  };
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
  body: new URLSearchParams(fields).toString(),
});

describe('the Shop ⇄ Bank view’s record of an exchange', () => {
  it('computes a JWK thumbprint as RFC 7638 does (checked against jose)', async () => {
    const { jwk } = await signed({}, { jwk: true });
    expect(jwkThumbprint(jwk as Record<string, unknown>)).toBe(await calculateJwkThumbprint(jwk));
    expect(jwkThumbprint({ kty: 'EC', crv: 'P-256', x: 'a' })).toBeNull();
    expect(decodeJws('not.a')).toBeNull();
  });

  it('keeps a token request’s client assertion and DPoP proof decoded, never their signatures, and no token', async () => {
    const assertion = await signed({ iss: 'retail-shop', sub: 'retail-shop', aud: BANK });
    const proof = await signed(
      { htm: 'POST', htu: `${BANK}/as/token.oauth2` },
      { typ: 'dpop+jwt', jwk: true },
    );
    const accessToken = await signed({ cnf: { jkt: 'abc' }, scope: 'payments' });
    const idToken = await signed({ amr: ['pwd', 'otp'] });
    const exchange = exchangeOf(
      raw({
        ...form({
          grant_type: 'authorization_code',
          code: 'the-code',
          code_verifier: 'the-verifier',
          client_assertion: assertion.jws,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        }),
        headers: { ...form({}).headers, dpop: proof.jws },
        responseBody: JSON.stringify({
          access_token: accessToken.jws,
          id_token: idToken.jws,
          refresh_token: 'the-refresh',
          token_type: 'DPoP',
        }),
      }),
      first,
    );
    expect(exchange?.step).toBe('code_exchange');
    expect(exchange?.request?.clientAssertion?.claims).toMatchObject({ iss: 'retail-shop' });
    expect(exchange?.request?.dpopProof?.jkt).toBe(await calculateJwkThumbprint(proof.jwk));
    expect(exchange?.response.accessToken?.claims).toMatchObject({ cnf: { jkt: 'abc' } });
    expect(exchange?.response.idToken?.claims).toMatchObject({ amr: ['pwd', 'otp'] });
    const kept = JSON.stringify(exchange);
    for (const secret of [
      assertion.signature,
      proof.signature,
      accessToken.jws,
      accessToken.signature,
      idToken.signature,
      'the-code',
      'the-verifier',
      'the-refresh',
    ]) {
      expect(kept).not.toContain(secret);
    }
    expect(exchange?.request?.body).toMatchObject({ code: SHOP_BANK_REDACTED });
  });

  it('names each step by what was sent', async () => {
    const assertion = (await signed({})).jws;
    const step = (overrides: Partial<RawExchange>, context = first) =>
      exchangeOf(raw(overrides), context)?.step ?? null;
    expect(step(form({ grant_type: 'client_credentials', scope: 'payments' }))).toBe(
      'client_credentials',
    );
    expect(step(form({ grant_type: 'client_credentials', scope: 'accounts' }))).toBe(
      'open_banking_token',
    );
    const par = exchangeOf(
      raw({
        url: `${BANK}/as/par`,
        ...form({
          response_type: 'code',
          client_assertion: assertion,
          authorization_details: '[{"type":"domestic_payment","consent_id":"c1"}]',
        }),
      }),
      first,
    );
    expect(par?.step).toBe('pushed_authorization');
    expect(par?.request?.body?.authorization_details).toEqual([
      { type: 'domestic_payment', consent_id: 'c1' },
    ]);
    const payments = `${BANK}/api/open-banking/domestic-payments`;
    expect(step({ url: `${BANK}/api/open-banking/domestic-payment-consents` })).toBe(
      'payment_consent',
    );
    expect(step({ url: payments })).toBe('payment');
    expect(step({ url: payments }, { paymentId: 'p1', again: true })).toBe('payment_again');
    expect(step({ method: 'GET', url: `${BANK}/.well-known/openid-configuration` })).toBeNull();
  });

  it('keeps of the shop’s Open Banking read only this payment’s entries', () => {
    const entry = (reference: string, id: string) => ({
      AccountId: '9000005031',
      TransactionId: id,
      TransactionReference: reference,
      CreditDebitIndicator: 'Credit',
      BookingDateTime: '2026-12-07T10:00:01.000Z',
      Amount: { Amount: '42.10', Currency: 'USD' },
      TransactionInformation: 'Payment from someone',
    });
    const read = exchangeOf(
      raw({
        method: 'GET',
        url: `${BANK}/api/open-banking/accounts/9000005031/transactions?page=1`,
        responseBody: JSON.stringify({
          Data: { Transaction: [entry('p2', '11'), entry('p1', '12'), entry('p3', '13')] },
          Links: { Self: 'x' },
        }),
      }),
      { paymentId: 'p1', again: false },
    );
    expect(read?.step).toBe('open_banking_read');
    expect(read?.request?.url).toBe(`${BANK}/api/open-banking/accounts/9000005031/transactions`);
    expect(read?.response.body).toMatchObject({
      Data: { Transaction: [{ TransactionId: '12' }] },
      OtherTransactionsNotShown: 2,
    });

    const payment: ShopBankExchange = {
      step: 'payment',
      at: '2026-12-07T10:00:00.000Z',
      request: null,
      response: {
        status: 201,
        body: {
          paymentId: 'p1',
          debit: {
            transactionId: '10',
            accountSuffix: '1234',
            amountCents: -4210,
            bookedAt: '2026-12-07T10:00:00.500Z',
          },
        },
        accessToken: null,
        idToken: null,
      },
    };
    expect(ledgerEntriesOf([payment, read!], 'p1')).toEqual([
      {
        side: 'debit',
        transactionId: '10',
        account: '…1234',
        amountCents: -4210,
        bookedAt: '2026-12-07T10:00:00.500Z',
        source: 'payment',
      },
      {
        side: 'credit',
        transactionId: '12',
        account: '…5031',
        amountCents: 4210,
        bookedAt: '2026-12-07T10:00:01.000Z',
        source: 'open_banking_read',
      },
    ]);
    expect(ledgerEntriesOf([read!], 'another')).toEqual([]);
  });

  it('notes the shopper’s return without its code', () => {
    const answer = authorizationAnswerOf(
      new URL('http://shop.test/retail/callback?code=secret-code&state=s1&iss=http%3A%2F%2Fbank'),
      new Date('2026-12-07T10:00:00Z'),
    );
    expect(answer.response.body).toEqual({
      code: SHOP_BANK_REDACTED,
      state: 's1',
      iss: 'http://bank',
    });
  });
});
