// `npm run bench:behind-the-scenes`: what an open "Behind the scenes" panel costs the bank
// (ADR 0021: at most 5 % of the sign-in rate). The same complete sign-ins as `bench:login`,
// BENCH_SIGN_IN_USERS (8) customers at once, on two servers started alike: one where no panel
// was ever opened (closed), one where every customer's browser has a panel open and its event
// stream read, as the panel reads it (open). Rounds alternate between the two, so the machine's
// drift stays out of the ratio, and the closed server is one no panel has ever touched: a cost
// that a first panel leaves behind for the life of the process shows. Figures only: nothing fails.
import { INSPECTOR_EVENTS_PATH, INSPECTOR_PATH, XSRF_HEADER } from '@anybank/contracts';
import { BrowserSession } from '../apps/server/test/browser-session';
import { addBenchCustomers, customerAt, type BenchCustomer } from './support/bench-customers';
import {
  benchDatabaseKinds,
  startBenchServer,
  type BenchServer,
  type DatabaseKind,
} from './support/bench-server';
import { machine, percentOf, table, verdict, writeResult } from './support/report';
import { signIn } from './support/sign-in-journey';
import { round, runConcurrently } from './support/stats';

const USERS = Number(process.env.BENCH_SIGN_IN_USERS ?? 8);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 240);
const ROUNDS = 6;
const TARGET_RATIO = 0.95;
const PANEL_COOKIE = 'anybank_inspect';

/** One open panel per customer's browser, its stream read (and dropped) as the panel would. */
async function openPanels(origin: string) {
  const streams: AbortController[] = [];
  const cookies = await Promise.all(
    Array.from({ length: USERS }, async () => {
      const browser = new BrowserSession(origin);
      const opened = await browser.fetch(INSPECTOR_PATH, {
        method: 'POST',
        headers: { [XSRF_HEADER]: '1' },
      });
      if (opened.status !== 201) throw new Error(`opening a panel answered ${opened.status}`);
      const abort = new AbortController();
      streams.push(abort);
      const stream = await browser.fetch(INSPECTOR_EVENTS_PATH, { signal: abort.signal });
      void stream.body
        ?.pipeTo(new WritableStream(), { signal: abort.signal })
        .catch(() => undefined);
      return { name: PANEL_COOKIE, value: browser.cookie(PANEL_COOKIE) ?? '' };
    }),
  );
  return { cookies, close: () => streams.forEach((stream) => stream.abort()) };
}

interface Series {
  perSecond: number;
  /** The server process's CPU milliseconds per sign-in (user + system): steadier than the rate. */
  cpuMs: number;
  /** PostgreSQL's CPU milliseconds per sign-in (its backends for this server); 0 on PGlite. */
  databaseCpuMs: number;
  /** With BENCH_COUNT_WIRE=on: statements per sign-in (else 0). */
  statements: number;
}

async function rate(
  server: BenchServer,
  customers: BenchCustomer[],
  panels?: { name: string; value: string }[],
): Promise<Series> {
  const once = (_index: number, worker: number) =>
    signIn(server.origin, customerAt(customers, worker), new Map(), panels?.[worker]);
  // A server that sat idle while the other was measured starts slower (its caches, the
  // database's): one sign-in per customer, not counted, brings every series to the same start.
  await runConcurrently(USERS, USERS, once);
  const count = SIGN_INS / ROUNDS;
  const cpuBefore = await server.cpuSeconds();
  const databaseBefore = (await server.databaseCpuSeconds()) ?? 0;
  const statementsBefore = server.wireCounts()?.statements ?? 0;
  const { perSecond } = await runConcurrently(count, USERS, once);
  return {
    statements: ((server.wireCounts()?.statements ?? 0) - statementsBefore) / count,
    perSecond,
    cpuMs: ((await server.cpuSeconds()) - cpuBefore) * (1000 / count),
    databaseCpuMs: (((await server.databaseCpuSeconds()) ?? 0) - databaseBefore) * (1000 / count),
  };
}

const before = await machine();
const runs: {
  database: string;
  closed: number;
  open: number;
  ratio: number;
  /** Sign-ins without a panel on the server where the others' panels are open. */
  beside: number;
  closedCpuMs: number;
  openCpuMs: number;
  closedDatabaseCpuMs: number;
  openDatabaseCpuMs: number;
  closedStatements: number;
  openStatements: number;
}[] = [];
/** A server on a fresh database of `kind`, with the benchmark's customers. */
async function startWithCustomers(kind: DatabaseKind) {
  let customers: BenchCustomer[] = [];
  const server = await startBenchServer(kind, {
    // BENCH_COUNT_WIRE=on: statements per sign-in counted on the wire (the rates then suffer).
    countWire: process.env.BENCH_COUNT_WIRE === 'on',
    prepare: async (database) => {
      customers = await addBenchCustomers(database, USERS);
    },
  });
  return { server, customers };
}

for (const kind of benchDatabaseKinds()) {
  // Started together: of two started one after the other, the first measured a few per cent
  // slower throughout, whichever role it had.
  const [closedSide, openSide] = await Promise.all([
    startWithCustomers(kind),
    startWithCustomers(kind),
  ]);
  const panels = await openPanels(openSide.server.origin);
  try {
    // Warm-up, both servers: not counted.
    await rate(closedSide.server, closedSide.customers);
    await rate(openSide.server, openSide.customers, panels.cookies);
    const closed: Series[] = [];
    const open: Series[] = [];
    const beside: Series[] = [];
    const series = [
      async () => closed.push(await rate(closedSide.server, closedSide.customers)),
      async () => open.push(await rate(openSide.server, openSide.customers, panels.cookies)),
      async () => beside.push(await rate(openSide.server, openSide.customers)),
    ];
    // Each round starts with the next series, so that none is always measured first or just
    // after the one on its own server.
    for (let round = 0; round < ROUNDS; round += 1) {
      const rotated = [
        ...series.slice(round % series.length),
        ...series.slice(0, round % series.length),
      ];
      for (const measure of rotated) await measure();
    }
    const mean = (values: Series[], of: keyof Series = 'perSecond') =>
      values.reduce((sum, value) => sum + value[of], 0) / values.length;
    runs.push({
      database: kind,
      closed: round(mean(closed), 1),
      open: round(mean(open), 1),
      ratio: round(mean(open) / mean(closed), 3),
      beside: round(mean(beside), 1),
      closedCpuMs: round(mean(closed, 'cpuMs'), 1),
      openCpuMs: round(mean(open, 'cpuMs'), 1),
      closedStatements: round(mean(closed, 'statements'), 1),
      openStatements: round(mean(open, 'statements'), 1),
      closedDatabaseCpuMs: round(mean(closed, 'databaseCpuMs'), 1),
      openDatabaseCpuMs: round(mean(open, 'databaseCpuMs'), 1),
    });
  } finally {
    panels.close();
    await Promise.all([closedSide.server.stopAndInspect(), openSide.server.stopAndInspect()]);
  }
}

const after = await machine();
console.log(
  `\nComplete sign-ins per second, ${SIGN_INS} each way per database in ${ROUNDS * 3} alternating rounds, ${USERS} customers at once: a server where no panel was ever opened, and one where every customer's "Behind the scenes" is open:\n`,
);
console.log(
  table(
    [
      'database',
      'closed sign-ins/s',
      'open sign-ins/s',
      'open / closed',
      `≥ ${TARGET_RATIO * 100} %`,
      'without a panel, beside open ones',
      'server CPU ms per sign-in, closed / open',
      'PostgreSQL CPU ms per sign-in, closed / open',
    ],
    runs.map((run) => [
      run.database,
      run.closed,
      run.open,
      percentOf(run.open, run.closed),
      verdict(run.ratio >= TARGET_RATIO),
      `${run.beside} (${percentOf(run.beside, run.closed)})`,
      `${run.closedCpuMs} / ${run.openCpuMs}`,
      run.database === 'postgres' ? `${run.closedDatabaseCpuMs} / ${run.openDatabaseCpuMs}` : '–',
    ]),
  ),
);
if (process.env.BENCH_COUNT_WIRE === 'on') {
  for (const run of runs.filter((each) => each.database === 'postgres')) {
    console.log(
      `\nStatements per sign-in on PostgreSQL, counted on the wire: closed ${run.closedStatements}, open ${run.openStatements}.`,
    );
  }
}
await writeResult('behind-the-scenes', {
  target: { ratioOfClosed: TARGET_RATIO },
  users: USERS,
  signInsPerDatabase: SIGN_INS,
  runs: runs.map((run) => ({ ...run, reached: run.ratio >= TARGET_RATIO })),
  machine: { ...before, loadAverageAtEnd: after.loadAverage },
});
