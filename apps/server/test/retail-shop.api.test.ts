import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTED_APPS_API_PATH,
  PAYMENT_ACTIVITY_API_PATH,
  connectedAppsResponseSchema,
  paymentActivityResponseSchema,
  RETAIL_CALLBACK_PATH,
  RETAIL_ORDERS_API_PATH,
  RETAIL_ORDER_PARAM,
  XSRF_HEADER,
  apiErrorMessage,
  payByBankMessages,
  retailOrderViewSchema,
  retailResubmissionPath,
  type RetailOrderView,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import { auditEvents, ledgerEntries } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer } from './banking-server';
import { BrowserSession } from './browser-session';
import { accountOf, balancesOf, checkoutToConsentScreen } from './pay-by-bank';
import type { Server } from './sign-in-driver';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';

// The retail shop's server side pays by bank as an outside party would, over the
// bank's public HTTP API; a shopper's browser drives it from the cart to "Paid".
describe.each(API_DATABASES)('the retail shop on %s', (kind) => {
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

  const balances = async () => balancesOf(test, janeChecking, RETAIL_SHOP_COMPANY.accountId);

  /** A shopper's checkout up to the bank's consent screen, in one browser. */
  const checkout = () => checkoutToConsentScreen(origin);

  /** The bank's answer arrives at the shop's callback; answers the order the shop's page shows. */
  async function returnToShop(browser: BrowserSession, callback: URL): Promise<RetailOrderView> {
    const returned = await browser.fetch(callback.pathname + callback.search, {
      redirect: 'manual',
    });
    expect(returned.status).toBe(303);
    // A browser keeps a cookie of up to 4096 bytes: the sealed order, token and key fit.
    const cookie = returned.headers.getSetCookie().find((line) => line.startsWith('retail_'));
    expect(cookie?.length).toBeLessThan(4096);
    const page = new URL(returned.headers.get('location') ?? '', origin);
    const orderId = page.searchParams.get(RETAIL_ORDER_PARAM) ?? '';
    return readOrder(browser, orderId);
  }

  async function readOrder(browser: BrowserSession, orderId: string): Promise<RetailOrderView> {
    const read = await browser.fetch(`${RETAIL_ORDERS_API_PATH}/${orderId}`);
    expect(read.status).toBe(200);
    return retailOrderViewSchema.parse(await read.json());
  }

  /** The presenter's "Try paying this order again", from a browser. */
  const submitAgain = (browser: BrowserSession, orderId: string, xsrf = true) =>
    browser.fetch(retailResubmissionPath(orderId), {
      method: 'POST',
      headers: xsrf ? { [XSRF_HEADER]: '1' } : {},
    });

  it('pays $42.10 from jane’s checking to the merchant once, and a return replayed pays nothing more', async () => {
    const before = await balances();
    const { browser, atScreen } = await checkout();
    expect(atScreen.screen).toMatchObject({
      appName: 'Retail Shop',
      payeeName: 'Retail Shop Ltd',
      amountCents: 4210,
    });
    expect(atScreen.screen.reference).toMatch(/^ORDER-\d{4}$/);
    const callback = await atScreen.answer({ decision: 'allow', accountId: janeChecking });
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin}${RETAIL_CALLBACK_PATH}`);

    const order = await returnToShop(browser, callback);
    expect(order).toMatchObject({ status: 'paid', amountCents: 4210, problem: null });
    expect(order.paymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balances()).toEqual([before[0] - 4210, before[1] + 4210]);
    // The shop's page shows the credit of this payment in its company's account at the bank,
    // as the bank's ledger booked it.
    const [credit] = await test.handle.db
      .select({ bookedAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.transferId} = ${order.paymentId} and ${ledgerEntries.amountCents} > 0`,
      );
    expect(order.merchantCredit).toEqual({
      status: 'received',
      amountCents: 4210,
      bookedAt: credit?.bookedAt.toISOString(),
    });
    const [completed] = await test.handle.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        sql`${auditEvents.type} = 'payment.completed' and ${auditEvents.details}->>'paymentId' = ${order.paymentId}`,
      );
    expect(completed).toBeDefined();

    // Payment Activity lists it (its id is the bank's payment id), confirmed.
    const asJane = apiClient(origin, await customerToken(origin, 'jane.doe'));
    const activity = paymentActivityResponseSchema.parse(
      await (await asJane(PAYMENT_ACTIVITY_API_PATH)).json(),
    );
    // The payee named as the consent screen named it, not by its last digits alone.
    expect(activity.items.find((item) => item.id === order.paymentId)).toMatchObject({
      amountCents: 4210,
      state: 'confirmed',
      to: {
        accountId: null,
        name: `${payByBankMessages.merchantName} (…${RETAIL_SHOP_COMPANY.accountId.slice(-4)})`,
      },
    });

    // Connected apps lists the shop with this payment's consent, used.
    const apps = await asJane(CONNECTED_APPS_API_PATH);
    const { apps: listed } = connectedAppsResponseSchema.parse(await apps.json());
    expect(listed.find((app) => app.clientId === 'retail-shop')?.payments).toContainEqual(
      expect.objectContaining({
        amountCents: 4210,
        payeeName: 'Retail Shop Ltd',
        reference: order.reference,
        status: 'Consumed',
      }),
    );

    // The browser's back button or a reload: the shop's order is paid; nothing moves again.
    expect(await returnToShop(browser, callback)).toEqual(order);
    expect(await balances()).toEqual([before[0] - 4210, before[1] + 4210]);
  });

  it('sends a paid order’s payment to the bank again on the presenter’s demand: AnyBank refuses the used consent in its words, and nothing moves', async () => {
    const { browser, atScreen } = await checkout();
    const callback = await atScreen.answer({ decision: 'allow', accountId: janeChecking });
    const order = await returnToShop(browser, callback);
    expect(order.status).toBe('paid');
    const paid = await balances();

    const again = await submitAgain(browser, order.orderId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      accepted: false,
      status: 409,
      code: 'payment_consent_consumed',
      message: apiErrorMessage('payment_consent_consumed'),
    });
    expect(await balances()).toEqual(paid);
    // The bank itself refused it, for this consent: the token and its key were the right ones
    // (another token is refused as not for the consent, another key as an invalid proof).
    const [completed] = await test.handle.db
      .select({ consentId: sql<string>`${auditEvents.details}->>'consentId'` })
      .from(auditEvents)
      .where(
        sql`${auditEvents.type} = 'payment.completed' and ${auditEvents.details}->>'paymentId' = ${order.paymentId}`,
      );
    const refusals = await test.handle.db
      .select({ code: sql<string>`${auditEvents.details}->>'code'` })
      .from(auditEvents)
      .where(
        sql`${auditEvents.type} = 'payment.refused' and ${auditEvents.details}->>'consentId' = ${completed?.consentId}`,
      );
    expect(refusals).toEqual([{ code: 'payment_consent_consumed' }]);
    // Its page still shows the one credit.
    expect(await readOrder(browser, order.orderId)).toEqual(order);

    // Only with the anti-forgery header, only in the browser holding the order.
    expect((await submitAgain(browser, order.orderId, false)).status).toBe(403);
    const stranger = await submitAgain(new BrowserSession(origin), order.orderId);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'retail_order_not_found' });
    expect(await balances()).toEqual(paid);
  });

  it('tells the shopper who cancels at the bank that nothing was paid, and moves nothing', async () => {
    const before = await balances();
    const { browser, atScreen } = await checkout();
    const callback = await atScreen.answer({ decision: 'deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const order = await returnToShop(browser, callback);
    expect(order).toMatchObject({
      status: 'refused',
      paymentId: null,
      problem: payByBankMessages.shopDenied,
      merchantCredit: null,
    });
    // Nothing was paid, so there is nothing to submit again.
    const again = await submitAgain(browser, order.orderId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'retail_order_not_paid' });
    expect(await balances()).toEqual(before);
  });

  it('ignores a forged answer at its callback: a cross-site request with an error or a code of its own leaves the shopper’s pending order as it was, and the bank’s answer still pays', async () => {
    const before = await balances();
    const { browser, atScreen } = await checkout();
    const started = browser.cookie('retail_shop_order');
    // Another site sends the shopper's browser to the callback (a link, an image, a form): the
    // order cookie comes along (SameSite=Lax lets a top-level GET carry it).
    for (const forged of [
      'error=access_denied',
      'error=server_error&state=guessed',
      'code=stolen-or-made-up&state=guessed',
      'code=stolen-or-made-up',
    ]) {
      const answered = await browser.fetch(`${RETAIL_CALLBACK_PATH}?${forged}`, {
        redirect: 'manual',
      });
      expect(answered.status).toBe(303);
      expect(answered.headers.get('location')).toBe('/retail');
      expect(answered.headers.getSetCookie()).toEqual([]);
      expect(browser.cookie('retail_shop_order')).toBe(started);
    }
    expect(await balances()).toEqual(before);

    const callback = await atScreen.answer({ decision: 'allow', accountId: janeChecking });
    const order = await returnToShop(browser, callback);
    expect(order).toMatchObject({ status: 'paid', amountCents: 4210, problem: null });
    expect(await balances()).toEqual([before[0] - 4210, before[1] + 4210]);
  });

  it('shows no order but this browser’s own, and a return without one pays nothing', async () => {
    const before = await balances();
    const { browser } = await checkout();
    const notOurs = await browser.fetch(`${RETAIL_ORDERS_API_PATH}/${crypto.randomUUID()}`);
    expect(notOurs.status).toBe(404);
    const stranger = new BrowserSession(origin);
    const returned = await stranger.fetch(`${RETAIL_CALLBACK_PATH}?code=abc&state=xyz`);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe('/retail');
    expect(await balances()).toEqual(before);
  });
});
