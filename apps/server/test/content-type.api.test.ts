import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_API_PATH } from '@anybank/contracts';
import { accounts, transfers } from '../src/db/schema';
import { customerToken, startBankingServer, userIdOf } from './banking-server';
import { apiErrorSchema } from './error-shapes';
import { PERSON_RISK_PAYLOAD, type Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * ASVS 13.1.5 / 13.2.5: the APIs read JSON only. A body of another type is refused 415 in the
 * documented error shape before any route reads it — even when its text is valid JSON, which a
 * text/plain parser would once have handed to the route as a string.
 */
// One database (API_DATABASES): content-type handling in the HTTP layer.
describe.each(API_DATABASES)('request content types on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let token: string;
  let janeId: string;
  let fromAccount: string;
  let toAccount: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    janeId = await userIdOf(test, 'jane.doe');
    token = await customerToken(origin, 'jane.doe');
    const rows = await test.handle.db
      .select()
      .from(accounts)
      .where(eq(accounts.ownerId, janeId))
      .orderBy(accounts.position);
    [fromAccount, toAccount] = rows.map((row) => row.id) as [string, string];
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const transferText = () =>
    JSON.stringify({
      data: {
        type: 'transfers',
        attributes: {
          from_account_id: fromAccount,
          to_account_id: toAccount,
          amount: '1.00',
          risk_data: PERSON_RISK_PAYLOAD,
        },
      },
    });

  it.each(['text/plain', 'text/plain; charset=utf-8', 'application/xml', 'text/html'])(
    'refuses a transfer sent as %s with 415, moving nothing',
    async (contentType) => {
      const before = await test.handle.db.select().from(accounts);
      const transfersOfJane = () =>
        test.handle.db.select().from(transfers).where(eq(transfers.userId, janeId));
      // The seeded history has transfers of hers already.
      const transfersBefore = await transfersOfJane();
      const response = await fetch(new URL(TRANSFERS_API_PATH, origin), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body: transferText(),
      });
      expect(response.status).toBe(415);
      const body = apiErrorSchema.parse(await response.json());
      expect(body.message).toMatch(/unsupported media type/i);
      expect(await test.handle.db.select().from(accounts)).toEqual(before);
      expect(await transfersOfJane()).toEqual(transfersBefore);
    },
  );

  it('still accepts the same transfer sent as application/json', async () => {
    const response = await fetch(new URL(TRANSFERS_API_PATH, origin), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: transferText(),
    });
    expect(response.status).toBe(204);
  });
});
