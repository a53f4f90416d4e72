import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OB_TRANSACTIONS_PAGE_SIZE, obTransactionsPath } from '@anybank/contracts';
import { accounts, auditEvents, ledgerEntries } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { findingsOf, validatorOf } from './json-schema';
import { partnerToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { API_DATABASES, createTestDatabase, type TestDatabase } from './test-database';

/**
 * `GET /api/open-banking/accounts/{id}/transactions` against Open Banking's OBReadTransaction6,
 * a JSON Schema written from the UK Read/Write API specification
 * (test/schemas/ob-read-transaction6.schema.json) and checked by Ajv, with the seeded ninety
 * days of activity and callers signed in through the real server.
 */

const obReadTransaction6 = validatorOf('ob-read-transaction6.schema.json');

interface Page {
  Data: {
    Transaction: {
      TransactionId: string;
      CreditDebitIndicator: string;
      Amount: { Amount: string };
      Balance: { Amount: { Amount: string } };
    }[];
  };
  Links: { Self: string; Next?: string; Prev?: string; Last?: string };
  Meta: { TotalPages: number };
}

// One database (API_DATABASES): the Open Banking answer shape over HTTP.
describe.each(API_DATABASES)('Open Banking transactions on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;

  async function accountsOf(uid: string): Promise<string[]> {
    const rows = await test.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.ownerId, await userIdOf(test, uid)))
      .orderBy(accounts.position);
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('answers every page of jane’s checking as a valid OBReadTransaction6, following Links.Next to the last', async () => {
    const [checking] = await accountsOf('jane.doe');
    const jane = apiClient(origin, await customerToken(origin, 'jane.doe'));
    const entries = await test.handle.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, checking!));

    const seen: string[] = [];
    let url: string | undefined = new URL(obTransactionsPath(checking!), origin).toString();
    let pages = 0;
    while (url) {
      const response = await jane(url);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Page;
      expect(findingsOf(obReadTransaction6, body)).toEqual([]);
      if (pages === 0) {
        // The schema is not a formality: a transaction without its booking time fails it.
        const [first] = body.Data.Transaction as unknown as Record<string, unknown>[];
        const undated = Object.fromEntries(
          Object.entries(first!).filter(([name]) => name !== 'BookingDateTime'),
        );
        expect(
          findingsOf(obReadTransaction6, { ...body, Data: { Transaction: [undated] } }),
        ).not.toEqual([]);
      }
      pages += 1;
      expect(body.Links.Self).toBe(`${url.includes('?') ? url : `${url}?page=1`}`);
      expect(body.Meta.TotalPages).toBe(Math.ceil(entries.length / OB_TRANSACTIONS_PAGE_SIZE));
      expect(body.Data.Transaction.length).toBeLessThanOrEqual(OB_TRANSACTIONS_PAGE_SIZE);
      seen.push(...body.Data.Transaction.map((transaction) => transaction.TransactionId));
      url = body.Links.Next;
      if (url) expect(body.Data.Transaction).toHaveLength(OB_TRANSACTIONS_PAGE_SIZE);
      else expect(body.Links.Last).toBe(body.Links.Self);
    }
    expect(pages).toBeGreaterThanOrEqual(1);
    // Every entry exactly once, newest first.
    expect(seen).toEqual(
      entries.map((entry) => String(entry.id)).sort((a, b) => Number(b) - Number(a)),
    );
  });

  it('pages by 50 with Prev and Next once an account has more entries than a page', async () => {
    const [checking] = await accountsOf('james.taylor');
    const james = apiClient(origin, await customerToken(origin, 'james.taylor'));
    // Enough entries for three pages, whatever the seeded history holds: a dollar in and out,
    // again and again, each balance following from the one before (the balance ends as it was).
    const [latest] = await test.handle.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, checking!))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    await test.handle.db.insert(ledgerEntries).values(
      Array.from({ length: 2 * OB_TRANSACTIONS_PAGE_SIZE }, (_, index) => ({
        accountId: checking!,
        amountCents: index % 2 === 0 ? 100 : -100,
        balanceAfterCents: latest!.balanceAfterCents + (index % 2 === 0 ? 100 : 0),
        description: `Test entry ${index}`,
        category: 'external-transfer',
      })),
    );
    const second = (await (await james(`${obTransactionsPath(checking!)}?page=2`)).json()) as Page;
    expect(findingsOf(obReadTransaction6, second)).toEqual([]);
    expect(second.Meta.TotalPages).toBeGreaterThanOrEqual(3);
    expect(second.Links.Prev).toBe(`${origin}${obTransactionsPath(checking!)}?page=1`);
    expect(second.Links.Next).toBe(`${origin}${obTransactionsPath(checking!)}?page=3`);
    expect(second.Data.Transaction).toHaveLength(OB_TRANSACTIONS_PAGE_SIZE);
    // Money out is a Debit, its amount unsigned.
    const out = second.Data.Transaction.find((entry) => entry.CreditDebitIndicator === 'Debit');
    expect(out?.Amount.Amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('refuses another customer’s account with 404 and a malformed page with 400', async () => {
    const [johnsChecking] = await accountsOf('john.smith');
    const jane = apiClient(origin, await customerToken(origin, 'jane.doe'));
    const refused = await jane(obTransactionsPath(johnsChecking!));
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'account_not_found' });
    const [own] = await accountsOf('jane.doe');
    expect((await jane(`${obTransactionsPath(own!)}?page=0`)).status).toBe(400);
  });

  it('lets the wealth advisor read only the accounts a client shares by consent, auditing every read', async () => {
    const advisor = apiClient(origin, await partnerToken(origin, 'AnyWealthAdvisor'));
    // jane shares checking and savings, not the card; olivia shares none; michael never answered.
    const [janeChecking, , janeCard] = await accountsOf('jane.doe');
    const shown = await advisor(obTransactionsPath(janeChecking!));
    expect(shown.status).toBe(200);
    expect(findingsOf(obReadTransaction6, await shown.json())).toEqual([]);

    const [oliviaChecking] = await accountsOf('olivia.martin');
    const [michaelChecking] = await accountsOf('michael.brown');
    for (const accountId of [janeCard!, oliviaChecking!, michaelChecking!, '0000000000']) {
      const response = await advisor(obTransactionsPath(accountId));
      expect(response.status, accountId).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'account_not_shared' });
    }
    const reads = await test.handle.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'partner.read'),
          eq(auditEvents.userId, await userIdOf(test, 'amy.davis')),
        ),
      );
    const details = reads.map((row) => row.details as Record<string, unknown>);
    expect(details.filter((detail) => detail.resource === 'client-transactions')).toEqual([
      expect.objectContaining({ outcome: 'shown', account: janeChecking }),
      ...Array.from({ length: 4 }, () =>
        expect.objectContaining({ outcome: 'refused', subjects: [] }),
      ),
    ]);
  });

  it('refuses the other partners’ tokens with 403', async () => {
    const [janeChecking] = await accountsOf('jane.doe');
    const marketing = apiClient(origin, await partnerToken(origin, 'AnyMarketing'));
    const response = await marketing(obTransactionsPath(janeChecking!));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'forbidden' });
  });
});
