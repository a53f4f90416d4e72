import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS_SCOPE,
  obTransactionsPath,
  obTransactionsResponseSchema,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import { apiClient, customerToken } from './banking-server';
import { findingsOf, validatorOf } from './json-schema';
import {
  callWithDpop,
  createConsent,
  janeAtConsentScreen,
  janeAuthorisedPayment,
  payAsConsented,
  shopToken,
  shopTokensAt,
  startPayByBankServer,
  type Shop,
} from './pay-by-bank';
import { API_DATABASES } from './test-database';

const obReadTransaction6 = validatorOf('ob-read-transaction6.schema.json');

// The shop's company is a business customer of the bank, and the shop's own client
// (registered as that company's) reads its accounts through the Open Banking API, as a bank's
// corporate API serves a merchant: with its own DPoP-bound token, its company's accounts only.
describe.each(API_DATABASES)('the shop’s company account at the bank, on %s', (kind) => {
  const merchant = RETAIL_SHOP_COMPANY.accountId;
  let origin: string;
  let shop: Shop;
  let janeChecking: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ origin, shop, janeChecking, stop } = await startPayByBankServer(kind));
  });
  afterAll(() => stop());

  /** jane pays $42.10 to the shop; answers the bank's payment id and her DPoP-bound token. */
  async function janePays(): Promise<{ paymentId: string; janesToken: string }> {
    const { consent, tokens } = await janeAuthorisedPayment(shop, janeChecking, 4210);
    const paid = await payAsConsented(shop, tokens.access_token, consent);
    expect(paid.status).toBe(201);
    const { paymentId } = (await paid.json()) as { paymentId: string };
    return { paymentId, janesToken: tokens.access_token };
  }

  it('reads its company’s account transactions with its own DPoP-bound token, the payment’s credit named by its payment id', async () => {
    const { paymentId } = await janePays();
    const token = await shopToken(shop, ACCOUNTS_SCOPE);
    const read = await callWithDpop(shop, token, 'GET', obTransactionsPath(merchant));
    expect(read.status).toBe(200);
    const body: unknown = await read.json();
    expect(findingsOf(obReadTransaction6, body)).toEqual([]);
    const { Data } = obTransactionsResponseSchema.parse(body);
    expect(Data.Transaction.filter((entry) => entry.TransactionReference === paymentId)).toEqual([
      expect.objectContaining({
        AccountId: merchant,
        CreditDebitIndicator: 'Credit',
        Amount: { Amount: '42.10', Currency: 'USD' },
        TransactionInformation: expect.stringMatching(/^Payment from Jane Doe · ORDER-1234$/),
      }),
    ]);
  });

  it('refuses it jane’s account as any foreign account (404), a bearer call (401), and a token without the accounts scope (403)', async () => {
    const { janesToken } = await janePays();
    const token = await shopToken(shop, ACCOUNTS_SCOPE);
    const asShop = (path: string, bearer = token) =>
      callWithDpop(shop, bearer, 'GET', path).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as unknown,
      }));

    // Exactly what another customer is answered for jane's account, and for no account at all.
    const asJohn = apiClient(origin, await customerToken(origin, 'john.smith'));
    const johnRefused = await asJohn(obTransactionsPath(janeChecking));
    const foreign = { status: johnRefused.status, body: (await johnRefused.json()) as unknown };
    expect(foreign).toEqual({
      status: 404,
      body: { code: 'account_not_found', message: 'There is no such account among yours.' },
    });
    expect(await asShop(obTransactionsPath(janeChecking))).toEqual(foreign);
    expect(await asShop(obTransactionsPath('0000000000'))).toEqual(foreign);

    // The same token as a bearer token proves nothing without its key: refused as the payment
    // API refuses it.
    const asBearer = await fetch(new URL(obTransactionsPath(merchant), origin), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.status).toBe(401);
    expect(await asBearer.json()).toMatchObject({ code: 'dpop_proof_required' });
    // A proof missing: 401 too.
    const noProof = await fetch(new URL(obTransactionsPath(merchant), origin), {
      headers: { authorization: `DPoP ${token}` },
    });
    expect(noProof.status).toBe(401);

    // The shop's payments token, and the token jane's authorization gave it, hold no `accounts`.
    const paymentsToken = await shopToken(shop);
    expect(await asShop(obTransactionsPath(merchant), paymentsToken)).toMatchObject({
      status: 403,
      body: { code: 'missing_scope' },
    });
    expect(await asShop(obTransactionsPath(merchant), janesToken)).toMatchObject({
      status: 403,
      body: { code: 'missing_scope' },
    });
    expect(await asShop(obTransactionsPath(janeChecking), janesToken)).toMatchObject({
      status: 403,
    });
  });

  it('grants the shop’s client the accounts scope only in its own token: a shopper’s authorization never carries it', async () => {
    const consent = await createConsent(shop, merchant, 4210);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = await oidc.buildAuthorizationUrlWithPAR(
      shop.config,
      {
        redirect_uri: `${origin}/retail/callback`,
        scope: `openid payments ${ACCOUNTS_SCOPE}`,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        authorization_details: JSON.stringify([
          { type: 'domestic_payment', consent_id: consent.consentId },
        ]),
      },
      { DPoP: shop.dpop },
    );
    const atScreen = await janeAtConsentScreen(origin, url);
    const callback = await atScreen.answer({ decision: 'allow', accountId: janeChecking });
    const tokens = await shopTokensAt(shop, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    expect(tokens.scope?.split(' ')).not.toContain(ACCOUNTS_SCOPE);
    const read = await callWithDpop(shop, tokens.access_token, 'GET', obTransactionsPath(merchant));
    expect(read.status).toBe(403);
  });
});
