// `npm run bench:login`: complete sign-ins per second — authorization request, identifier,
// password, e-mailed code, resume to the bank's page, pickup, code for token — by
// BENCH_SIGN_IN_USERS (8) customers at once, through the real server in a process of its own.
// Beside it, in the same run, raw argon2id hashes per second with the server's own hashing
// function (hashPassword: the same parameters) at the same concurrency, measured before and
// after the sign-ins and averaged. A sign-in verifies one password, so the ratio says how much
// of a sign-in's cost is the hash (the targets: sign-ins/s ≥ 30 % of hashes/s with one
// server process, ≥ 45 % with WORKERS=2). p50/p99 per step. PostgreSQL when TEST_DATABASE_URL is
// set, with WORKERS=1 and WORKERS=2, and PGlite (one process: it has one connection). Then, on
// PostgreSQL, the statements and transactions one sign-in asks of the database, counted on the
// wire in a separate short run. Figures only: nothing here passes or fails. BENCH_SIGN_INS (per
// run, default 160), BENCH_HASHES (200), BENCH_COUNTED_SIGN_INS (16).
import { DEMO_PASSWORD } from '@anybank/contracts';
import { hashPassword } from '../apps/server/src/modules/identity/credentials/password.service';
import { addBenchCustomers, customerAt, type BenchCustomer } from './support/bench-customers';
import { benchDatabaseKinds, startBenchServer, type DatabaseKind } from './support/bench-server';
import { machine, percentOf, table, verdict, writeResult } from './support/report';
import { latencyOf, round, runConcurrently, type Latency } from './support/stats';
import { STEPS, signIn, type Step } from './support/sign-in-journey';

const USERS = Number(process.env.BENCH_SIGN_IN_USERS ?? 8);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 160);
const HASHES = Number(process.env.BENCH_HASHES ?? 200);
const COUNTED_SIGN_INS = Number(process.env.BENCH_COUNTED_SIGN_INS ?? 16);
/** Sign-ins/s as a share of hashes/s, by the number of server processes (README "Performance"). */
const TARGET_RATIO: Record<number, number> = { 1: 0.3, 2: 0.45 };

/** Raw argon2id hashes per second, USERS at a time, as the server would compute them. */
async function hashesPerSecond(): Promise<number> {
  return (await runConcurrently(HASHES, USERS, () => hashPassword(DEMO_PASSWORD).then(() => {})))
    .perSecond;
}

interface Run {
  database: string;
  /** Server processes (WORKERS). */
  workers: number;
  signInsPerSecond: number;
  hashesPerSecondBefore: number;
  hashesPerSecondAfter: number;
  hashesPerSecond: number;
  ratio: number;
  signIn: Latency;
  steps: ({ step: Step } & Latency)[];
  serverCpuMsPerSignIn: number;
}

/** A server on a fresh database of `kind` with the benchmark's customers, and them. */
async function startWithCustomers(
  kind: DatabaseKind,
  options: { workers?: number; countWire?: boolean } = {},
) {
  let customers: BenchCustomer[] = [];
  const server = await startBenchServer(kind, {
    prepare: async (database) => {
      customers = await addBenchCustomers(database, USERS);
    },
    env: { WORKERS: String(options.workers ?? 1) },
    countWire: options.countWire ?? false,
  });
  return { server, customers };
}

/** What one sign-in asks of PostgreSQL, counted on the wire over COUNTED_SIGN_INS sign-ins. */
async function databaseWorkPerSignIn() {
  const { server, customers } = await startWithCustomers('postgres', { countWire: true });
  try {
    // Warm-up (the pool's connections opened, first-use reads cached): not counted.
    await runConcurrently(USERS, USERS, (index) =>
      signIn(server.origin, customerAt(customers, index), new Map()),
    );
    const before = server.wireCounts();
    await runConcurrently(COUNTED_SIGN_INS, USERS, (_index, worker) =>
      signIn(server.origin, customerAt(customers, worker), new Map()),
    );
    const after = server.wireCounts();
    if (!before || !after) throw new Error('the wire counter did not count');
    return {
      statements: round((after.statements - before.statements) / COUNTED_SIGN_INS, 1),
      transactions: round((after.transactions - before.transactions) / COUNTED_SIGN_INS, 1),
      writingTransactions: round(
        (after.writingTransactions - before.writingTransactions) / COUNTED_SIGN_INS,
        1,
      ),
    };
  } finally {
    await server.stopAndInspect();
  }
}

const before = await machine();
const runs: Run[] = [];
const configurations = benchDatabaseKinds().flatMap((kind) =>
  (kind === 'postgres' ? [1, 2] : [1]).map((workers) => ({ kind, workers })),
);
for (const { kind, workers } of configurations) {
  const { server, customers } = await startWithCustomers(kind, { workers });
  try {
    const durations = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
    // Warm-up: every user signs in once (code paths compiled, pools filled); not counted.
    await runConcurrently(USERS, USERS, (index) =>
      signIn(server.origin, customerAt(customers, index), new Map()),
    );
    await server.endProfileSegment('start-up');
    const hashesBefore = await hashesPerSecond();
    const cpuBefore = await server.cpuSeconds();
    const measured = await runConcurrently(SIGN_INS, USERS, (_index, worker) =>
      signIn(server.origin, customerAt(customers, worker), durations),
    );
    const cpuUsed = (await server.cpuSeconds()) - cpuBefore;
    await server.endProfileSegment('sign-ins');
    const hashesAfter = await hashesPerSecond();
    const hashes = (hashesBefore + hashesAfter) / 2;
    runs.push({
      database: kind,
      workers,
      signInsPerSecond: round(measured.perSecond, 1),
      hashesPerSecondBefore: round(hashesBefore, 1),
      hashesPerSecondAfter: round(hashesAfter, 1),
      hashesPerSecond: round(hashes, 1),
      ratio: round(measured.perSecond / hashes, 3),
      signIn: latencyOf(measured.durationsMs),
      steps: STEPS.map((step) => ({ step, ...latencyOf(durations.get(step) ?? []) })),
      serverCpuMsPerSignIn: round((cpuUsed * 1000) / SIGN_INS, 1),
    });
  } finally {
    await server.stopAndInspect();
  }
}

const databaseWork = benchDatabaseKinds().includes('postgres')
  ? await databaseWorkPerSignIn()
  : null;
const targetOf = (run: Run) => TARGET_RATIO[run.workers] ?? TARGET_RATIO[1] ?? 0;

const after = await machine();
console.log(
  `\nComplete sign-ins (${SIGN_INS} per run, ${USERS} customers at once) beside raw argon2id hashes (${HASHES} before and after, ${USERS} at once):\n`,
);
console.log(
  table(
    [
      'database',
      'workers',
      'sign-ins/s',
      'argon2id hashes/s',
      'sign-ins / hashes',
      'target',
      'reached',
      'sign-in p50 ms',
      'sign-in p99 ms',
      'server CPU ms per sign-in',
    ],
    runs.map((run) => [
      run.database,
      run.workers,
      run.signInsPerSecond,
      run.hashesPerSecond,
      percentOf(run.signInsPerSecond, run.hashesPerSecond),
      `≥ ${targetOf(run) * 100} %`,
      verdict(run.ratio >= targetOf(run)),
      run.signIn.p50Ms,
      run.signIn.p99Ms,
      run.serverCpuMsPerSignIn,
    ]),
  ),
);
console.log('\nEach step, p50 / p99 ms:\n');
console.log(
  table(
    [
      'step',
      ...runs.flatMap((run) => [
        `${run.database}×${run.workers} p50`,
        `${run.database}×${run.workers} p99`,
      ]),
    ],
    STEPS.map((step) => [
      step,
      ...runs.flatMap((run) => {
        const figures = run.steps.find((each) => each.step === step);
        return [figures?.p50Ms ?? Number.NaN, figures?.p99Ms ?? Number.NaN];
      }),
    ]),
  ),
);
if (databaseWork) {
  console.log(
    `\nWhat one sign-in asks of PostgreSQL (${COUNTED_SIGN_INS} sign-ins counted on the wire): ${databaseWork.statements} statements in ${databaseWork.transactions} transactions, of which ${databaseWork.writingTransactions} changed rows (a commit that waits for the disk).`,
  );
}
await writeResult('login', {
  target: { ratioOfHashesByWorkers: TARGET_RATIO },
  users: USERS,
  signInsPerRun: SIGN_INS,
  hashes: HASHES,
  runs: runs.map((run) => ({ ...run, target: targetOf(run), reached: run.ratio >= targetOf(run) })),
  databaseWorkPerSignIn: databaseWork,
  machine: { ...before, loadAverageAtEnd: after.loadAverage },
});
