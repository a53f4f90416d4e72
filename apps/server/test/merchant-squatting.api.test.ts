import { desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  RETAIL_CALLBACK_PATH,
  RETAIL_ORDERS_API_PATH,
  RETAIL_ORDER_PARAM,
  RETAIL_SHOP_COMPANY,
  XSRF_HEADER,
  messages,
  orchestrationMessages,
  orchestrationPaths,
  retailOrderViewSchema,
  widgetTokenResponseSchema,
} from '@anybank/contracts';
import { accounts, outboxMessages, users } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { startBankingServer } from './banking-server';
import { accountOf, checkoutToConsentScreen } from './pay-by-bank';
import { SignInDriver, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './test-database';

const COMPANY = 'anybank-demo';

/**
 * The shop's merchant is an organisation the bank knows by id (contracts' organisations.ts),
 * made by the migration and again by a demo reset: the attack of an outsider who takes its
 * username — after the open demo reset emptied the directory, or on a fresh install before the
 * first checkout — gets them nothing, and every shopper's money reaches the real merchant.
 */
describe.each(DATABASE_KINDS)('the shop’s merchant cannot be squatted, on %s', (kind) => {
  let test: TestDatabase | null = null;
  let server: Server | null = null;
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.app.close();
    await test?.drop();
    server = null;
    test = null;
  });
  afterAll(async () => {
    await server?.app.close();
    await test?.drop();
  });

  /** A policy of the orchestration API started as its widget starts it: status and body. */
  async function orchestrationCall(
    origin: string,
    name: 'REGISTRATION' | 'USERNAME_RECOVERY',
    body: Record<string, unknown>,
  ) {
    const widget = await fetch(new URL(orchestrationPaths.widgetToken(COMPANY), origin), {
      method: 'POST',
      headers: { [XSRF_HEADER]: '1' },
    });
    const token = widgetTokenResponseSchema.parse(await widget.json()).access_token;
    const answer = await fetch(
      new URL(orchestrationPaths.policyStart(COMPANY, testConfig().policyIds[name]), origin),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      },
    );
    return {
      status: answer.status,
      body: (await answer.json()) as Record<string, unknown> & {
        details?: { field?: string; message: string }[];
      },
    };
  }

  /** The registration widget's first step, as an outsider posts it. */
  function register(origin: string, username: string, email: string) {
    return orchestrationCall(origin, 'REGISTRATION', {
      step: 'start',
      firstName: 'Retail Shop',
      lastName: 'Ltd',
      email,
      username,
      password: 'Open2Account!',
      hostname: 'localhost',
    });
  }

  /** Every account's balance but jane's, by account number. */
  async function otherBalances(db: TestDatabase, janeChecking: string) {
    const rows = await db.handle.db
      .select({ id: accounts.id, balance: accounts.balanceCents })
      .from(accounts)
      .where(ne(accounts.id, janeChecking));
    return new Map(rows.map((row) => [row.id, Number(row.balance)]));
  }

  /** The squat attempt, then jane pays $42.10 at the shop: where the money went. */
  async function squatThenPay(db: TestDatabase, origin: string) {
    // The organisation is there before anyone registers or shops.
    const [merchant] = await db.handle.db
      .select({ uid: users.uid, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, RETAIL_SHOP_COMPANY.id));
    expect(merchant).toEqual({ uid: RETAIL_SHOP_COMPANY.uid, passwordHash: null });

    // Its username, in any letter case, and a name of the bank's own: taken, as any username in
    // use is answered; nothing is created and no code is sent.
    for (const username of ['retail-shop-ltd', 'Retail-Shop-Ltd', 'anybank', 'support']) {
      const answer = await register(origin, username, `squatter.${kind}@example.net`);
      expect(answer.status).toBe(400);
      expect(answer.body.details).toEqual([
        { field: 'username', message: orchestrationMessages.usernameTaken },
      ]);
    }
    const squatters = await db.handle.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${`squatter.${kind}@example.net`}`);
    expect(squatters).toEqual([]);

    // Nor does any sign-in or recovery find the organisation, by its username or its address:
    // forgot password and username recovery send nothing to its address (which the demo's
    // outbox would show anyone).
    const recovery = new SignInDriver(origin);
    await recovery.authorize();
    await recovery.read();
    await recovery.post({ action: 'initiateAccountRecovery' });
    await recovery.post(
      { action: 'submitRecoveryUsername' },
      { username: RETAIL_SHOP_COMPANY.uid },
    );
    const usernameRecovery = await orchestrationCall(origin, 'USERNAME_RECOVERY', {
      hostname: 'localhost',
      mail: RETAIL_SHOP_COMPANY.email,
      encodedMail: Buffer.from(RETAIL_SHOP_COMPANY.email).toString('base64'),
    });
    expect(usernameRecovery).toEqual({
      status: 200,
      body: { success: false, message: messages.login.usernameRecoveryFailure },
    });
    const toMerchant = await db.handle.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, RETAIL_SHOP_COMPANY.email));
    expect(toMerchant).toEqual([]);

    const janeChecking = await accountOf(db, 'jane.doe', 'checking');
    const before = await otherBalances(db, janeChecking);
    const { browser, atScreen } = await checkoutToConsentScreen(origin);
    expect(atScreen.screen.payeeName).toBe('Retail Shop Ltd');
    const callback = await atScreen.answer({ decision: 'allow', accountId: janeChecking });
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin}${RETAIL_CALLBACK_PATH}`);
    const returned = await browser.fetch(callback.pathname + callback.search, {
      redirect: 'manual',
    });
    const page = new URL(returned.headers.get('location') ?? '', origin);
    const read = await browser.fetch(
      `${RETAIL_ORDERS_API_PATH}/${page.searchParams.get(RETAIL_ORDER_PARAM) ?? ''}`,
    );
    expect(retailOrderViewSchema.parse(await read.json())).toMatchObject({
      status: 'paid',
      merchantCredit: { status: 'received', amountCents: 4210 },
    });

    // The merchant's own account got the money; no other account changed.
    const after = await otherBalances(db, janeChecking);
    const changed = [...after].filter(([id, balance]) => before.get(id) !== balance);
    expect(changed).toEqual([
      [RETAIL_SHOP_COMPANY.accountId, (before.get(RETAIL_SHOP_COMPANY.accountId) ?? 0) + 4210],
    ]);
  }

  it('with the demo tools on: after the demo reset, registering the merchant’s username is refused, and the payment reaches the merchant', async () => {
    test = await createTestDatabase(kind, { seeded: true });
    const started = await startBankingServer(test);
    server = started.server;
    // The reset the scenario page's "Reset demo" runs (POST /api/dev/demo-reset): it empties the
    // directory, and makes the organisation again in the same transaction.
    await seedDemoData(test.handle.db, { reset: true });
    const [account] = await test.handle.db
      .select({ ownerId: accounts.ownerId, balance: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, RETAIL_SHOP_COMPANY.accountId));
    expect(account).toEqual({ ownerId: RETAIL_SHOP_COMPANY.id, balance: 0 });
    await squatThenPay(test, started.origin);
  });

  it('with DEMO_TOOLS=off: on a fresh install, registering the merchant’s username before the first checkout is refused, and the payment reaches the merchant', async () => {
    test = await createTestDatabase(kind, { seeded: true });
    const started = await startBankingServer(test, { env: { DEMO_TOOLS: 'off' } });
    server = started.server;
    // No outbox page without the demo tools: jane reads her sign-in code where the bank wrote
    // it for delivery, as she would read her mailbox.
    const db = test.handle.db;
    vi.spyOn(SignInDriver.prototype, 'latestCode').mockImplementation(async (recipient) => {
      const [message] = await db
        .select({ code: outboxMessages.code })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.sequence))
        .limit(1);
      if (!message?.code) throw new Error(`no code sent to ${recipient}`);
      return message.code;
    });
    await squatThenPay(test, started.origin);
  });
});
