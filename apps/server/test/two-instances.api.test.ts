import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCES_API_PATH,
  SIGN_IN_SESSIONS_API_PATH,
  balancesResponseSchema,
  signInSessionsResponseSchema,
} from '@anybank/contracts';
import { buildServer, type Server } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { users } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { apiClient, customerToken } from './banking-server';
import { freePort } from './browser-session';
import { demoOpeningBalances, ledgerProblems } from './ledger-invariant';
import { LoadBalancer } from './load-balancer';
import { PERSON_RISK_PAYLOAD, SignInDriver } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';
import { depositAccounts, sendTransfer, type SentTransfer } from './transfer-burst';

// Two processes cannot share a PGlite directory: this one needs a PostgreSQL server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances behind one address, on one PostgreSQL database (needs TEST_DATABASE_URL)',
  () => {
    let test: TestDatabase;
    let secondHandle: DatabaseHandle;
    let balancer: LoadBalancer;
    const instances: { server: Server; origin: string }[] = [];

    beforeAll(async () => {
      test = await createTestDatabase('postgres', { seeded: true });
      await seedDemoData(test.handle.db);
      // Each instance its own connection pool, as two processes would have.
      secondHandle = await openDatabase({ kind: 'postgres', url: test.url ?? '' });
      const ports = [await freePort(), await freePort()];
      balancer = await LoadBalancer.start(ports);
      for (const [index, database] of [test.handle, secondHandle].entries()) {
        const port = ports[index]!;
        const server = await buildServer({
          // Both know themselves by the balancer's address, as behind a real one.
          config: testConfig({
            PORT: String(port),
            PUBLIC_URL: balancer.origin,
            RATE_LIMIT_PER_MINUTE: '1000000',
          }),
          database,
          webDistDir: '/nonexistent',
        });
        await server.app.listen({ port, host: '127.0.0.1' });
        instances.push({ server, origin: `http://127.0.0.1:${port}` });
      }
    });
    afterAll(async () => {
      for (const { server } of instances) await server.app.close();
      await balancer?.close();
      await secondHandle?.close();
      await test?.drop();
    });

    it('finishes on one instance a sign-in started on the other, each step on the other one', async () => {
      const driver = new SignInDriver(balancer.origin);
      balancer.to(0);
      await driver.authorize();
      expect((await driver.read()).status).toBe(200);
      balancer.to(1);
      const identified = await driver.post('submitIdentifier', {
        identifier: 'jane.doe',
        riskPayload: PERSON_RISK_PAYLOAD,
      });
      expect(identified.status).toBe(200);
      balancer.to(0);
      let answer = await driver.post('checkUsernamePassword', {
        username: 'jane.doe',
        password: 'Welcome2Bank!',
      });
      if (answer.body.status === 'DEVICE_SELECTION_REQUIRED') {
        const email = answer.body.devices?.find((device) => device.type === 'Email');
        balancer.to(1);
        answer = await driver.post({ action: 'selectDevice' }, { deviceRef: { id: email?.id } });
      }
      expect(answer.body.status).toBe('OTP_REQUIRED');
      balancer.to(1);
      const code = await driver.latestCode('jane.doe@example.com');
      balancer.to(0);
      expect((await driver.post({ action: 'checkOtp' }, { otp: code })).status).toBe(200);
      balancer.to(1);
      const resumeUrl = await driver.continueToResume();
      expect(resumeUrl).not.toBe('');
      balancer.to(0);
      const landing = await driver.resume(resumeUrl);
      expect(landing.searchParams.get('code')).toBeTruthy();
      balancer.to(1);
      const tokens = (await (
        await driver.token(landing.searchParams.get('code') ?? '')
      ).json()) as { access_token?: string };
      expect(tokens.access_token).toBeTruthy();
      expect(balancer.served.every((count) => count >= 4)).toBe(true);

      for (const { origin } of instances) {
        const response = await apiClient(origin, tokens.access_token ?? '')(BALANCES_API_PATH);
        expect(response.status).toBe(200);
        expect(balancesResponseSchema.parse(await response.json()).Data.Balance).toHaveLength(3);
      }
    });

    it('refuses at once on one instance a token signed out on the other', async () => {
      const driver = new SignInDriver(balancer.origin);
      balancer.to(0);
      const landing = await driver.signInWithPasswordAndEmail(
        'emily.chen',
        'emily.chen@example.com',
      );
      const { access_token: token } = (await (
        await driver.token(landing.searchParams.get('code') ?? '')
      ).json()) as { access_token: string };
      const onSecond = () => apiClient(instances[1]!.origin, token)(BALANCES_API_PATH);
      // The second instance has verified the token's signature (and may remember it)…
      expect((await onSecond()).status).toBe(200);
      // …when the customer signs out through the first one.
      expect(await driver.signOut(`${balancer.origin}/`)).toBe(`${balancer.origin}/`);
      expect((await onSecond()).status).toBe(401);
    });

    it('refuses at once on one instance the token of a session ended from the list on the other', async () => {
      balancer.to(0);
      const laptop = await customerToken(balancer.origin, 'emily.chen');
      const phone = await customerToken(balancer.origin, 'emily.chen');
      const onSecond = () => apiClient(instances[1]!.origin, phone)(BALANCES_API_PATH);
      expect((await onSecond()).status).toBe(200);
      const listed = await apiClient(instances[0]!.origin, laptop)(SIGN_IN_SESSIONS_API_PATH);
      const other = signInSessionsResponseSchema
        .parse(await listed.json())
        .sessions.find((session) => !session.current);
      const ended = await apiClient(instances[0]!.origin, laptop)(
        `${SIGN_IN_SESSIONS_API_PATH}/${other?.id}`,
        { method: 'DELETE' },
      );
      expect(ended.status).toBe(204);
      expect((await onSecond()).status).toBe(401);
    });

    it('keeps the books right when transfers reach both instances at once', async () => {
      // Limits far above these amounts: this test is about the books, not the running total
      // (transfer-limits.api.test.ts has its own concurrent burst).
      await test.handle.db
        .update(users)
        .set({ cibaThreshold: 1_000_000, denyThreshold: 2_000_000 })
        .where(eq(users.uid, 'jane.doe'));
      const token = await customerToken(balancer.origin, 'jane.doe');
      const [checking, savings] = await depositAccounts(instances[0]!.origin, token);
      // More leaves savings ($30,000) than it holds and receives ($18,750.32 + $7,000): some
      // transfers must be refused, whichever instance and order they come in.
      const planned = [
        ...Array.from({ length: 30 }, () => ({ from: savings, to: checking, amount: '1,000.00' })),
        ...Array.from({ length: 10 }, () => ({ from: checking, to: savings, amount: '700.00' })),
      ].sort(() => Math.random() - 0.5);
      let next = 0;
      const sent: SentTransfer[] = [];
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let index = next++; index < planned.length; index = next++) {
            const { origin } = instances[index % 2]!;
            sent.push(
              await sendTransfer(origin, token, { key: `both-${index}`, ...planned[index]! }),
            );
          }
        }),
      );

      const statuses = sent.map((transfer) => transfer.status);
      expect(statuses.filter((status) => status !== 204 && status !== 400)).toEqual([]);
      expect(statuses).toContain(400);
      const moved = sent.filter((transfer) => transfer.status === 204);
      const out = moved.filter((transfer) => transfer.from === savings).length;
      const into = moved.length - out;
      const opening = await demoOpeningBalances(test.handle.db);
      const response = await apiClient(instances[1]!.origin, token)(BALANCES_API_PATH);
      const balances = balancesResponseSchema.parse(await response.json()).Data.Balance;
      const cents = (id: string) =>
        Math.round(Number(balances.find((each) => each.AccountId === id)!.Amount.Amount) * 100);
      expect(cents(savings)).toBe(opening.get(savings)! - out * 100_000 + into * 70_000);
      expect(cents(checking)).toBe(opening.get(checking)! + out * 100_000 - into * 70_000);
      expect(await ledgerProblems(test.handle.db, opening)).toEqual([]);
    });
  },
);
