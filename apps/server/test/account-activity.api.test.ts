import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_CSV_COLUMNS,
  PAYMENT_ACTIVITY_API_PATH,
  RECENT_ACTIVITY_API_PATH,
  TRANSFERS_API_PATH,
  accountActivityCsvPath,
  accountActivityPath,
  accountActivityResponseSchema,
  accountStatementsPath,
  accountStatementsResponseSchema,
  paymentActivityResponseSchema,
  recentActivityResponseSchema,
  type AccountActivityResponse,
} from '@anybank/contracts';
import { accounts, mfaDevices } from '../src/db/schema';
import type { TransferApprovals } from '../src/modules/banking/banking.service';
import {
  apiClient,
  customerToken,
  startBankingServer,
  transferRequest,
  userIdOf,
} from './banking-server';
import type { Server } from './sign-in-driver';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';

type Call = ReturnType<typeof apiClient>;

/** The phone, answered by the test: each request names its approval id, then waits. */
function heldPhone() {
  let answer: (value: 'approved' | 'denied') => void = () => undefined;
  const approvals: TransferApprovals = {
    async requestApproval(input) {
      await input.onRequested?.('ciba-request-1');
      return new Promise((resolve) => {
        answer = resolve;
      });
    },
  };
  return { approvals, answer: (value: 'approved' | 'denied') => answer(value) };
}

/** A CSV's rows as cells, honouring RFC 4180's quotes (for reading back what we wrote). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r') continue;
    else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  return rows;
}

// One database (API_DATABASES): the answers' shapes over HTTP; the seeded ledger itself is
// checked on both engines by seed.test.ts.
describe.each(API_DATABASES)('account activity on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let jane: { call: Call; checking: string; savings: string; card: string };
  const phone = heldPhone();

  async function accountsOf(uid: string) {
    const rows = await test.handle.db
      .select()
      .from(accounts)
      .where(eq(accounts.ownerId, await userIdOf(test, uid)))
      .orderBy(accounts.position);
    return { checking: rows[0]!.id, savings: rows[1]!.id, card: rows[2]!.id };
  }

  function transfer(call: Call, from: string, to: string, amount: string) {
    return call(TRANSFERS_API_PATH, transferRequest(from, to, amount));
  }

  async function activity(
    call: Call,
    accountId: string,
    query = '',
  ): Promise<AccountActivityResponse> {
    const response = await call(`${accountActivityPath(accountId)}${query}`);
    expect(response.status).toBe(200);
    return accountActivityResponseSchema.parse(await response.json());
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test, { approvals: phone.approvals }));
    jane = {
      call: apiClient(origin, await customerToken(origin, 'jane.doe')),
      ...(await accountsOf('jane.doe')),
    };
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('lists an account’s seeded entries newest first, each balance following from the one before', async () => {
    const page = await activity(jane.call, jane.checking, '?pageSize=100');
    expect(page.account).toMatchObject({ id: jane.checking, name: 'Checking', kind: 'checking' });
    expect(page.totalEntries).toBeGreaterThan(25);
    expect(page.entries[0]!.balanceAfterCents).toBe(page.account.balanceCents);
    for (const [index, entry] of page.entries.entries()) {
      const older = page.entries[index + 1];
      if (!older) break;
      expect(entry.bookedAt >= older.bookedAt).toBe(true);
      expect(older.balanceAfterCents + entry.amountCents).toBe(entry.balanceAfterCents);
      expect(entry.direction).toBe(entry.amountCents > 0 ? 'credit' : 'debit');
    }
    expect(page.entries.at(-1)).toMatchObject({ category: 'opening' });
  });

  it('pages without gaps or repeats, and says how many pages there are', async () => {
    const all = await activity(jane.call, jane.checking, '?pageSize=100');
    const first = await activity(jane.call, jane.checking, '?pageSize=10&page=1');
    const second = await activity(jane.call, jane.checking, '?pageSize=10&page=2');
    expect(first.totalPages).toBe(Math.ceil(all.totalEntries / 10));
    expect([...first.entries, ...second.entries].map((entry) => entry.id)).toEqual(
      all.entries.slice(0, 20).map((entry) => entry.id),
    );
    const beyond = await activity(
      jane.call,
      jane.checking,
      `?pageSize=10&page=${first.totalPages + 1}`,
    );
    expect(beyond.entries).toEqual([]);
  });

  it('filters by text, amount and date range, and refuses a malformed filter with 400', async () => {
    const rent = await activity(jane.call, jane.checking, '?q=rent');
    expect(rent.totalEntries).toBe(3);
    expect(rent.entries.every((entry) => /rent/i.test(entry.description))).toBe(true);
    // LIKE's wildcards are the customer's text, not patterns.
    expect((await activity(jane.call, jane.checking, '?q=%25')).totalEntries).toBe(0);

    const large = await activity(jane.call, jane.checking, '?min=1000&pageSize=100');
    expect(large.entries.length).toBeGreaterThan(0);
    expect(large.entries.every((entry) => Math.abs(entry.amountCents) >= 100_000)).toBe(true);
    const small = await activity(jane.call, jane.checking, '?max=20&pageSize=100');
    expect(small.entries.every((entry) => Math.abs(entry.amountCents) <= 2_000)).toBe(true);

    const all = await activity(jane.call, jane.checking, '?pageSize=100');
    const middle = all.entries[10]!.bookedAt;
    const since = await activity(jane.call, jane.checking, `?from=${middle}&pageSize=100`);
    expect(since.entries.map((entry) => entry.id)).toEqual(
      all.entries.filter((entry) => entry.bookedAt >= middle).map((entry) => entry.id),
    );
    const until = await activity(jane.call, jane.checking, `?to=${middle}&pageSize=100`);
    expect(until.entries.every((entry) => entry.bookedAt <= middle)).toBe(true);

    for (const query of ['?min=ten', '?from=yesterday', '?pageSize=1000', '?page=0']) {
      const response = await jane.call(`${accountActivityPath(jane.checking)}${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_input' });
    }
  });

  it('downloads the filtered entries as a CSV file whose rows are the page’s', async () => {
    const page = await activity(jane.call, jane.checking, '?q=payroll');
    const response = await jane.call(`${accountActivityCsvPath(jane.checking)}?q=payroll`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(
        `^attachment; filename="activity-checking-${jane.checking.slice(-4)}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
    const [header, ...rows] = csvRows(await response.text());
    expect(header).toEqual([...ACTIVITY_CSV_COLUMNS]);
    expect(rows.map((row) => [row[1], row[3], row[4]])).toEqual(
      page.entries.map((entry) => [
        entry.description,
        (entry.amountCents / 100).toFixed(2),
        (entry.balanceAfterCents / 100).toFixed(2),
      ]),
    );
  });

  it('quotes a CSV field with a comma or a quote, and keeps a text that looks like a formula inert', async () => {
    const [entry] = (await activity(jane.call, jane.savings, '?pageSize=1')).entries;
    const { ledgerEntries } = await import('../src/db/schema');
    await test.handle.db
      .update(ledgerEntries)
      .set({ description: '=HYPERLINK("x"), "quoted"' })
      .where(eq(ledgerEntries.id, Number(entry!.id)));
    const text = await (await jane.call(accountActivityCsvPath(jane.savings))).text();
    expect(text.split('\r\n')[1]).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(csvRows(text)[1]![1]).toBe(`'=HYPERLINK("x"), "quoted"`);
  });

  it('answers statements by month whose balances join up and end at today’s', async () => {
    const response = await jane.call(accountStatementsPath(jane.checking));
    expect(response.status).toBe(200);
    const { account, months } = accountStatementsResponseSchema.parse(await response.json());
    expect(months.length).toBeGreaterThanOrEqual(3);
    expect(months[0]!.closingBalanceCents).toBe(account.balanceCents);
    for (const [index, month] of months.entries()) {
      expect(month.openingBalanceCents + month.moneyInCents - month.moneyOutCents).toBe(
        month.closingBalanceCents,
      );
      const older = months[index + 1];
      if (older) expect(older.closingBalanceCents).toBe(month.openingBalanceCents);
      const inMonth = await activity(
        jane.call,
        jane.checking,
        `?from=${month.from}&to=${month.to}&pageSize=1`,
      );
      expect(inMonth.totalEntries).toBe(month.entries);
    }
  });

  it('finds a new transfer at the top of both accounts, of the dashboard’s recent five and of Payment Activity', async () => {
    expect((await transfer(jane.call, jane.checking, jane.savings, '25.50')).status).toBe(204);
    const [out] = (await activity(jane.call, jane.checking, '?pageSize=1')).entries;
    const [into] = (await activity(jane.call, jane.savings, '?pageSize=1')).entries;
    expect(out).toMatchObject({ amountCents: -2550, direction: 'debit', category: 'transfer' });
    expect(into).toMatchObject({
      amountCents: 2550,
      direction: 'credit',
      transferId: out!.transferId,
    });

    const recent = recentActivityResponseSchema.parse(
      await (await jane.call(RECENT_ACTIVITY_API_PATH)).json(),
    );
    expect(recent.entries).toHaveLength(5);
    expect(
      recent.entries
        .slice(0, 2)
        .map((entry) => entry.accountName)
        .sort(),
    ).toEqual(['Checking', 'Savings']);

    const payments = paymentActivityResponseSchema.parse(
      await (await jane.call(PAYMENT_ACTIVITY_API_PATH)).json(),
    );
    expect(payments.items[0]).toMatchObject({
      id: out!.transferId,
      kind: 'transfer',
      amountCents: 2550,
      state: 'confirmed',
      from: { accountId: jane.checking },
      to: { accountId: jane.savings },
      approvalRequestId: null,
    });
    // The seeded history's monthly transfers to savings follow.
    expect(payments.items.slice(1).every((item) => item.state === 'confirmed')).toBe(true);
  });

  it('shows a transfer waiting for the phone with its approval request, then approved once the phone says so', async () => {
    const john = {
      call: apiClient(origin, await customerToken(origin, 'john.smith')),
      ...(await accountsOf('john.smith')),
    };
    await test.handle.db
      .update(mfaDevices)
      .set({ publicKey: 'test-key' })
      .where(eq(mfaDevices.userId, await userIdOf(test, 'john.smith')));
    const sent = transfer(john.call, john.checking, john.savings, '1500.00');
    const latest = async () =>
      paymentActivityResponseSchema.parse(await (await john.call(PAYMENT_ACTIVITY_API_PATH)).json())
        .items[0];
    await expect.poll(latest).toMatchObject({
      state: 'waiting_for_phone',
      amountCents: 150_000,
      decidedAt: null,
      approvalRequestId: 'ciba-request-1',
    });
    phone.answer('approved');
    expect((await sent).status).toBe(204);
    const approved = await latest();
    expect(approved).toMatchObject({ state: 'approved', approvalRequestId: 'ciba-request-1' });
    expect(approved!.decidedAt! >= approved!.createdAt).toBe(true);
  });

  it('refuses another customer’s account with 404, saying nothing of whether it exists', async () => {
    const john = await accountsOf('john.smith');
    for (const path of [
      accountActivityPath(john.checking),
      accountActivityCsvPath(john.checking),
      accountStatementsPath(john.checking),
      accountActivityPath('0000000000'),
    ]) {
      const response = await jane.call(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'account_not_found' });
    }
  });
});
