// `npm run bench:load`: BENCH_USERS simulated customers (200) run the journey mix — sign-in
// (authorization, identifier, password, e-mailed code, token), dashboard (balances, menu,
// consents), a transfer, a consent change, sign-out — for BENCH_SECONDS (60), each pausing
// about BENCH_THINK_MS (1000) between steps as a person does, against the real server in a
// process of its own. It then checks what the issue asks: no 5xx, no lost transfer (every
// transfer answered 204 is in the ledger), the books balance. Prints a table and writes
// bench/results/load.json; exits 1 when a check fails (never for a timing).
// PostgreSQL when TEST_DATABASE_URL is set, else PGlite; BENCH_LOAD_DATABASE=pglite|postgres
// chooses. The rate limit is raised: every simulated user comes from 127.0.0.1.
import { randomInt } from 'node:crypto';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import {
  BALANCES_API_PATH,
  CONSENTS_API_PATH,
  DEMO_PASSWORD,
  IDEMPOTENCY_KEY_HEADER,
  MENU_OPTIONS_API_PATH,
  OAUTH_PATHS,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  balancesResponseSchema,
  consentSearchResponseSchema,
} from '@anybank/contracts';
import { WEB_DIST_DIR } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { accounts, transfers, users } from '../apps/server/src/db/schema';
import { NEW_CUSTOMER_BALANCES } from '../apps/server/src/modules/banking';
import { BrowserSession } from '../apps/server/test/browser-session';
import { demoOpeningBalances, ledgerProblems } from '../apps/server/test/ledger-invariant';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../apps/server/test/server-process';
import { PERSON_RISK_PAYLOAD, SignInDriver } from '../apps/server/test/sign-in-driver';
import { createTestDatabase, type TestDatabase } from '../apps/server/test/test-database';
import { addBenchCustomers, benchCustomerUid } from './support/bench-customers';
import { percentile, round } from './support/stats';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const KIND =
  process.env.BENCH_LOAD_DATABASE ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
if (KIND !== 'pglite' && KIND !== 'postgres')
  throw new Error('BENCH_LOAD_DATABASE: pglite or postgres');

const STEPS = ['sign-in', 'dashboard', 'transfer', 'consent change', 'sign-out'] as const;
type Step = (typeof STEPS)[number];

const perStep = <T>(): Record<Step, T[]> => ({
  'sign-in': [],
  dashboard: [],
  transfer: [],
  'consent change': [],
  'sign-out': [],
});
const durations = perStep<number>();
const failures = perStep<string>();
const statuses = new Map<number, number>();
const answeredTransfers: { key: string; number: number }[] = [];
let lostTransfers = 0;
let requests = 0;

/** One browser whose every answer is counted by status. */
class CountingBrowser extends BrowserSession {
  override async fetch(target: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.fetch(target, init);
    requests += 1;
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    return response;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(THINK_MS * (0.5 + Math.random()));

async function timed(step: Step, work: () => Promise<void>): Promise<boolean> {
  const started = performance.now();
  try {
    await work();
    durations[step].push(performance.now() - started);
    return true;
  } catch (error) {
    failures[step].push(error instanceof Error ? error.message : String(error));
    return false;
  }
}

function expectStatus(response: Response, expected: number, what: string) {
  if (response.status !== expected) throw new Error(`${what} answered ${response.status}`);
}

/** One simulated customer: journeys one after another until the time is up. */
async function customer(origin: string, index: number, deadline: number) {
  const uid = benchCustomerUid(index);
  const email = `${uid}@example.com`;
  let journey = 0;
  await sleep(Math.random() * THINK_MS * 2);
  while (Date.now() < deadline) {
    journey += 1;
    const browser = new CountingBrowser(origin);
    const driver = new SignInDriver(origin, undefined, browser);
    let token = '';
    const api = (target: string, init: RequestInit = {}) =>
      browser.fetch(target, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      });

    const signedIn = await timed('sign-in', async () => {
      const landing = await driver.signInWithPasswordAndEmail(uid, email, DEMO_PASSWORD);
      const answer = await driver.token(landing.searchParams.get('code') ?? '');
      expectStatus(answer, 200, 'token');
      token = ((await answer.json()) as { access_token: string }).access_token;
    });
    if (!signedIn) continue;
    await think();

    let own: string[] = [];
    let consentId = '';
    await timed('dashboard', async () => {
      const [balances, menu, consents] = await Promise.all([
        api(BALANCES_API_PATH),
        api(MENU_OPTIONS_API_PATH),
        api(`${CONSENTS_API_PATH}?definition=communication`),
      ]);
      expectStatus(balances, 200, 'balances');
      expectStatus(menu, 200, 'menu options');
      await menu.arrayBuffer();
      own = balancesResponseSchema
        .parse(await balances.json())
        .Data.Balance.map((each) => each.AccountId);
      expectStatus(consents, 200, 'consents');
      const found = consentSearchResponseSchema.parse(await consents.json());
      consentId = found._embedded.consents[0]?.id ?? '';
    });
    await think();

    if (Date.now() < deadline && own.length >= 2) {
      await timed('transfer', async () => {
        const key = `load-${index}-${journey}`;
        const forth = Math.random() < 0.5;
        try {
          const response = await api(TRANSFERS_API_PATH, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
            body: JSON.stringify({
              data: {
                type: 'transfers',
                attributes: {
                  from_account_id: forth ? own[0] : own[1],
                  to_account_id: forth ? own[1] : own[0],
                  amount: `${randomInt(1, 50)}.${String(randomInt(0, 100)).padStart(2, '0')}`,
                  risk_data: PERSON_RISK_PAYLOAD,
                },
              },
            }),
          });
          await response.arrayBuffer();
          expectStatus(response, 204, 'transfer');
          answeredTransfers.push({
            key,
            number: Number(response.headers.get(TRANSFER_NUMBER_HEADER)),
          });
        } catch (error) {
          if (error instanceof TypeError) lostTransfers += 1;
          throw error;
        }
      });
      await think();
    }

    if (Date.now() < deadline) {
      await timed('consent change', async () => {
        const data = { sms: Math.random() < 0.5, email: true, homeAddress: Math.random() < 0.5 };
        const response = consentId
          ? await api(`${CONSENTS_API_PATH}/${consentId}`, {
              method: 'PATCH',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ data }),
            })
          : await api(CONSENTS_API_PATH, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ definition: 'communication', data }),
            });
        await response.arrayBuffer();
        expectStatus(response, consentId ? 200 : 201, 'consent change');
      });
      await think();
    }

    await timed('sign-out', async () => {
      const params = new URLSearchParams({
        client_id: driver.client.clientId,
        post_logout_redirect_uri: `${origin}/`,
      });
      const page = await browser.fetch(`${OAUTH_PATHS.endSession}?${params}`);
      const html = await page.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const confirm = await browser.fetch(new URL(action, origin).pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf, logout: 'yes' }),
      });
      await confirm.arrayBuffer();
      if (confirm.headers.get('location') !== `${origin}/`) {
        throw new Error(`sign-out answered ${confirm.status}`);
      }
    });
    await think();
  }
}

/** The simulated customers, each with e-mail as second factor and a new customer's money. */
/** CPU seconds a process has used so far (user + system), from /proc. */
async function cpuSecondsOf(pid: number): Promise<number | null> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

// Set-up: a fresh database with the simulated customers, then the server on it.
let postgres: TestDatabase | null = null;
let dataDir = '';
let env: Record<string, string>;
if (KIND === 'postgres') {
  postgres = await createTestDatabase('postgres');
  await addBenchCustomers(postgres.handle, USERS);
  env = { DATABASE_URL: postgres.url ?? '' };
} else {
  dataDir = await mkdtemp(path.join(tmpdir(), 'anybank-load-'));
  const setup = await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(setup);
  await addBenchCustomers(setup, USERS);
  await setup.close();
  env = { DATA_DIR: dataDir };
}

// A sign-in ends on the bank's page: the built web app's, or (not built) a page of our own,
// so that the landing answers 200 as it does in production rather than "not built yet".
const webBuilt = await access(path.join(WEB_DIST_DIR, 'index.html')).then(
  () => true,
  () => false,
);
const webDir = webBuilt ? WEB_DIST_DIR : await mkdtemp(path.join(tmpdir(), 'anybank-load-web-'));
if (!webBuilt) {
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>AnyBank</title>\n');
  console.warn('The web app is not built (npm run build): landings get a one-line page.');
}

let server: ServerProcess | null = null;
try {
  server = await startServerProcess({
    ...env,
    WEB_DIST_DIR: webDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const { origin } = server;
  const serverCpuBefore = await cpuSecondsOf(server.child.pid ?? 0);
  const benchCpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: USERS }, (_, index) => customer(origin, index, deadline)));
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = await cpuSecondsOf(server.child.pid ?? 0);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const stopped = await stopServerProcess(server);
  server = null;

  // The books, read once the server has stopped (PGlite has one owner).
  const books = postgres ? postgres.handle : await openDatabase({ kind: 'pglite', dataDir });
  let missing: string[];
  let problems: string[];
  try {
    const rows = await books.db
      .select()
      .from(transfers)
      .where(like(transfers.idempotencyKey, 'load-%'));
    const byKey = new Map(rows.map((row) => [row.idempotencyKey, row]));
    missing = answeredTransfers
      .filter(({ key, number }) => {
        const row = byKey.get(key);
        return !row || row.status !== 'confirmed' || row.referenceNumber !== number;
      })
      .map(({ key }) => key);
    const opening = await demoOpeningBalances(books.db);
    const simulated = await books.db
      .select({ id: accounts.id, position: accounts.position })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerId))
      .where(like(users.uid, `${benchCustomerUid(0).slice(0, -3)}%`));
    for (const account of simulated) {
      opening.set(account.id, NEW_CUSTOMER_BALANCES[account.position] ?? 0);
    }
    problems = await ledgerProblems(books.db, opening);
  } finally {
    if (!postgres) await books.close();
  }

  const serverErrors = [...statuses].filter(([status]) => status >= 500);
  const steps = STEPS.map((step) => {
    const sorted = [...durations[step]].sort((a, b) => a - b);
    return {
      step,
      completed: sorted.length,
      failed: failures[step].length,
      perSecond: round(sorted.length / elapsed),
      p50Ms: round(percentile(sorted, 0.5)),
      p99Ms: round(percentile(sorted, 0.99)),
      firstFailures: [...new Set(failures[step])].slice(0, 3),
    };
  });
  const result = {
    benchmark: 'load',
    takenAt: new Date().toISOString(),
    database: KIND,
    webAppBuilt: webBuilt,
    users: USERS,
    seconds: Number(elapsed.toFixed(1)),
    thinkMs: THINK_MS,
    requests,
    requestsPerSecond: Number((requests / elapsed).toFixed(1)),
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    steps,
    transfersAnswered204: answeredTransfers.length,
    transfersWithoutAnswer: lostTransfers,
    transfersMissingFromLedger: missing.length,
    ledgerProblems: problems.slice(0, 10),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverageAtEnd: loadavg().map(round),
    },
    serverCpuSeconds:
      serverCpu !== null && serverCpuBefore !== null ? round(serverCpu - serverCpuBefore) : null,
    loadGeneratorCpuSeconds: round((benchCpu.user + benchCpu.system) / 1e6),
    serverStopped: stopped,
    checks: {
      no5xx: serverErrors.length === 0,
      noLostTransfer: missing.length === 0 && lostTransfers === 0,
      booksBalance: problems.length === 0,
    },
  };
  await mkdir(new URL('results/', import.meta.url), { recursive: true });
  await writeFile(
    new URL('results/load.json', import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );

  const fixed = (value: number, digits = 1) => (Number.isNaN(value) ? '–' : value.toFixed(digits));
  console.log(
    `\n${USERS} simulated customers for ${result.seconds} s on ${KIND} (think time ~${THINK_MS} ms): ` +
      `${requests} requests, ${result.requestsPerSecond}/s\n`,
  );
  console.log('| step           | done  | failed | per s |   p50 ms |   p99 ms |');
  console.log('|----------------|------:|-------:|------:|---------:|---------:|');
  for (const row of steps) {
    console.log(
      `| ${row.step.padEnd(14)} | ${String(row.completed).padStart(5)} | ${String(row.failed).padStart(6)} | ${fixed(row.perSecond).padStart(5)} | ${fixed(row.p50Ms).padStart(8)} | ${fixed(row.p99Ms).padStart(8)} |`,
    );
  }
  console.log(`\nstatuses: ${JSON.stringify(result.statuses)}`);
  console.log(
    `transfers answered 204: ${answeredTransfers.length}, missing from the ledger: ${missing.length}, without an answer: ${lostTransfers}`,
  );
  console.log(
    `CPU: server ${fixed(result.serverCpuSeconds ?? Number.NaN)} s, load generator ${fixed(result.loadGeneratorCpuSeconds)} s over ${result.seconds} s`,
  );
  for (const [check, passed] of Object.entries(result.checks)) {
    console.log(`${passed ? 'PASS' : 'FAIL'} ${check}`);
  }
  for (const row of steps)
    for (const message of row.firstFailures) console.log(`  ${row.step}: ${message}`);
  for (const problem of result.ledgerProblems) console.log(`  ledger: ${problem}`);
  if (!Object.values(result.checks).every(Boolean)) process.exitCode = 1;
} finally {
  if (server) server.child.kill('SIGKILL');
  await postgres?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (!webBuilt) await rm(webDir, { recursive: true, force: true });
}
