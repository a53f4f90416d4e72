import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RETAIL_ORDERS_API_PATH,
  RETAIL_ORDER_PARAM,
  RETAIL_SHOP_COMPANY,
  XSRF_HEADER,
  retailResubmissionPath,
  shopBankExchangesPath,
  shopBankExchangesSchema,
} from '@anybank/contracts';
import { ledgerEntries } from '../src/db/schema';
import { startBankingServer } from './banking-server';
import { BrowserSession } from './browser-session';
import { accountOf, checkoutToConsentScreen } from './pay-by-bank';
import type { Server } from './sign-in-driver';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';

// The Shop ⇄ Bank view's record (ADR 0023): what the shop's server sent the bank for one order
// and what the bank answered, in order, redacted, for the browser holding the order only.
describe.each(API_DATABASES)('the shop’s record of its calls to the bank on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let janeChecking: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    janeChecking = await accountOf(test, 'jane.doe', 'checking');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('lists a paid and retried order’s calls in order, the DPoP proof’s key the token’s, the two ledger rows as the bank wrote them, and no token', async () => {
    const { browser, atScreen } = await checkoutToConsentScreen(origin);
    const callback = await atScreen.answer({ decision: 'allow', accountId: janeChecking });
    const returned = await browser.fetch(callback.pathname + callback.search, {
      redirect: 'manual',
    });
    const orderId =
      new URL(returned.headers.get('location') ?? '', origin).searchParams.get(
        RETAIL_ORDER_PARAM,
      ) ?? '';
    // The receipt reads the order (the shop's Open Banking read), then the presenter retries.
    expect((await browser.fetch(`${RETAIL_ORDERS_API_PATH}/${orderId}`)).status).toBe(200);
    expect((await browser.fetch(`${RETAIL_ORDERS_API_PATH}/${orderId}`)).status).toBe(200);
    const again = await browser.fetch(retailResubmissionPath(orderId), {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    expect(again.status).toBe(200);

    const read = await browser.fetch(shopBankExchangesPath(orderId));
    expect(read.status).toBe(200);
    const text = await read.text();
    const view = shopBankExchangesSchema.parse(JSON.parse(text));
    expect(view.exchanges.map((exchange) => [exchange.step, exchange.response.status])).toEqual([
      ['client_credentials', 200],
      ['payment_consent', 201],
      ['pushed_authorization', 201],
      ['authorization', 303],
      ['code_exchange', 200],
      ['payment', 201],
      // Read once for the record, however often the receipt is shown.
      ['open_banking_token', 200],
      ['open_banking_read', 200],
      ['payment_again', 409],
    ]);
    const step = (name: string) => view.exchanges.find((exchange) => exchange.step === name);
    expect(step('client_credentials')?.request?.clientAssertion?.claims).toMatchObject({
      iss: 'retail-shop',
      sub: 'retail-shop',
    });
    expect(step('pushed_authorization')?.request?.body?.authorization_details).toEqual([
      { type: 'domestic_payment', consent_id: expect.any(String) },
    ]);
    const token = step('code_exchange')?.response.accessToken?.claims;
    expect(token?.cnf).toEqual({ jkt: step('payment')?.request?.dpopProof?.jkt });
    expect(step('payment_again')?.request?.dpopProof?.jkt).toBe(
      step('payment')?.request?.dpopProof?.jkt,
    );

    // The ledger's two rows of this payment, as the bank wrote them.
    const { paymentId } = step('payment')?.response.body as { paymentId: string };
    const rows = await test.handle.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.transferId} = ${paymentId}`)
      .orderBy(ledgerEntries.id);
    expect(
      view.ledgerEntries.map((entry) => [entry.side, entry.transactionId, entry.amountCents]),
    ).toEqual([
      ['debit', String(rows[0]?.id), -4210],
      ['credit', String(rows[1]?.id), 4210],
    ]);
    expect(view.ledgerEntries.map((entry) => entry.account)).toEqual([
      `…${janeChecking.slice(-4)}`,
      `…${RETAIL_SHOP_COMPANY.accountId.slice(-4)}`,
    ]);

    // No token, code or signature in what the shop kept: a JWS of three parts appears nowhere.
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
    expect(text).not.toContain(callback.searchParams.get('code') ?? 'no code');

    // Another browser (no order cookie) reads nothing of it.
    const stranger = await new BrowserSession(origin).fetch(shopBankExchangesPath(orderId));
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'retail_order_not_found' });
  });
});
