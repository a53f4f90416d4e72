// `npm run bench`: every benchmark, one after another (each in a process of its own, printing
// its table and writing bench/results/<name>.json), then the summary. `npm run bench -- login
// web` runs only those. PostgreSQL figures need a server: TEST_DATABASE_URL, or one answering
// on 127.0.0.1:5432 as on this project's machines (as `.ci/run` finds it). A benchmark fails
// only when it cannot run or its books do not balance — never for a timing.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';

const BENCHMARKS = [
  'login',
  'behind-the-scenes',
  'client-credentials',
  'transfers',
  'balances',
  'anonymous-stall',
  'web',
  'load',
];
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !BENCHMARKS.includes(name));
if (unknown.length > 0)
  throw new Error(`no benchmark ${unknown.join(', ')}: ${BENCHMARKS.join(', ')}`);
const toRun = chosen.length > 0 ? chosen : BENCHMARKS;

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const env = { ...process.env };
if (!env.TEST_DATABASE_URL && (await answers(LOCAL_POSTGRES))) {
  env.TEST_DATABASE_URL = LOCAL_POSTGRES;
  console.log(`PostgreSQL answers on 127.0.0.1:5432: the benchmarks measure it as well as PGlite.`);
} else if (!env.TEST_DATABASE_URL) {
  console.log('No PostgreSQL (TEST_DATABASE_URL): PGlite only.');
}
const [oneMinute = 0] = loadavg();
console.log(
  `Load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${cpus().length} cores.`,
);
if (oneMinute > cpus().length) {
  console.log('The machine is busy: absolute figures will be low; the ratios hold up better.');
}

const failed: string[] = [];
for (const name of toRun) {
  console.log(`\n=== ${name} ===`);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.bench.ts`], {
      env,
      stdio: 'inherit',
    });
    child.on('exit', resolve);
  });
  if (code !== 0) failed.push(name);
}

console.log('\n=== summary (bench/results) ===\n');
await new Promise((resolve) => {
  spawn(process.execPath, ['--import', 'tsx', 'bench/summary.ts'], { stdio: 'inherit' }).on(
    'exit',
    resolve,
  );
});
if (failed.length > 0) {
  console.error(`\nDid not complete: ${failed.join(', ')}`);
  process.exitCode = 1;
}
