import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVISOR_CLIENTS_API_PATH,
  ADVISOR_CLIENT_SEARCH_LIMIT,
  CLIENT_BALANCES_API_PATH,
  SCIM_USERS_API_PATH,
  advisorClientsResponseSchema,
  messages,
  scimUidEquals,
} from '@anybank/contracts';
import { auditEvents, users } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { partnerToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import type { Call } from './partner-data-reads';

// Document 2 §2, §6: a partner finds every customer, consenting or not; the consent decides
// what of theirs comes back (nothing, for michael.brown, who shares nothing and opted out of
// marketing), and the refused check is audited for the panel.
describe.each(API_DATABASES)('the partners’ search finds every client on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let advisor: Call;
  let marketing: Call;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    advisor = apiClient(origin, await partnerToken(origin, 'AnyWealthAdvisor'));
    marketing = apiClient(origin, await partnerToken(origin, 'AnyMarketing'));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function search(text: string) {
    const response = await advisor(
      `${ADVISOR_CLIENTS_API_PATH}?${new URLSearchParams({ search: text }).toString()}`,
    );
    expect(response.status).toBe(200);
    return advisorClientsResponseSchema.parse(await response.json());
  }

  async function auditedSince(mark: number, type: string) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, type), gt(auditEvents.id, mark)))
      .orderBy(auditEvents.id);
    return rows.map((row) => ({ userId: row.userId, details: row.details }));
  }

  async function auditMark(): Promise<number> {
    const [row] = await test.handle.db.select({ last: max(auditEvents.id) }).from(auditEvents);
    return Number(row?.last ?? 0);
  }

  it('finds a client who shares nothing by username or name, with only their name and username', async () => {
    const michael = await userIdOf(test, 'michael.brown');
    const byUid = await search('michael.b');
    expect(byUid).toEqual({
      count: 1,
      clients: [{ subject: michael, uid: 'michael.brown', cn: 'Michael Brown' }],
    });
    // The whole answer, key by key: nothing of accounts, contact details or consent.
    expect(Object.keys(byUid.clients[0]!).sort()).toEqual(['cn', 'subject', 'uid']);
    expect((await search('BROWN')).clients.map((client) => client.uid)).toEqual(['michael.brown']);
    expect((await search('Michael Br')).clients.map((client) => client.uid)).toEqual([
      'michael.brown',
    ]);
  });

  it('finds consenting and non-consenting customers alike, never staff or a business', async () => {
    // "a" is in almost every name: the answer stops at the limit, and holds customers only.
    const many = await search('an');
    expect(many.clients.length).toBeGreaterThan(0);
    expect(many.clients.length).toBeLessThanOrEqual(ADVISOR_CLIENT_SEARCH_LIMIT);
    const staff = await test.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userType, 'AnyWealthAdvisor'));
    for (const client of many.clients) {
      expect(staff.map((row) => row.id)).not.toContain(client.subject);
    }
    expect((await search('amy.davis')).clients).toEqual([]);
    expect((await search('maria')).clients).toEqual([]);
    expect((await search('Retail Shop')).clients).toEqual([]);
    // LIKE's wildcards are searched for as themselves.
    expect((await search('%%')).clients).toEqual([]);
    expect((await search('__')).clients).toEqual([]);
  });

  it('refuses a search shorter than 2 characters, and every token but the advisor’s', async () => {
    expect((await advisor(`${ADVISOR_CLIENTS_API_PATH}?search=m`)).status).toBe(400);
    expect((await advisor(ADVISOR_CLIENTS_API_PATH)).status).toBe(400);
    expect((await marketing(`${ADVISOR_CLIENTS_API_PATH}?search=mich`)).status).toBe(403);
    const jane = apiClient(origin, await customerToken(origin, 'jane.doe'));
    expect((await jane(`${ADVISOR_CLIENTS_API_PATH}?search=mich`)).status).toBe(403);
  });

  it('returns none of a found client’s data when they did not consent, and audits the refused check with the client named', async () => {
    const amy = await userIdOf(test, 'amy.davis');
    const michael = await userIdOf(test, 'michael.brown');
    const mark = await auditMark();
    await search('michael');
    const refused = await advisor(`${CLIENT_BALANCES_API_PATH}?subject=${michael}`);
    expect(refused.status).toBe(403);
    const body = await refused.text();
    expect(JSON.parse(body)).toEqual({
      code: 'advisor_no_consent',
      message: messages.advisor.noConsent,
    });
    // Nothing of his in the refusal: not his street, city or phone.
    const [row] = await test.handle.db.select().from(users).where(eq(users.id, michael));
    for (const value of [row?.street, row?.city, row?.mobile, row?.postalCode]) {
      if (value) expect(body).not.toContain(value);
    }

    expect(await auditedSince(mark, 'partner.searched')).toEqual([
      {
        userId: amy,
        details: {
          readerType: 'AnyWealthAdvisor',
          resource: 'client-search',
          subjects: [michael],
          outcome: 'shown',
          search: 'michael',
        },
      },
    ]);
    expect(await auditedSince(mark, 'partner.consent_refused')).toEqual([
      {
        userId: amy,
        details: {
          readerType: 'AnyWealthAdvisor',
          resource: 'client-balances',
          subjects: [michael],
          outcome: 'refused',
          consent: 'share-account-balances',
          clientName: 'Michael Brown',
        },
      },
    ]);
    expect(await auditedSince(mark, 'partner.read')).toEqual([]);
  });

  it('audits marketing’s opened record of a customer who did not opt in as a refused consent check', async () => {
    const maria = await userIdOf(test, 'maria.lopez');
    const michael = await userIdOf(test, 'michael.brown');
    const mark = await auditMark();
    const response = await marketing(
      `${SCIM_USERS_API_PATH}?filter=${encodeURIComponent(scimUidEquals('michael.brown'))}`,
    );
    expect(response.status).toBe(200);
    expect(await auditedSince(mark, 'partner.consent_refused')).toEqual([
      {
        userId: maria,
        details: {
          readerType: 'AnyMarketing',
          resource: 'scim-users',
          subjects: [michael],
          outcome: 'refused',
          consent: 'communication',
          username: 'michael.brown',
        },
      },
    ]);
    // An opted-in customer's record is no refusal.
    await marketing(
      `${SCIM_USERS_API_PATH}?filter=${encodeURIComponent(scimUidEquals('jane.doe'))}`,
    );
    expect(await auditedSince(mark, 'partner.consent_refused')).toHaveLength(1);
  });
});
