import { eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_API_PATH, RETAIL_SHOP_COMPANY } from '@anybank/contracts';
import { accounts } from '../src/db/schema';
import { startBankingServer, userIdOf } from './banking-server';
import {
  callWithDpop,
  createConsent,
  janeAtConsentScreen,
  pushAuthorization,
  shopOf,
  type Shop,
} from './pay-by-bank';
import { SignInDriver, type Server } from './sign-in-driver';
import { TestPhone } from './test-phone';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';

// Issue 16 §2: above the customer's approval threshold, confirming a payment asks their phone
// (CIBA) first, as a transfer does. One database (API_DATABASES): the hand-shake over HTTP.
describe.each(API_DATABASES)('a payment above the approval threshold, on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let shop: Shop;
  let phone: TestPhone;
  let merchant: string;
  let janeChecking: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    shop = await shopOf(test, origin);
    merchant = RETAIL_SHOP_COMPANY.accountId;
    const janeId = await userIdOf(test, 'jane.doe');
    const [checking] = await test.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`${accounts.ownerId} = ${janeId} and ${accounts.kind} = 'checking'`);
    janeChecking = checking?.id ?? '';
    phone = new TestPhone(origin);
    await phone.activate('jane.doe', 'jane.doe@example.com', new SignInDriver(origin));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const balance = async (id: string) => {
    const [row] = await test.handle.db
      .select({ balance: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, id));
    return Number(row?.balance);
  };

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
    const tokens = await oidc.authorizationCodeGrant(
      shop.config,
      callback,
      pending.checks,
      undefined,
      {
        DPoP: shop.dpop,
      },
    );
    const paid = await callWithDpop(shop, tokens.access_token, 'POST', PAYMENTS_API_PATH, {
      consentId: consent.consentId,
      amountCents: 150_000,
      currency: 'USD',
      payeeAccountId: merchant,
    });
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
