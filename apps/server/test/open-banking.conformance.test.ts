import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCES_API_PATH, CLIENT_BALANCES_API_PATH } from '@anybank/contracts';
import { accounts } from '../src/db/schema';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { findingsOf, validatorOf } from './json-schema';
import { partnerToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * The balances APIs against Open Banking's OBReadBalance1, a JSON Schema written from the UK
 * Read/Write API specification (test/schemas/ob-read-balance1.schema.json) and checked by Ajv,
 * with customers signed in through the real server.
 */

const SCHEMA = 'ob-read-balance1.schema.json';
const obReadBalance1 = validatorOf(SCHEMA);
const obCashBalance1 = validatorOf(SCHEMA, '/definitions/OBCashBalance1');

interface Entry {
  AccountId: string;
  CreditDebitIndicator: string;
  Amount: { Amount: string };
}

/** A copy of `value` (an object) without the member `key`. */
function without(value: unknown, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value as object).filter(([name]) => name !== key));
}

// One database (API_DATABASES): the Open Banking answer shape over HTTP.
describe.each(API_DATABASES)('Open Banking balances on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  async function balancesOf(uid: string): Promise<{ body: unknown; entries: Entry[] }> {
    const response = await apiClient(origin, await customerToken(origin, uid))(BALANCES_API_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { Data?: { Balance?: Entry[] } };
    return { body, entries: body.Data?.Balance ?? [] };
  }

  async function setCardBalance(uid: string, cents: number) {
    await test.handle.db
      .update(accounts)
      .set({ balanceCents: cents })
      .where(
        and(eq(accounts.ownerId, await userIdOf(test, uid)), eq(accounts.kind, 'rewards-visa')),
      );
  }

  it.each([
    // A card owing money: Debit, the amount unsigned.
    ['jane.doe', ['Credit', 'Credit', 'Debit'], ['24500.00', '18750.32', '1245.67']],
    // A zero balance is a credit balance (OBCashBalance1's usage rule).
    ['emily.chen', ['Credit', 'Credit', 'Credit'], ['12345.00', '56000.00', '0.00']],
  ])('answers %s’s balances as a valid OBReadBalance1', async (uid, indicators, amounts) => {
    const { body, entries } = await balancesOf(uid);
    expect(findingsOf(obReadBalance1, body)).toEqual([]);
    expect(entries.map((entry) => entry.CreditDebitIndicator)).toEqual(indicators);
    expect(entries.map((entry) => entry.Amount.Amount)).toEqual(amounts);
  });

  it('answers an overpaid card as a credit balance, still unsigned and valid', async () => {
    await setCardBalance('michael.brown', -2_500);
    const { body, entries } = await balancesOf('michael.brown');
    expect(findingsOf(obReadBalance1, body)).toEqual([]);
    expect(entries[2]).toMatchObject({
      CreditDebitIndicator: 'Credit',
      Amount: { Amount: '25.00', Currency: 'USD' },
    });
  });

  it('links the answer to the URL it was read at, as one page', async () => {
    const { body } = await balancesOf('jane.doe');
    expect(body).toMatchObject({
      Links: { Self: `${origin}${BALANCES_API_PATH}` },
      Meta: { TotalPages: 1 },
    });
  });

  it('would notice a balance the specification refuses', async () => {
    const { body } = await balancesOf('jane.doe');
    const entry = (body as { Data: { Balance: Record<string, unknown>[] } }).Data.Balance[0]!;
    const broken = [
      { ...entry, Amount: { Amount: '-5.00', Currency: 'USD' } },
      { ...entry, Amount: { Amount: '5.00', Currency: 'usd' } },
      { ...entry, CreditDebitIndicator: 'Owed' },
      { ...entry, Type: 'Available' },
      { ...entry, DateTime: 'yesterday' },
      { ...entry, AccountId: 'x'.repeat(41) },
      { ...entry, Nickname: 'extra' },
    ];
    for (const balance of broken) {
      expect(obCashBalance1(balance), JSON.stringify(balance)).toBe(false);
    }
    expect(obReadBalance1(without(body, 'Links'))).toBe(false);
    expect(obReadBalance1(without(body, 'Meta'))).toBe(false);
  });

  it('answers the advisor’s shared balances as OBCashBalance1 entries, besides their kind', async () => {
    const advisor = apiClient(origin, await partnerToken(origin, 'AnyWealthAdvisor'));
    const subject = await userIdOf(test, 'emily.chen');
    const response = await advisor(`${CLIENT_BALANCES_API_PATH}?subject=${subject}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      Data: { Balance: (Entry & { AccountKind: string })[] };
    };
    expect(body.Data.Balance.map((entry) => entry.AccountKind)).toEqual([
      'checking',
      'savings',
      'rewards-visa',
    ]);
    for (const entry of body.Data.Balance) {
      expect(findingsOf(obCashBalance1, without(entry, 'AccountKind'))).toEqual([]);
    }
  });
});
