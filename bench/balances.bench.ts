// `npm run bench:balances`: GET /api/open-banking/balances per second at 64 connections, each
// connection a different signed-in customer with their own access token, driven by autocannon
// on loopback. Every request checks the JWT (its signature verified once per token, then
// remembered until it expires) and, in the same query that reads the balances, that its grant
// is still live (sign-out revokes at once). Beside it, in the same run and at the same
// concurrency, the same server's /healthz: Fastify plus one `select 1`, the least any
// database-backed endpoint of this server costs. Targets: ≥ 3,000 requests/s, p99 < 20 ms.
// PostgreSQL runs with one server process and with WORKERS=2 (p99 < 20 ms at 64
// connections with two). Figures only: nothing here passes or fails. BENCH_RUN_SECONDS bounds
// each run (default 10).
import { BALANCES_API_PATH } from '@anybank/contracts';
import { accessTokensOf } from './support/access-tokens';
import { addBenchCustomers, type BenchCustomer } from './support/bench-customers';
import { benchDatabaseKinds, startBenchServer } from './support/bench-server';
import { load, type LoadFigures } from './support/cannon';
import { machine, percentOf, table, verdict, writeResult } from './support/report';
import { round } from './support/stats';

const SECONDS = Number(process.env.BENCH_RUN_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TARGET_PER_SECOND = 3000;
const TARGET_P99_MS = 20;

const before = await machine();
const runs: {
  database: string;
  /** Server processes (WORKERS). */
  workers: number;
  balances: LoadFigures;
  healthz: LoadFigures;
  /** CPU the server's processes used per answered balances request (user + system). */
  serverCpuMsPerRequest: number;
}[] = [];
const configurations = benchDatabaseKinds().flatMap((kind) =>
  (kind === 'postgres' ? [1, 2] : [1]).map((workers) => ({ kind, workers })),
);
for (const { kind, workers } of configurations) {
  let customers: BenchCustomer[] = [];
  const server = await startBenchServer(kind, {
    prepare: async (database) => {
      customers = await addBenchCustomers(database, CONNECTIONS);
    },
    env: { WORKERS: String(workers) },
  });
  try {
    const tokens = await accessTokensOf(server.origin, customers);
    let nextClient = 0;
    const bounds = { connections: CONNECTIONS, amount: 10_000_000, maxSeconds: SECONDS };
    // A short warm-up: the first requests compile code paths and fill connection pools.
    const warmUp = { ...bounds, amount: CONNECTIONS * 20, maxSeconds: 5 };
    const perClient = {
      setupClient: (client: { setHeaders(headers: Record<string, string>): void }) => {
        client.setHeaders({
          authorization: `Bearer ${tokens[nextClient++ % tokens.length]}`,
        });
      },
    };
    await load({ ...warmUp, ...perClient, url: `${server.origin}${BALANCES_API_PATH}` });
    await server.endProfileSegment('start-up');
    const cpuBefore = await server.cpuSeconds();
    const balances = await load({
      ...bounds,
      ...perClient,
      url: `${server.origin}${BALANCES_API_PATH}`,
    });
    const cpuMs = ((await server.cpuSeconds()) - cpuBefore) * 1000;
    await server.endProfileSegment('balances');
    const healthz = await load({ ...bounds, url: `${server.origin}/healthz` });
    runs.push({
      database: kind,
      workers,
      balances,
      healthz,
      serverCpuMsPerRequest: round(cpuMs / Math.max(1, balances.answered), 3),
    });
  } finally {
    await server.stopAndInspect();
  }
}

const after = await machine();
console.log(
  `\nGET ${BALANCES_API_PATH} (${CONNECTIONS} customers, one connection each) beside /healthz on the same server, ≤ ${SECONDS} s each:\n`,
);
console.log(
  table(
    [
      'database',
      'workers',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'other answers',
      '/healthz/s',
      '/healthz p99 ms',
      'balances / healthz',
      'server CPU ms per request',
      `≥ ${TARGET_PER_SECOND}/s`,
      `p99 < ${TARGET_P99_MS} ms`,
    ],
    runs.map(({ database, workers, balances, healthz, serverCpuMsPerRequest }) => [
      database,
      workers,
      balances.perSecond,
      balances.p50Ms,
      balances.p99Ms,
      balances.unexpected,
      healthz.perSecond,
      healthz.p99Ms,
      percentOf(balances.perSecond, healthz.perSecond),
      serverCpuMsPerRequest,
      verdict(balances.perSecond >= TARGET_PER_SECOND),
      verdict(balances.p99Ms < TARGET_P99_MS),
    ]),
  ),
);
await writeResult('balances', {
  targets: { requestsPerSecond: TARGET_PER_SECOND, p99Ms: TARGET_P99_MS },
  connections: CONNECTIONS,
  runs: runs.map((run) => ({
    ...run,
    ratioToHealthz: Number((run.balances.perSecond / run.healthz.perSecond).toFixed(3)),
    reached: {
      requestsPerSecond: run.balances.perSecond >= TARGET_PER_SECOND,
      p99: run.balances.p99Ms < TARGET_P99_MS,
    },
  })),
  machine: { ...before, loadAverageAtEnd: after.loadAverage },
});
