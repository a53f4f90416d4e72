// `npm run bench:login`: complete sign-ins per second — authorization request, identifier,
// password, e-mailed code, resume to the bank's page, pickup, code for token — by
// BENCH_SIGN_IN_USERS (8) customers at once, through the real server in a process of its own.
// Beside it, in the same run, raw argon2id hashes per second with the server's own hashing
// function (hashPassword: the same parameters) at the same concurrency, measured before and
// after the sign-ins and averaged. A sign-in verifies one password, so the ratio says how much
// of a sign-in's cost is the hash (target: sign-ins/s ≥ 70 % of hashes/s). p50/p99 per step.
// PostgreSQL when TEST_DATABASE_URL is set, and PGlite. Figures only: nothing here passes or
// fails. BENCH_SIGN_INS (per database, default 160) and BENCH_HASHES (200).
import { DEMO_PASSWORD } from '@anybank/contracts';
import { hashPassword } from '../apps/server/src/modules/identity/credentials/password.service';
import { addBenchCustomers, customerAt, type BenchCustomer } from './support/bench-customers';
import { benchDatabaseKinds, startBenchServer } from './support/bench-server';
import { machine, percentOf, table, verdict, writeResult } from './support/report';
import { latencyOf, round, runConcurrently, type Latency } from './support/stats';
import { STEPS, signIn, type Step } from './support/sign-in-journey';

const USERS = Number(process.env.BENCH_SIGN_IN_USERS ?? 8);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 160);
const HASHES = Number(process.env.BENCH_HASHES ?? 200);
const TARGET_RATIO = 0.7;

/** Raw argon2id hashes per second, USERS at a time, as the server would compute them. */
async function hashesPerSecond(): Promise<number> {
  return (await runConcurrently(HASHES, USERS, () => hashPassword(DEMO_PASSWORD).then(() => {})))
    .perSecond;
}

interface Run {
  database: string;
  signInsPerSecond: number;
  hashesPerSecondBefore: number;
  hashesPerSecondAfter: number;
  hashesPerSecond: number;
  ratio: number;
  signIn: Latency;
  steps: ({ step: Step } & Latency)[];
  serverCpuMsPerSignIn: number;
}

const before = await machine();
const runs: Run[] = [];
for (const kind of benchDatabaseKinds()) {
  let customers: BenchCustomer[] = [];
  const server = await startBenchServer(kind, {
    prepare: async (database) => {
      customers = await addBenchCustomers(database, USERS);
    },
  });
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

const after = await machine();
console.log(
  `\nComplete sign-ins (${SIGN_INS} per database, ${USERS} customers at once) beside raw argon2id hashes (${HASHES} before and after, ${USERS} at once):\n`,
);
console.log(
  table(
    [
      'database',
      'sign-ins/s',
      'argon2id hashes/s',
      'sign-ins / hashes',
      `≥ ${TARGET_RATIO * 100} %`,
      'sign-in p50 ms',
      'sign-in p99 ms',
      'server CPU ms per sign-in',
    ],
    runs.map((run) => [
      run.database,
      run.signInsPerSecond,
      run.hashesPerSecond,
      percentOf(run.signInsPerSecond, run.hashesPerSecond),
      verdict(run.ratio >= TARGET_RATIO),
      run.signIn.p50Ms,
      run.signIn.p99Ms,
      run.serverCpuMsPerSignIn,
    ]),
  ),
);
console.log('\nEach step, p50 / p99 ms:\n');
console.log(
  table(
    ['step', ...runs.flatMap((run) => [`${run.database} p50`, `${run.database} p99`])],
    STEPS.map((step) => [
      step,
      ...runs.flatMap((run) => {
        const figures = run.steps.find((each) => each.step === step);
        return [figures?.p50Ms ?? Number.NaN, figures?.p99Ms ?? Number.NaN];
      }),
    ]),
  ),
);
await writeResult('login', {
  target: { ratioOfHashes: TARGET_RATIO },
  users: USERS,
  signInsPerDatabase: SIGN_INS,
  hashes: HASHES,
  runs: runs.map((run) => ({ ...run, reached: run.ratio >= TARGET_RATIO })),
  machine: { ...before, loadAverageAtEnd: after.loadAverage },
});
