import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCES_API_PATH,
  IDEMPOTENCY_KEY_HEADER,
  MENU_OPTIONS_API_PATH,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  balancesResponseSchema,
  menuOptionsResponseSchema,
  messages,
  transferDeniedResponseSchema,
  type RiskPayload,
  type TransferConfirmationRequired,
} from '@anybank/contracts';
import {
  accounts,
  auditEvents,
  ledgerEntries,
  mfaDevices,
  transfers,
  users,
} from '../src/db/schema';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { PERSON_RISK_PAYLOAD, SignInDriver, type Server } from './sign-in-driver';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

type Call = ReturnType<typeof apiClient>;

interface Customer {
  id: string;
  call: Call;
  checking: string;
  savings: string;
  visa: string;
}

describe.each(DATABASE_KINDS)('banking API on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let jane: Customer;
  let emily: Customer;

  async function customer(uid: string): Promise<Customer> {
    const id = await userIdOf(test, uid);
    const rows = await test.handle.db
      .select()
      .from(accounts)
      .where(eq(accounts.ownerId, id))
      .orderBy(accounts.position);
    const [checking, savings, visa] = rows.map((row) => row.id) as [string, string, string];
    return {
      id,
      call: apiClient(origin, await customerToken(origin, uid)),
      checking,
      savings,
      visa,
    };
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    jane = await customer('jane.doe');
    emily = await customer('emily.chen');
    // Jane's transfers here add up to more than the default $1,000 approval threshold (issue
    // 12 §3: the day's running total counts); the approval steps have their own tests.
    await test.handle.db.update(users).set({ cibaThreshold: 9_000 }).where(eq(users.id, jane.id));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function balancesOf(...ids: string[]): Promise<number[]> {
    const rows = await test.handle.db.select().from(accounts);
    return ids.map((id) => rows.find((row) => row.id === id)!.balanceCents);
  }

  async function transfersOf(userId: string) {
    return test.handle.db.select().from(transfers).where(eq(transfers.userId, userId));
  }

  async function auditCount(type: string, userId: string) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, type), eq(auditEvents.userId, userId)));
    return rows.length;
  }

  function transfer(
    who: Customer,
    attributes: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    return who.call(TRANSFERS_API_PATH, {
      method: 'POST',
      body: { data: { type: 'transfers', attributes } },
      headers,
    });
  }

  function janeToSavings(amount: unknown, riskData: unknown = PERSON_RISK_PAYLOAD) {
    return {
      from_account_id: jane.checking,
      to_account_id: jane.savings,
      amount,
      risk_data: riskData,
    };
  }

  it('answers the caller’s own balances in account order, in Open Banking’s shape', async () => {
    const response = await jane.call(BALANCES_API_PATH);
    expect(response.status).toBe(200);
    const body = balancesResponseSchema.parse(await response.json());
    expect(
      body.Data.Balance.map(({ AccountId, Amount, CreditDebitIndicator, Type }) => ({
        AccountId,
        Amount,
        CreditDebitIndicator,
        Type,
      })),
    ).toEqual([
      {
        AccountId: jane.checking,
        Amount: { Amount: '24500.00', Currency: 'USD' },
        CreditDebitIndicator: 'Credit',
        Type: 'InterimAvailable',
      },
      {
        AccountId: jane.savings,
        Amount: { Amount: '18750.32', Currency: 'USD' },
        CreditDebitIndicator: 'Credit',
        Type: 'InterimAvailable',
      },
      {
        AccountId: jane.visa,
        Amount: { Amount: '1245.67', Currency: 'USD' },
        CreditDebitIndicator: 'Debit',
        Type: 'InterimAvailable',
      },
    ]);
    expect(Number.isNaN(Date.parse(body.Data.Balance[0]!.DateTime))).toBe(false);
  });

  it('never answers another customer’s balances, whatever the query asks for', async () => {
    const response = await emily.call(
      `${BALANCES_API_PATH}?subject=jane.doe&AccountId=${jane.checking}&accts=${jane.savings}`,
    );
    expect(response.status).toBe(200);
    const ids = balancesResponseSchema
      .parse(await response.json())
      .Data.Balance.map((balance) => balance.AccountId);
    expect(ids).toEqual([emily.checking, emily.savings, emily.visa]);
  });

  it.each([BALANCES_API_PATH, MENU_OPTIONS_API_PATH])(
    'refuses %s without a token',
    async (path) => {
      expect((await fetch(new URL(path, origin))).status).toBe(401);
    },
  );

  it('refuses a transfer without a token', async () => {
    const response = await fetch(new URL(TRANSFERS_API_PATH, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { type: 'transfers', attributes: {} } }),
    });
    expect(response.status).toBe(401);
  });

  it('tells browsers and proxies to keep no copy of any banking answer (ASVS 8.1.1, 8.2.1)', async () => {
    const answers = [
      await jane.call(BALANCES_API_PATH),
      await jane.call(MENU_OPTIONS_API_PATH),
      await transfer(jane, janeToSavings('0')),
      await fetch(new URL(BALANCES_API_PATH, origin)),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 401]);
    expect(answers.map((answer) => answer.headers.get('cache-control'))).toEqual([
      'no-store',
      'no-store',
      'no-store',
      'no-store',
    ]);
  });

  it('refuses a signed-out customer’s token at once, for balances and transfers, moving nothing', async () => {
    const driver = new SignInDriver(origin);
    const landing = await driver.signInWithPasswordAndEmail(
      'michael.brown',
      'michael.brown@example.com',
    );
    const { access_token: token } = (await (
      await driver.token(landing.searchParams.get('code') ?? '')
    ).json()) as { access_token: string };
    const michael = await customer('michael.brown');
    const call = apiClient(origin, token);
    const move = (body: unknown) => call(TRANSFERS_API_PATH, { method: 'POST', body });
    const toSavings = {
      data: {
        type: 'transfers',
        attributes: {
          from_account_id: michael.checking,
          to_account_id: michael.savings,
          amount: '1.00',
          risk_data: PERSON_RISK_PAYLOAD,
        },
      },
    };
    // Used once while signed in: the server has verified (and may remember) its signature.
    expect((await call(BALANCES_API_PATH)).status).toBe(200);
    expect((await move(toSavings)).status).toBe(204);
    const before = await balancesOf(michael.checking, michael.savings);
    // His seeded history's transfers, and the one just made.
    const transfersBefore = await transfersOf(michael.id);

    expect(await driver.signOut(`${origin}/`)).toBe(`${origin}/`);
    const answers = [
      await call(BALANCES_API_PATH),
      await move(toSavings),
      // Even a request that is wrong in itself hears first that the session has ended.
      await move({ data: { type: 'payments' } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    for (const answer of answers) {
      expect(await answer.json()).toMatchObject({
        message: 'Your session has ended. Please sign in again.',
      });
    }
    expect(await balancesOf(michael.checking, michael.savings)).toEqual(before);
    expect(await transfersOf(michael.id)).toEqual(transfersBefore);
    // The other sign-in of the same customer is another grant: it still works.
    expect((await michael.call(BALANCES_API_PATH)).status).toBe(200);
  });

  describe('checks a transfer in the order of document 2 §5', () => {
    // Each row breaks its check and every later one: the earliest one answers.
    const rows: [string, () => Record<string, unknown>, number, string][] = [
      ['no accounts at all', () => ({ amount: 'x' }), 400, messages.transfer.selectAccounts],
      [
        'no destination',
        () => ({ from_account_id: jane.checking, to_account_id: '', amount: '-1' }),
        400,
        messages.transfer.selectAccounts,
      ],
      [
        'the same account twice',
        () => ({ from_account_id: jane.savings, to_account_id: jane.savings, amount: '0' }),
        400,
        messages.transfer.differentAccounts,
      ],
      [
        'a zero amount, another customer’s account',
        () => ({ from_account_id: emily.checking, to_account_id: jane.savings, amount: '0.00' }),
        400,
        messages.transfer.invalidAmount,
      ],
      [
        'three decimals',
        () => ({ ...janeToSavings('10.001', null) }),
        400,
        messages.transfer.invalidAmount,
      ],
      [
        'more than the checking balance',
        () => ({ ...janeToSavings('24,500.01', null) }),
        400,
        messages.transfer.insufficientFunds('Checking', '24,500.00'),
      ],
      [
        'more than the savings balance',
        () => ({
          from_account_id: jane.savings,
          to_account_id: jane.checking,
          amount: '18750.33',
        }),
        400,
        messages.transfer.insufficientFunds('Savings', '18,750.32'),
      ],
      [
        'no risk data',
        () => ({ ...janeToSavings('24,500.00', undefined), risk_data: undefined }),
        400,
        messages.transfer.riskProfileUnavailable,
      ],
      [
        'risk data that is not a profile',
        () => ({ ...janeToSavings('1.00', 'unavailable') }),
        400,
        messages.transfer.riskProfileUnavailable,
      ],
    ];

    it.each(rows)('%s → %i %s', async (_case, attributes, status, message) => {
      const before = await balancesOf(jane.checking, jane.savings);
      const response = await transfer(jane, attributes());
      expect(response.status).toBe(status);
      // Each row's own code (transfer_invalid, invalid_input, …), and its message word for word.
      expect(await response.json()).toEqual({ code: expect.any(String), message });
      expect(await balancesOf(jane.checking, jane.savings)).toEqual(before);
    });
  });

  it('moves exactly the amount, writes two ledger entries and answers 204 with the number', async () => {
    const before = await balancesOf(jane.checking, jane.savings);
    const response = await transfer(jane, janeToSavings('1,234.56'));
    expect(response.status).toBe(204);
    const number = Number(response.headers.get(TRANSFER_NUMBER_HEADER));
    expect(Number.isInteger(number) && number >= 0 && number < 100_000).toBe(true);
    expect(await balancesOf(jane.checking, jane.savings)).toEqual([
      before[0]! - 123_456,
      before[1]! + 123_456,
    ]);
    const [row] = (await transfersOf(jane.id)).filter((each) => each.referenceNumber === number);
    expect(row).toMatchObject({ status: 'confirmed', amountCents: 123_456 });
    const entries = await test.handle.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferId, row!.id))
      .orderBy(ledgerEntries.id);
    expect(entries).toMatchObject([
      { accountId: jane.checking, amountCents: -123_456, balanceAfterCents: before[0]! - 123_456 },
      { accountId: jane.savings, amountCents: 123_456, balanceAfterCents: before[1]! + 123_456 },
    ]);
  });

  it('denies a transfer above the deny threshold with max_threshold, moving nothing', async () => {
    const before = await balancesOf(jane.checking, jane.savings);
    const denied = await transfer(jane, janeToSavings('10,000.01'));
    expect(denied.status).toBe(403);
    const body = transferDeniedResponseSchema.parse(await denied.json());
    expect(body.code).toBe('max_threshold');
    expect(body.message).toContain('max_threshold');
    expect(denied.headers.get(TRANSFER_NUMBER_HEADER)).toMatch(/^\d{1,5}$/);
    expect(await balancesOf(jane.checking, jane.savings)).toEqual(before);
    expect(await auditCount('transfer.denied', jane.id)).toBe(1);
    expect((await transfersOf(jane.id)).filter((row) => row.status === 'denied')).toMatchObject([
      { reason: 'max_threshold', amountCents: 1_000_001 },
    ]);
  });

  it('follows the user’s own deny threshold in whole dollars, denying only above it', async () => {
    // A customer with no transfers yet today: the running total is this transfer alone.
    const james = await customer('james.taylor');
    await test.handle.db.update(users).set({ denyThreshold: 50 }).where(eq(users.id, james.id));
    const to = (amount: string) => ({
      from_account_id: james.checking,
      to_account_id: james.savings,
      amount,
      risk_data: PERSON_RISK_PAYLOAD,
    });
    try {
      expect((await transfer(james, to('50.01'))).status).toBe(403);
      expect((await transfer(james, to('50'))).status).toBe(204);
    } finally {
      await test.handle.db.update(users).set({ denyThreshold: null }).where(eq(users.id, james.id));
    }
  });

  it.each([
    ['webdriver', { ...PERSON_RISK_PAYLOAD, webdriver: true }],
    [
      'a headless user agent',
      { ...PERSON_RISK_PAYLOAD, userAgent: 'Mozilla/5.0 (X11) HeadlessChrome/156.0 Safari/537.36' },
    ],
  ] as [string, RiskPayload][])(
    'denies an automated request (%s) with risk and records a bot',
    async (_case, riskData) => {
      const before = await balancesOf(jane.checking, jane.savings);
      const bots = await auditCount('transfer.bot_detected', jane.id);
      const response = await transfer(jane, janeToSavings('5.00', riskData));
      expect(response.status).toBe(403);
      expect(transferDeniedResponseSchema.parse(await response.json()).code).toBe('risk');
      expect(await balancesOf(jane.checking, jane.savings)).toEqual(before);
      expect(await auditCount('transfer.bot_detected', jane.id)).toBe(bots + 1);
    },
  );

  it('answers 404 for another customer’s account on either side, as for none, moving nothing', async () => {
    const before = await balancesOf(jane.checking, jane.savings, emily.checking, emily.savings);
    const answers = await Promise.all(
      [
        { ...janeToSavings('1.00'), to_account_id: emily.checking },
        { ...janeToSavings('1.00'), from_account_id: emily.savings },
        { ...janeToSavings('1.00'), to_account_id: '9999999999' },
        { ...janeToSavings('1.00'), to_account_id: jane.visa },
      ].map(async (attributes) => {
        const response = await transfer(jane, attributes);
        return { status: response.status, body: await response.json() };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 404,
        body: { code: 'transfer_not_found', message: messages.transfer.unexpected },
      });
    }
    expect(await balancesOf(jane.checking, jane.savings, emily.checking, emily.savings)).toEqual(
      before,
    );
  });

  it('answers a retry with the same Idempotency-Key with the first result, moving money once', async () => {
    const before = await balancesOf(jane.checking, jane.savings);
    const key = { [IDEMPOTENCY_KEY_HEADER]: `retry-${kind}` };
    const first = await transfer(jane, janeToSavings('7.25'), key);
    const retry = await transfer(jane, janeToSavings('7.25'), key);
    expect([first.status, retry.status]).toEqual([204, 204]);
    expect(retry.headers.get(TRANSFER_NUMBER_HEADER)).toBe(
      first.headers.get(TRANSFER_NUMBER_HEADER),
    );
    expect(await balancesOf(jane.checking, jane.savings)).toEqual([
      before[0]! - 725,
      before[1]! + 725,
    ]);
    const other = await transfer(jane, janeToSavings('7.26'), key);
    expect(other.status).toBe(422);
  });

  it('moves money once for concurrent requests with the same Idempotency-Key', async () => {
    const before = await balancesOf(jane.checking, jane.savings);
    const key = { [IDEMPOTENCY_KEY_HEADER]: `concurrent-${kind}` };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => transfer(jane, janeToSavings('3.10'), key)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(204));
    expect(new Set(responses.map((r) => r.headers.get(TRANSFER_NUMBER_HEADER))).size).toBe(1);
    expect(await balancesOf(jane.checking, jane.savings)).toEqual([
      before[0]! - 310,
      before[1]! + 310,
    ]);
  });

  it('refuses an Idempotency-Key longer than 128 characters', async () => {
    const response = await transfer(jane, janeToSavings('1.00'), {
      [IDEMPOTENCY_KEY_HEADER]: 'k'.repeat(129),
    });
    expect(response.status).toBe(400);
  });

  it('refuses a body that is not a transfer', async () => {
    const response = await jane.call(TRANSFERS_API_PATH, {
      method: 'POST',
      body: { data: { type: 'payments', attributes: janeToSavings('1.00') } },
    });
    expect(response.status).toBe(400);
  });

  it('asks a code, not the phone, of a customer whose phone app was never activated', async () => {
    // A push device without a key cannot approve anything: it is not paired yet. Above the
    // threshold the transfer then waits for a code to Emily's e-mail.
    await test.handle.db
      .insert(mfaDevices)
      .values({ userId: emily.id, type: 'iPhone', name: 'iPhone' });
    const before = await balancesOf(emily.checking, emily.savings);
    const response = await transfer(emily, {
      from_account_id: emily.checking,
      to_account_id: emily.savings,
      amount: '1000.01',
      risk_data: PERSON_RISK_PAYLOAD,
    });
    expect(response.status).toBe(202);
    const asked = (await response.json()) as TransferConfirmationRequired;
    expect(asked).toMatchObject({ code: 'confirmation_required', channel: 'email' });
    // The transfer page draws the engine's prompt (ADR 0026), in its code step's words.
    expect(asked.prompt).toMatchObject({ method: 'email-code' });
    expect(asked.prompt.nodes).toContainEqual({
      type: 'text',
      text: messages.transfer.confirmationRequired(asked.destination),
    });
    expect(asked.prompt.nodes).toContainEqual(
      expect.objectContaining({ type: 'input', label: messages.transfer.confirmationCodeLabel }),
    );
    expect(await balancesOf(emily.checking, emily.savings)).toEqual(before);
    const [row] = await test.handle.db
      .select({ amount: users.accountTransferAmountCents })
      .from(users)
      .where(eq(users.id, emily.id));
    expect(row!.amount).toBeNull();
  });

  it('offers the menu, with two entries more for a premier customer', async () => {
    const personal = menuOptionsResponseSchema.parse(
      await (await jane.call(MENU_OPTIONS_API_PATH)).json(),
    );
    expect(Object.values(personal).filter((entry) => entry.title)).toHaveLength(2);
    expect(Object.values(personal).some((entry) => !entry.title)).toBe(true);

    await test.handle.db.update(users).set({ accountTier: 'premier' }).where(eq(users.id, jane.id));
    try {
      const premier = menuOptionsResponseSchema.parse(
        await (await jane.call(MENU_OPTIONS_API_PATH)).json(),
      );
      expect(Object.values(premier).map((entry) => entry.title)).toEqual(
        expect.arrayContaining(['Premier Rewards', 'Wealth Planning']),
      );
      expect(Object.values(premier).filter((entry) => entry.title)).toHaveLength(4);
    } finally {
      await test.handle.db
        .update(users)
        .set({ accountTier: 'personal' })
        .where(eq(users.id, jane.id));
    }
  });
});
