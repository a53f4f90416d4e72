// `npm run bench:behind-the-scenes`: what an open "Behind the scenes" panel costs the bank
// (issue 15 §1: at most 5 % of the sign-in rate). The same complete sign-ins as `bench:login`,
// BENCH_SIGN_IN_USERS (8) customers at once, in rounds that alternate: the panel closed (no
// cookie: nothing is recorded beyond the security events), then every customer's browser with a
// panel open and its event stream being read, as the panel reads it. Alternating rounds in one
// run of one server keep the machine's drift out of the ratio. Figures only: nothing fails.
import { INSPECTOR_EVENTS_PATH, INSPECTOR_PATH, XSRF_HEADER } from '@anybank/contracts';
import { BrowserSession } from '../apps/server/test/browser-session';
import { addBenchCustomers, customerAt, type BenchCustomer } from './support/bench-customers';
import { benchDatabaseKinds, startBenchServer } from './support/bench-server';
import { machine, percentOf, table, verdict, writeResult } from './support/report';
import { signIn } from './support/sign-in-journey';
import { round, runConcurrently } from './support/stats';

const USERS = Number(process.env.BENCH_SIGN_IN_USERS ?? 8);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 160);
const ROUNDS = 4;
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

async function rate(
  origin: string,
  customers: BenchCustomer[],
  panels?: { name: string; value: string }[],
) {
  const measured = await runConcurrently(SIGN_INS / ROUNDS, USERS, (_index, worker) =>
    signIn(origin, customerAt(customers, worker), new Map(), panels?.[worker]),
  );
  return measured.perSecond;
}

const before = await machine();
const runs: { database: string; closed: number; open: number; ratio: number }[] = [];
for (const kind of benchDatabaseKinds()) {
  let customers: BenchCustomer[] = [];
  const server = await startBenchServer(kind, {
    prepare: async (database) => {
      customers = await addBenchCustomers(database, USERS);
    },
  });
  const panels = await openPanels(server.origin);
  try {
    // Warm-up, both ways: not counted.
    await rate(server.origin, customers);
    await rate(server.origin, customers, panels.cookies);
    const closed: number[] = [];
    const open: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      closed.push(await rate(server.origin, customers));
      open.push(await rate(server.origin, customers, panels.cookies));
    }
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / values.length;
    runs.push({
      database: kind,
      closed: round(mean(closed), 1),
      open: round(mean(open), 1),
      ratio: round(mean(open) / mean(closed), 3),
    });
  } finally {
    panels.close();
    await server.stopAndInspect();
  }
}

const after = await machine();
console.log(
  `\nComplete sign-ins per second, ${SIGN_INS} per database in ${ROUNDS * 2} alternating rounds, ${USERS} customers at once, with "Behind the scenes" closed and open:\n`,
);
console.log(
  table(
    [
      'database',
      'closed sign-ins/s',
      'open sign-ins/s',
      'open / closed',
      `≥ ${TARGET_RATIO * 100} %`,
    ],
    runs.map((run) => [
      run.database,
      run.closed,
      run.open,
      percentOf(run.open, run.closed),
      verdict(run.ratio >= TARGET_RATIO),
    ]),
  ),
);
await writeResult('behind-the-scenes', {
  target: { ratioOfClosed: TARGET_RATIO },
  users: USERS,
  signInsPerDatabase: SIGN_INS,
  runs: runs.map((run) => ({ ...run, reached: run.ratio >= TARGET_RATIO })),
  machine: { ...before, loadAverageAtEnd: after.loadAverage },
});
