import { eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAUTH_PATHS,
  PAYMENTS_API_PATH,
  PAYMENT_CONSENTS_API_PATH,
  RETAIL_CALLBACK_PATH,
  RETAIL_SHOP_CLIENT_ID,
  TRANSFERS_API_PATH,
  apiErrorMessage,
  type PaymentConsent,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import { paymentConsents } from '../src/db/schema';
import { runningTotalCents } from '../src/modules/banking';
import { apiClient, customerToken, transferRequest, userIdOf } from './banking-server';
import {
  accountOf,
  balancesOf,
  callWithDpop,
  createConsent,
  customerAtConsentScreen,
  janeAtConsentScreen,
  janeAuthorisedPayment,
  payAsConsented,
  pushAuthorization,
  shopToken,
  startPayByBankServer,
  type Shop,
} from './pay-by-bank';
import { refusal } from './relying-party';
import { API_DATABASES, type TestDatabase } from './test-database';

const EMILY = { username: 'emily.chen', email: 'emily.chen@example.com' };

// Pay by bank (ADR 0023): the shop's FAPI 2.0 flow, driven by openid-client, against a real server.
describe.each(API_DATABASES)('pay by bank on %s', (kind) => {
  const merchant = RETAIL_SHOP_COMPANY.accountId;
  let test: TestDatabase;
  let origin: string;
  let shop: Shop;
  let janeChecking: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ test, origin, shop, janeChecking, stop } = await startPayByBankServer(kind));
  });
  afterAll(() => stop());

  const balances = () => balancesOf(test, janeChecking, merchant);

  /** A consent jane authorised from her checking; answers it and the shop's DPoP-bound token. */
  const authorisedPayment = () => janeAuthorisedPayment(shop, janeChecking);

  const pay = (token: string, consent: PaymentConsent, changes: Record<string, unknown> = {}) =>
    payAsConsented(shop, token, consent, changes);

  it('openid-client completes the shop’s flow: consent, PAR with PKCE, private_key_jwt, DPoP-bound tokens, and the payment moves $42.10 once', async () => {
    const before = await balances();
    const { consent, tokens, screen } = await authorisedPayment();
    expect(screen).toMatchObject({
      appName: 'Retail Shop',
      payeeName: 'Retail Shop Ltd',
      amountCents: 4210,
      reference: 'ORDER-1234',
    });
    expect(screen.accounts.map((account) => account.kind)).toEqual(['checking', 'savings']);
    expect(tokens.token_type.toLowerCase()).toBe('dpop');
    expect(tokens.authorization_details).toEqual([
      { type: 'domestic_payment', consent_id: consent.consentId },
    ]);

    const paid = await pay(tokens.access_token, consent);
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({
      consentId: consent.consentId,
      status: 'AcceptedSettlementCompleted',
      amountCents: 4210,
    });
    expect(await balances()).toEqual([before[0] - 4210, before[1] + 4210]);

    const again = await pay(tokens.access_token, consent);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'payment_consent_consumed' });
    expect(await balances()).toEqual([before[0] - 4210, before[1] + 4210]);
    const read = await callWithDpop(
      shop,
      await shopToken(shop),
      'GET',
      `${PAYMENT_CONSENTS_API_PATH}/${consent.consentId}`,
    );
    expect(await read.json()).toMatchObject({ status: 'Consumed' });
  });

  it('refuses a payment larger than the consented amount, or to another payee, and moves nothing', async () => {
    const { consent, tokens } = await authorisedPayment();
    const before = await balances();
    const larger = await pay(tokens.access_token, consent, { amountCents: 4211 });
    expect(larger.status).toBe(422);
    expect(await larger.json()).toMatchObject({ code: 'payment_not_as_consented' });
    const elsewhere = await pay(tokens.access_token, consent, { payeeAccountId: janeChecking });
    expect(elsewhere.status).toBe(422);
    expect(await balances()).toEqual(before);
    // The right payment still goes through once.
    expect((await pay(tokens.access_token, consent)).status).toBe(201);
  });

  it('refuses a consent ten minutes old: its authorization request and any payment naming it, moving nothing', async () => {
    const consent = await createConsent(shop, merchant, 4210);
    await test.handle.db
      .update(paymentConsents)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(paymentConsents.id, consent.consentId));
    const error = await refusal(pushAuthorization(shop, consent.consentId));
    expect(error.error).toBe('invalid_authorization_details');

    const other = await authorisedPayment();
    const before = await balances();
    const late = await pay(other.tokens.access_token, consent);
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ code: 'payment_token_not_for_consent' });
    expect(await balances()).toEqual(before);
  });

  it('refuses the payment call with the shop’s access token but without a valid DPoP proof', async () => {
    const { consent, tokens } = await authorisedPayment();
    const body = JSON.stringify({
      consentId: consent.consentId,
      amountCents: 4210,
      currency: 'USD',
      payeeAccountId: merchant,
    });
    const post = (headers: Record<string, string>) =>
      fetch(new URL(PAYMENTS_API_PATH, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const asBearer = await post({ authorization: `Bearer ${tokens.access_token}` });
    expect(asBearer.status).toBe(401);
    expect(await asBearer.json()).toMatchObject({ code: 'dpop_proof_required' });
    const noProof = await post({ authorization: `DPoP ${tokens.access_token}` });
    expect(noProof.status).toBe(401);
    const otherKey = oidc.getDPoPHandle(shop.config, await oidc.randomDPoPKeyPair('ES256'));
    const wrongKey = await oidc.fetchProtectedResource(
      shop.config,
      tokens.access_token,
      new URL(PAYMENTS_API_PATH, origin),
      'POST',
      body,
      new Headers({ 'content-type': 'application/json' }),
      { DPoP: otherKey },
    );
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ code: 'dpop_proof_invalid' });
    const before = await balances();
    expect(before).toEqual(await balances());
    expect((await pay(tokens.access_token, consent)).status).toBe(201);
  });

  it('refuses an authorization request for the shop not sent by PAR', async () => {
    const consent = await createConsent(shop, merchant, 4210);
    const params = new URLSearchParams({
      client_id: RETAIL_SHOP_CLIENT_ID,
      redirect_uri: `${origin}${RETAIL_CALLBACK_PATH}`,
      response_type: 'code',
      scope: 'openid payments',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      authorization_details: JSON.stringify([
        { type: 'domestic_payment', consent_id: consent.consentId },
      ]),
    });
    const answer = await fetch(new URL(`${OAUTH_PATHS.authorization}?${params}`, origin), {
      redirect: 'manual',
    });
    const location = answer.headers.get('location') ?? '';
    expect(location).not.toContain('flowId');
    expect(`${location} ${await answer.text()}`).toMatch(/invalid_request|Pushed Authorization/);
  });

  it('a deny on the consent screen returns to the shop with access_denied and moves nothing', async () => {
    const consent = await createConsent(shop, merchant, 4210);
    const pending = await pushAuthorization(shop, consent.consentId);
    const atScreen = await janeAtConsentScreen(origin, pending.url);
    const before = await balances();
    const callback = await atScreen.answer({ decision: 'deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(await balances()).toEqual(before);
    const [row] = await test.handle.db
      .select({ status: paymentConsents.status })
      .from(paymentConsents)
      .where(eq(paymentConsents.id, consent.consentId));
    expect(row?.status).toBe('Rejected');
  });

  it('refuses a consent already authorised to any authorization request after it: pushed again, or pushed before and opened by another customer, it is shown to no one', async () => {
    const consent = await createConsent(shop, merchant, 4210);
    const janes = await pushAuthorization(shop, consent.consentId);
    // Pushed while the consent still awaited: emily is sent to the same consent, and reaches its
    // screen (the shop chose whom to send), and a third request is pushed too.
    const emilys = await pushAuthorization(shop, consent.consentId);
    const emilyAtScreen = await customerAtConsentScreen(origin, emilys.url, EMILY);
    expect(emilyAtScreen.status).toBe(200);
    const later = await pushAuthorization(shop, consent.consentId);

    const janeAtScreen = await janeAtConsentScreen(origin, janes.url);
    await janeAtScreen.answer({ decision: 'allow', accountId: janeChecking });
    const [row] = await test.handle.db
      .select({ status: paymentConsents.status, userId: paymentConsents.userId })
      .from(paymentConsents)
      .where(eq(paymentConsents.id, consent.consentId));
    expect(row).toEqual({ status: 'Authorised', userId: await userIdOf(test, 'jane.doe') });

    // Once authorised: emily's open screen no longer shows it.
    expect(await emilyAtScreen.readScreen()).toMatchObject({
      status: 404,
      body: { code: 'consent_request_not_found' },
    });
    // Pushed again: refused, in the bank's words.
    const pushedAgain = await refusal(pushAuthorization(shop, consent.consentId));
    expect(pushedAgain).toMatchObject({
      error: 'invalid_authorization_details',
      error_description: apiErrorMessage('payment_consent_authorised'),
    });
    // The request pushed before it, opened now by another customer's browser: back to the shop
    // with the refusal, before any sign-in.
    const opened = await fetch(new URL(later.url.pathname + later.url.search, origin), {
      redirect: 'manual',
    });
    const back = new URL(opened.headers.get('location') ?? '', origin);
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}${RETAIL_CALLBACK_PATH}`);
    expect(back.searchParams.get('error')).toBe('invalid_authorization_details');
    const [after] = await test.handle.db
      .select({ status: paymentConsents.status, userId: paymentConsents.userId })
      .from(paymentConsents)
      .where(eq(paymentConsents.id, consent.consentId));
    expect(after).toEqual(row);
  });

  it('lets the shop ask for payments into its own company’s account only: the bank fixes the payee from its registration', async () => {
    const token = await shopToken(shop);
    const before = await test.handle.db.select({ id: paymentConsents.id }).from(paymentConsents);
    for (const payeeAccountId of [janeChecking, '0000000000']) {
      const answer = await callWithDpop(shop, token, 'POST', PAYMENT_CONSENTS_API_PATH, {
        amountCents: 4210,
        currency: 'USD',
        payeeAccountId,
        reference: 'ORDER-1234',
      });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({
        code: 'payment_payee_not_registered',
        message: apiErrorMessage('payment_payee_not_registered'),
      });
    }
    expect(await test.handle.db.select({ id: paymentConsents.id }).from(paymentConsents)).toEqual(
      before,
    );
    // Its own account: the consent names the organisation, by its account and its name.
    const consent = await createConsent(shop, merchant, 4210);
    expect(consent.payee).toEqual({
      accountId: RETAIL_SHOP_COMPANY.accountId,
      name: 'Retail Shop Ltd',
    });
  });

  // Last: the transfer it makes counts toward jane's running total for the rest of the file.
  it('counts the day’s transfers as a transfer would: a payment that takes jane’s 24-hour total above her approval threshold needs a second factor, and without it moves nothing', async () => {
    const token = await customerToken(origin, 'jane.doe');
    const janeId = await userIdOf(test, 'jane.doe');
    const savings = await accountOf(test, 'jane.doe', 'savings');
    // To her savings, what leaves $10 below her $1,000 approval threshold (this file's earlier
    // payments count already): it moves at once, and the $42.10 payment would cross it.
    const roomCents = 100_000 - (await runningTotalCents(test.handle.db, janeId)) - 1_000;
    expect(roomCents).toBeGreaterThan(0);
    const moved = await apiClient(origin, token)(
      TRANSFERS_API_PATH,
      transferRequest(janeChecking, savings, (roomCents / 100).toFixed(2)),
    );
    expect(moved.status).toBe(204);

    const consent = await createConsent(shop, merchant, 4210);
    const pending = await pushAuthorization(shop, consent.consentId);
    const atScreen = await janeAtConsentScreen(origin, pending.url);
    expect(atScreen.screen.amountCents).toBe(4210);
    const before = await balances();
    const confirmed = await atScreen.decide({ decision: 'allow', accountId: janeChecking });
    // Without a phone app, the code e-mailed to her (pay-by-bank-code.api.test.ts enters it).
    expect(atScreen.screen.needsCode).toBe(true);
    expect(confirmed.status).toBe(202);
    expect(await confirmed.json()).toMatchObject({ code: 'confirmation_required' });
    expect(await balances()).toEqual(before);
  });
});
