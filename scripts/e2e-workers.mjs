// Prints how many browser workers `npm run test:e2e` runs (E2E_WORKERS, playwright.config.ts):
// two when the machine has the cores to spare, one when other work already keeps them busy.
//
// Each worker (a Chromium and a server of its own) keeps about half a core busy on average, and
// a whole one while a page renders. On an otherwise idle two-core machine (CI) two workers share
// the journeys. On a machine already busy (several people's tests on one box) a second worker was
// measured to gain nothing and to push the heaviest journeys past their time limit (a password
// reset: 10 s with one worker, over 30 s with two): then the run keeps to one, as before.
import os from 'node:os';

const MAX_WORKERS = 2;
const SAMPLE_MS = 2_000;
/** Idle cores needed (over the sample) for each worker beyond the first: most of a machine. */
const IDLE_CORES_PER_EXTRA_WORKER = 1.25;

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.idle + times.user + times.nice + times.sys + times.irq;
  }
  return { idle, total };
}

const before = cpuTimes();
await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
const after = cpuTimes();
const cores = os.availableParallelism();
const idleShare = (after.idle - before.idle) / Math.max(after.total - before.total, 1);
const idleCores = idleShare * cores;
const workers = Math.max(
  1,
  Math.min(MAX_WORKERS, cores, 1 + Math.floor(idleCores / IDLE_CORES_PER_EXTRA_WORKER)),
);
console.error(
  `e2e: ${idleCores.toFixed(1)} of ${cores} cores idle: ${workers} worker(s) (E2E_WORKERS overrides)`,
);
console.log(workers);
