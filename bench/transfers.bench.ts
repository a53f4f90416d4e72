// `npm run bench:transfers`: confirmed transfers per second through POST /api/private/transfers
// (token, and the grant checked in the read of the user's accounts, validation, rules, the money
// transaction), BENCH_CLIENTS (16) customers at once, each on their own connection moving
// $1.00 between their own checking and savings, driven by autocannon on loopback. Beside it, in
// the same run, the same money transaction issued as raw SQL (the statement the store sends,
// one per transfer) by as many clients: measured before and after the API, and their mean
// taken. Then, the server stopped, the books are checked (every balance is its
// opening plus its ledger, money only moved, each confirmed transfer has its two entries).
// Targets on PostgreSQL: ≥ 50 % of raw throughput, p99 < 50 ms. PGlite is reported too (its
// raw figure is taken in this process once the server has stopped: one owner at a time).
// On PostgreSQL, a further server counts what one transfer asks of the database on the wire
// (bench/support/wire-counter.ts: statements and transactions), as the sign-in benchmark does;
// the raw transaction is one statement, its own transaction. (The counter's writing commits are
// left out: it tells a write by the command's tag, and a WITH that writes is tagged SELECT.)
// Figures only, except that broken books end the run with exit code 1.
// BENCH_TRANSFERS (per figure, default 3000) and BENCH_RUN_SECONDS (at most, default 20).
import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { TRANSFERS_API_PATH } from '@anybank/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/database';
import { accounts, users } from '../apps/server/src/db/schema';
import { demoOpeningBalances, ledgerProblems } from '../apps/server/test/ledger-invariant';
import { PERSON_RISK_PAYLOAD } from '../apps/server/test/sign-in-driver';
import { accessTokensOf } from './support/access-tokens';
import {
  NEW_CUSTOMER_BALANCES,
  addBenchCustomers,
  customerAt,
  type BenchCustomer,
} from './support/bench-customers';
import { benchDatabaseKinds, startBenchServer, type BenchServer } from './support/bench-server';
import { load, type LoadFigures } from './support/cannon';
import { machine, percentOf, table, verdict, writeResult } from './support/report';
import { rawTransferStatements, type RunStatement } from './support/raw-transfer';
import { latencyOf, round, runConcurrently, type Latency } from './support/stats';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 3000);
const SECONDS = Number(process.env.BENCH_RUN_SECONDS ?? 20);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const AMOUNT_CENTS = 100;
/** Transfers counted on the wire (after a warm-up of one per client). */
const COUNTED_TRANSFERS = 400;

/** A customer's two transfers, taken in turn: checking → savings, then back. */
function legsOf(customer: BenchCustomer): [[string, string], [string, string]] {
  const [checking = '', savings = ''] = customer.accountIds;
  return [
    [checking, savings],
    [savings, checking],
  ];
}

interface RawFigures extends Latency {
  perSecond: number;
}

/** TRANSFERS raw transfers, CLIENTS at a time, each client its own customer. */
async function rawTransfers(
  customers: BenchCustomer[],
  userIds: Map<string, string>,
  run: RunStatement,
): Promise<RawFigures> {
  const sent = new Array<number>(CLIENTS).fill(0);
  const { perSecond, durationsMs } = await runConcurrently(TRANSFERS, CLIENTS, (_i, worker) => {
    const customer = customerAt(customers, worker);
    const leg = (sent[worker] = (sent[worker] ?? 0) + 1);
    const [from, to] = legsOf(customer)[leg % 2 === 0 ? 0 : 1];
    return rawTransferStatements(run, {
      userId: userIds.get(customer.uid) ?? '',
      fromAccountId: from,
      toAccountId: to,
      amountCents: AMOUNT_CENTS,
    });
  });
  return { perSecond: round(perSecond, 0), ...latencyOf(durationsMs) };
}

/**
 * A statement on any free connection of the pool, prepared once per connection under a name,
 * as the server's store runs it (`preparedStatement` in apps/server/src/db/database.ts).
 */
function postgresStatements(pool: pg.Pool): RunStatement {
  const names = new Map<string, string>();
  return async (text, values) => {
    let name = names.get(text);
    if (!name) {
      name = `raw_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
      names.set(text, name);
    }
    return (await pool.query({ name, text, values })).rows;
  };
}

function pgliteStatements(database: DatabaseHandle): RunStatement {
  // The handle hides its driver; the raw figure needs PGlite's own client, as Drizzle uses it.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
}

async function userIdsOf(database: DatabaseHandle): Promise<Map<string, string>> {
  const rows = await database.db
    .select({ id: users.id, uid: users.uid })
    .from(users)
    .where(like(users.uid, 'bench.user.%'));
  return new Map(rows.map((row) => [row.uid, row.id]));
}

/** What is wrong with the books (none: right), bench customers opening with a new customer's money. */
async function booksProblems(database: DatabaseHandle): Promise<string[]> {
  const opening = await demoOpeningBalances(database.db);
  const benchAccounts = await database.db
    .select({ id: accounts.id, position: accounts.position })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerId))
    .where(like(users.uid, 'bench.user.%'));
  for (const account of benchAccounts) {
    opening.set(account.id, NEW_CUSTOMER_BALANCES[account.position] ?? 0);
  }
  return ledgerProblems(database.db, opening);
}

/**
 * Runs of `amount` transfers (at most `maxSeconds`) through the API, one connection per
 * customer, each moving AMOUNT_CENTS to and fro between its checking and savings.
 */
async function transferLoad(server: BenchServer, customers: BenchCustomer[]) {
  const tokens = await accessTokensOf(server.origin, customers);
  let nextClient = 0;
  const perClient = {
    setupClient: (client: { setRequests(requests: object[]): void }) => {
      const index = nextClient++ % customers.length;
      client.setRequests(
        legsOf(customerAt(customers, index)).map(([from, to]) => ({
          method: 'POST',
          path: TRANSFERS_API_PATH,
          headers: {
            authorization: `Bearer ${tokens[index]}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            data: {
              type: 'transfers',
              attributes: {
                from_account_id: from,
                to_account_id: to,
                amount: (AMOUNT_CENTS / 100).toFixed(2),
                risk_data: PERSON_RISK_PAYLOAD,
              },
            },
          }),
        })),
      );
    },
  };
  return (amount: number, maxSeconds: number) =>
    load({
      ...perClient,
      url: `${server.origin}${TRANSFERS_API_PATH}`,
      connections: CLIENTS,
      amount,
      maxSeconds,
      expectedStatus: 204,
    });
}

/** What one transfer through the API asks of PostgreSQL, counted on the wire. */
async function databaseWorkPerTransfer() {
  let customers: BenchCustomer[] = [];
  const server = await startBenchServer('postgres', {
    prepare: async (database) => {
      customers = await addBenchCustomers(database, CLIENTS);
    },
    countWire: true,
  });
  try {
    const apiLoad = await transferLoad(server, customers);
    await apiLoad(CLIENTS, 10); // warm-up: the pool's connections opened, statements prepared
    const before = server.wireCounts();
    const counted = await apiLoad(COUNTED_TRANSFERS, 30);
    const after = server.wireCounts();
    if (!before || !after) throw new Error('the wire counter did not count');
    const per = (count: number) => round(count / Math.max(1, counted.answered), 2);
    if (counted.unexpected > 0) throw new Error('a counted transfer was not confirmed');
    return {
      statements: per(after.statements - before.statements),
      transactions: per(after.transactions - before.transactions),
    };
  } finally {
    await server.stopAndInspect();
  }
}

interface Run {
  database: string;
  api: LoadFigures;
  rawBefore: RawFigures | null;
  rawAfter: RawFigures;
  rawPerSecond: number;
  ratio: number;
  /** CPU the server process used per answered transfer (user + system). */
  serverCpuMsPerTransfer: number;
  booksProblems: string[];
}

const before = await machine();
const runs: Run[] = [];
for (const kind of benchDatabaseKinds()) {
  let customers: BenchCustomer[] = [];
  const server = await startBenchServer(kind, {
    prepare: async (database) => {
      customers = await addBenchCustomers(database, CLIENTS);
    },
  });
  let api: LoadFigures | undefined;
  let rawBefore: RawFigures | null = null;
  let rawAfter: RawFigures | undefined;
  let problems: string[] = [];
  let serverCpuMs = 0;
  const pool = server.databaseUrl
    ? new pg.Pool({ connectionString: server.databaseUrl, max: CLIENTS })
    : null;
  try {
    const apiLoad = await transferLoad(server, customers);

    let userIds = new Map<string, string>();
    if (pool) {
      const pgStatements = postgresStatements(pool);
      userIds = new Map(
        (
          await pool.query<{ id: string; uid: string }>(
            `select id, uid from users where uid like 'bench.user.%'`,
          )
        ).rows.map((row) => [row.uid, row.id]),
      );
      await rawTransfers(customers, userIds, pgStatements); // warm-up
      rawBefore = await rawTransfers(customers, userIds, pgStatements);
    }
    await apiLoad(CLIENTS * 10, 10); // warm-up
    await server.endProfileSegment('start-up');
    const cpuBefore = await server.cpuSeconds();
    api = await apiLoad(TRANSFERS, SECONDS);
    serverCpuMs = ((await server.cpuSeconds()) - cpuBefore) * 1000;
    await server.endProfileSegment('transfers');
    if (pool) rawAfter = await rawTransfers(customers, userIds, postgresStatements(pool));
  } finally {
    await pool?.end();
    await server.stopAndInspect(async (database) => {
      if (!rawAfter && api) {
        rawAfter = await rawTransfers(
          customers,
          await userIdsOf(database),
          pgliteStatements(database),
        );
      }
      problems = await booksProblems(database);
    });
  }
  if (!api || !rawAfter) throw new Error('a figure is missing');
  const rawPerSecond = rawBefore
    ? (rawBefore.perSecond + rawAfter.perSecond) / 2
    : rawAfter.perSecond;
  runs.push({
    database: kind,
    api,
    rawBefore,
    rawAfter,
    rawPerSecond: round(rawPerSecond, 0),
    ratio: round(api.perSecond / rawPerSecond, 3),
    serverCpuMsPerTransfer: round(serverCpuMs / Math.max(1, api.answered), 2),
    booksProblems: problems.slice(0, 10),
  });
}

const databaseWork = benchDatabaseKinds().includes('postgres')
  ? await databaseWorkPerTransfer()
  : null;

const after = await machine();
console.log(
  `\nConfirmed transfers, ${CLIENTS} customers at once (≤ ${TRANSFERS} and ≤ ${SECONDS} s per figure): the API beside the raw SQL transaction:\n`,
);
console.log(
  table(
    [
      'database',
      'API transfers/s',
      'API p50 ms',
      'API p99 ms',
      'other answers',
      'raw SQL/s',
      'raw p99 ms',
      'API / raw',
      'server CPU ms per transfer',
      `≥ ${TARGET_RATIO * 100} %`,
      `p99 < ${TARGET_P99_MS} ms`,
      'books',
    ],
    runs.map((run) => [
      run.database,
      run.api.perSecond,
      run.api.p50Ms,
      run.api.p99Ms,
      run.api.unexpected,
      run.rawPerSecond,
      run.rawAfter.p99Ms,
      percentOf(run.api.perSecond, run.rawPerSecond),
      run.serverCpuMsPerTransfer,
      run.database === 'postgres' ? verdict(run.ratio >= TARGET_RATIO) : '(PostgreSQL target)',
      run.database === 'postgres' ? verdict(run.api.p99Ms < TARGET_P99_MS) : '(PostgreSQL target)',
      run.booksProblems.length === 0 ? 'balance' : `${run.booksProblems.length}+ problems`,
    ]),
  ),
);
if (databaseWork) {
  console.log(
    `\nWhat one transfer through the API asks of PostgreSQL (${COUNTED_TRANSFERS} counted on the wire; the raw transaction is 1 statement in 1 transaction):\n`,
  );
  console.log(
    table(['statements', 'transactions'], [[databaseWork.statements, databaseWork.transactions]]),
  );
}
for (const run of runs) {
  for (const problem of run.booksProblems) console.error(`${run.database}: ${problem}`);
}
await writeResult('transfers', {
  targets: { ratioOfRaw: TARGET_RATIO, p99Ms: TARGET_P99_MS, on: 'postgres' },
  clients: CLIENTS,
  transfersPerFigure: TRANSFERS,
  runs: runs.map((run) => ({
    ...run,
    reached: { ratio: run.ratio >= TARGET_RATIO, p99: run.api.p99Ms < TARGET_P99_MS },
  })),
  /** PostgreSQL: per transfer through the API, counted on the wire; null when not measured. */
  databaseWorkPerTransfer: databaseWork,
  machine: { ...before, loadAverageAtEnd: after.loadAverage },
});
if (runs.some((run) => run.booksProblems.length > 0)) process.exitCode = 1;
