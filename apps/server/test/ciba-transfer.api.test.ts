import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCES_API_PATH, TRANSFERS_API_PATH } from '@anybank/contracts';
import { apiClient, customerToken, startBankingServer, transferRequest } from './banking-server';
import { SignInDriver, type Server } from './sign-in-driver';
import { TestPhone } from './test-phone';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

// One database (API_DATABASES): the CIBA hand-shake over HTTP, one request at a time.
describe.each(API_DATABASES)(
  'transfers above the CIBA threshold, approved on the phone, on %s',
  (kind) => {
    let test: TestDatabase;
    let server: Server;
    let origin: string;
    let phone: TestPhone;
    let call: ReturnType<typeof apiClient>;
    let checking = '';
    let savings = '';
    beforeAll(async () => {
      test = await createTestDatabase(kind, { seeded: true });
      ({ server, origin } = await startBankingServer(test));
      phone = new TestPhone(origin);
      await phone.activate('john.smith', 'john.smith@example.com', new SignInDriver(origin));
      call = apiClient(origin, await customerToken(origin, 'john.smith'));
      const balances = (await (await call(BALANCES_API_PATH)).json()) as {
        Data: { Balance: { AccountId: string }[] };
      };
      [checking = '', savings = ''] = balances.Data.Balance.map((entry) => entry.AccountId);
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    const balanceOf = async (accountId: string) => {
      const balances = (await (await call(BALANCES_API_PATH)).json()) as {
        Data: { Balance: { AccountId: string; Amount: { Amount: string } }[] };
      };
      return balances.Data.Balance.find((entry) => entry.AccountId === accountId)?.Amount.Amount;
    };

    /** Starts a transfer (it waits for the phone), and answers the phone's pending request. */
    async function transferWaitingForPhone(amount: string) {
      const pending = call(TRANSFERS_API_PATH, transferRequest(checking, savings, amount));
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { requests } = await phone.pending();
        const request = requests.find((candidate) => candidate.kind === 'transfer');
        if (request) return { pending, request };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the phone never received the transfer request');
    }

    it('asks nothing while the day’s running total stays at the threshold (“above” is strict)', async () => {
      const response = await call(
        TRANSFERS_API_PATH,
        transferRequest(checking, savings, '1000.00'),
      );
      expect(response.status).toBe(204);
    });

    it('moves the money once the phone approves, showing the amount and accounts', async () => {
      const before = await balanceOf(checking);
      const { pending, request } = await transferWaitingForPhone('1,500.00');
      expect(request.context).toMatchObject({
        details: {
          Amount: '$1,500.00',
          'From account': `ending ${checking.slice(-4)}`,
          'To account': `ending ${savings.slice(-4)}`,
        },
      });
      expect((await phone.decide(request.id, 'approve')).status).toBe(204);
      const response = await pending;
      expect(response.status).toBe(204);
      expect(Number(before) - Number(await balanceOf(checking))).toBeCloseTo(1500, 2);
    });

    it('refuses the transfer when the phone denies it, and moves nothing', async () => {
      const before = await balanceOf(checking);
      const { pending, request } = await transferWaitingForPhone('1,200.00');
      expect((await phone.decide(request.id, 'deny')).status).toBe(204);
      const response = await pending;
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'not_approved' });
      expect(await balanceOf(checking)).toBe(before);
    });

    it('ends a transfer nobody approves as "not approved in time" (403), never a 500, when the request expires between two polls', async () => {
      const before = await balanceOf(checking);
      const { pending } = await transferWaitingForPhone('1,100.00');
      // The two minutes run out now, between the bank's polls: the stored request is past its
      // expiry, so the next poll meets it gone (no real two-minute wait).
      await test.handle.db.execute(
        sql`update oidc_models set expires_at = now() - interval '1 second'
          where model = 'BackchannelAuthenticationRequest'`,
      );
      const response = await pending;
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        code: 'not_approved',
        message: expect.stringContaining('expired') as unknown,
      });
      expect(await balanceOf(checking)).toBe(before);
    });
  },
);
