import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETAIL_SHOP_COMPANY } from '@anybank/contracts';
import {
  balanceOf,
  createConsent,
  janeAtConsentScreen,
  payAsConsented,
  pushAuthorization,
  shopTokensAt,
  startPayByBankServer,
  type Shop,
} from './pay-by-bank';
import { SignInDriver } from './sign-in-driver';
import { TestPhone } from './test-phone';
import { API_DATABASES, type TestDatabase } from './test-database';

// Above the customer's approval threshold, confirming a payment asks their phone
// (CIBA) first, as a transfer does. One database (API_DATABASES): the hand-shake over HTTP.
describe.each(API_DATABASES)('a payment above the approval threshold, on %s', (kind) => {
  const merchant = RETAIL_SHOP_COMPANY.accountId;
  let test: TestDatabase;
  let origin: string;
  let shop: Shop;
  let phone: TestPhone;
  let janeChecking: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ test, origin, shop, janeChecking, stop } = await startPayByBankServer(kind));
    phone = new TestPhone(origin);
    await phone.activate('jane.doe', 'jane.doe@example.com', new SignInDriver(origin));
  });
  afterAll(() => stop());

  const balance = (id: string) => balanceOf(test, id);

  /** jane confirms $1,500.00 on the consent screen; answers the phone's request and the answer. */
  async function confirmWaitingForPhone() {
    const consent = await createConsent(shop, merchant, 150_000, 'ORDER-2000');
    const pending = await pushAuthorization(shop, consent.consentId);
    const atScreen = await janeAtConsentScreen(origin, pending.url);
    expect(atScreen.screen.needsPhoneApproval).toBe(true);
    const answered = atScreen.answer({ decision: 'allow', accountId: janeChecking });
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { requests } = await phone.pending();
      const request = requests.find((candidate) => candidate.kind === 'transfer');
      if (request) return { consent, pending, answered, request };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the phone never received the payment');
  }

  it('pays once the phone approves, showing the amount and accounts there', async () => {
    const before = await balance(janeChecking);
    const { consent, pending, answered, request } = await confirmWaitingForPhone();
    expect(request.context).toMatchObject({
      details: {
        Amount: '$1,500.00',
        'From account': `ending ${janeChecking.slice(-4)}`,
        'To account': `ending ${merchant.slice(-4)}`,
      },
    });
    expect((await phone.decide(request.id, 'approve')).status).toBe(204);
    const callback = await answered;
    const tokens = await shopTokensAt(shop, callback, pending.checks);
    const paid = await payAsConsented(shop, tokens.access_token, consent);
    expect(paid.status).toBe(201);
    expect(await balance(janeChecking)).toBe(before - 150_000);
  });

  it('returns access_denied to the shop when the phone denies, and moves nothing', async () => {
    const before = await balance(janeChecking);
    const { answered, request } = await confirmWaitingForPhone();
    expect((await phone.decide(request.id, 'deny')).status).toBe(204);
    const callback = await answered;
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(await balance(janeChecking)).toBe(before);
  });
});
