// `npm run bench:transfers`: confirmed transfers per second through the real HTTP API (token
// check, validation, rules, the pending-amount attribute, the money transaction) beside the
// money transaction alone run straight through the store (no HTTP, no service), in the same
// run, one client and several. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
// Figures only: nothing here passes or fails. BENCH_TRANSFERS and BENCH_CLIENTS change the size.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { TRANSFERS_API_PATH } from '@anybank/contracts';
import { accounts } from '../apps/server/src/db/schema';
import { moveMoney } from '../apps/server/src/modules/banking/banking.store';
import {
  apiClient,
  customerToken,
  startBankingServer,
  userIdOf,
} from '../apps/server/test/banking-server';
import { PERSON_RISK_PAYLOAD } from '../apps/server/test/sign-in-driver';
import { createTestDatabase, DATABASE_KINDS } from '../apps/server/test/test-database';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 300);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const WARM_UP = 20;

/** `count` calls of `work`, `clients` at a time; answers calls per second. */
async function perSecond(
  count: number,
  clients: number,
  work: (index: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let index = next++; index < count; index = next++) await work(index);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const rows: string[] = [];
for (const kind of DATABASE_KINDS) {
  const test = await createTestDatabase(kind);
  const { server, origin } = await startBankingServer(test);
  try {
    const db = test.handle.db;
    const userId = await userIdOf(test, 'jane.doe');
    const owned = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.ownerId, userId))
      .orderBy(accounts.position);
    const [checking, savings] = owned.map((row) => row.id) as [string, string];
    const call = apiClient(origin, await customerToken(origin, 'jane.doe'));

    // $1.00 back and forth: both balances stay far from zero and below every threshold.
    const direction = (index: number): [string, string] =>
      index % 2 === 0 ? [checking, savings] : [savings, checking];
    const overHttp = async (index: number) => {
      const [from, to] = direction(index);
      const response = await call(TRANSFERS_API_PATH, {
        method: 'POST',
        body: {
          data: {
            type: 'transfers',
            attributes: {
              from_account_id: from,
              to_account_id: to,
              amount: '1.00',
              risk_data: PERSON_RISK_PAYLOAD,
            },
          },
        },
      });
      if (response.status !== 204) throw new Error(`transfer answered ${response.status}`);
    };
    const throughStore = async (index: number) => {
      const [from, to] = direction(index);
      const result = await moveMoney(db, {
        userId,
        fromAccountId: from,
        toAccountId: to,
        amountCents: 100,
        referenceNumber: randomInt(0, 100_000),
        idempotencyKey: null,
      });
      if (!result.moved) throw new Error('the store refused a transfer');
    };

    await perSecond(WARM_UP, 1, overHttp);
    await perSecond(WARM_UP, 1, throughStore);
    for (const clients of [1, CLIENTS]) {
      const http = await perSecond(TRANSFERS, clients, overHttp);
      const store = await perSecond(TRANSFERS, clients, throughStore);
      rows.push(
        `| ${kind.padEnd(8)} | ${String(clients).padStart(7)} | ${http.toFixed(0).padStart(16)} | ${store.toFixed(0).padStart(17)} | ${(http / store).toFixed(2).padStart(12)} |`,
      );
    }
  } finally {
    await server.app.close();
    await test.drop();
  }
}

console.log(
  `\nConfirmed transfers per second (${TRANSFERS} per figure): the HTTP API against the money transaction alone:\n`,
);
console.log('| database | clients | HTTP transfers/s | store transfers/s | HTTP / store |');
console.log('|----------|--------:|-----------------:|------------------:|-------------:|');
for (const row of rows) console.log(row);
