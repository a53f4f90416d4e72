// `npm run bench:summary` (and the end of `npm run bench`): the latest figure of every
// benchmark beside its limit or target, from bench/results/*.json, as one Markdown table (the
// README's Performance section quotes it).
import { readFile } from 'node:fs/promises';
import { table } from './support/report';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- results files are read back as written; each row below names the fields it uses

async function result(name: string): Promise<Json | null> {
  return readFile(new URL(`results/${name}.json`, import.meta.url), 'utf8').then(
    (text) => JSON.parse(text) as Json,
    () => null,
  );
}

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)} %`;
const yes = (reached: boolean) => (reached ? 'yes' : '**no**');
const rows: (string | number)[][] = [];

const login = await result('login');
for (const run of login?.runs ?? []) {
  const work = run.database === 'postgres' ? login?.databaseWorkPerSignIn : null;
  rows.push([
    `Sign-in, ${login?.users} at once (${run.database}, WORKERS=${run.workers})`,
    `${run.signInsPerSecond} sign-ins/s (p50 ${run.signIn.p50Ms} ms, p99 ${run.signIn.p99Ms} ms; server CPU ${run.serverCpuMsPerSignIn} ms${work ? `; ${work.statements} statements, ${work.writingTransactions} writing commits` : ''})`,
    `${run.hashesPerSecond} argon2id hashes/s`,
    pct(run.signInsPerSecond, run.hashesPerSecond),
    `≥ ${Math.round(run.target * 100)} % of hashes/s`,
    yes(run.reached),
  ]);
}

const panels = await result('behind-the-scenes');
for (const run of panels?.runs ?? []) {
  rows.push([
    `Sign-in with "Behind the scenes" open, ${panels?.users} at once (${run.database})`,
    `${run.open} sign-ins/s (server CPU ${run.openCpuMs} ms${run.database === 'postgres' ? `, PostgreSQL CPU ${run.openDatabaseCpuMs} ms` : ''})`,
    `${run.closed} sign-ins/s closed (${run.closedCpuMs} ms${run.database === 'postgres' ? `, ${run.closedDatabaseCpuMs} ms` : ''})`,
    pct(run.open, run.closed),
    `≥ ${Math.round(panels?.target.ratioOfClosed * 100)} % of closed`,
    yes(run.reached),
  ]);
}

const grants = await result('client-credentials');
if (grants) {
  const best = grants.saturated;
  rows.push([
    `Client-credentials grants (${best.database}, ${best.connections} connections)`,
    `${best.grantsPerSecond} grants/s (p99 ${best.p99Ms} ms)`,
    `${best.discoveryPerSecond} discovery documents/s`,
    pct(best.grantsPerSecond, best.discoveryPerSecond),
    `≥ ${Math.round((grants.targets.ratioToDiscovery ?? 0) * 100)} % of discovery, ≥ ${grants.targets.grantsPerSecond}/s (Keycloak: ${grants.targets.keycloakPerVcpu * grants.machine.nproc}/s)`,
    yes(best.reached),
  ]);
}

const transfers = await result('transfers');
for (const run of transfers?.runs ?? []) {
  const isTarget = run.database === 'postgres';
  const work = isTarget ? transfers?.databaseWorkPerTransfer : null;
  rows.push([
    `Transfers, ${transfers?.clients} clients (${run.database})`,
    `${run.api.perSecond} transfers/s (p99 ${run.api.p99Ms} ms${work ? `; ${work.statements} statements in ${work.transactions} transactions` : ''}); books ${run.booksProblems.length === 0 ? 'balance' : 'BROKEN'}`,
    `${run.rawPerSecond} raw SQL transactions/s`,
    pct(run.api.perSecond, run.rawPerSecond),
    isTarget ? '≥ 50 % of raw, p99 < 50 ms' : '(PostgreSQL only)',
    isTarget ? yes(run.reached.ratio && run.reached.p99) : '–',
  ]);
}

const balances = await result('balances');
for (const run of balances?.runs ?? []) {
  rows.push([
    `Balances, ${balances?.connections} connections (${run.database}, WORKERS=${run.workers ?? 1})`,
    `${run.balances.perSecond} requests/s (p99 ${run.balances.p99Ms} ms)`,
    `${run.healthz.perSecond} /healthz/s`,
    pct(run.balances.perSecond, run.healthz.perSecond),
    '≥ 3,000/s, p99 < 20 ms',
    yes(run.reached.requestsPerSecond && run.reached.p99),
  ]);
}

const stall = await result('anonymous-stall');
for (const run of stall?.runs ?? []) {
  for (const limits of ['raised', 'default']) {
    const scenarios = run.scenarios.filter((scenario: Json) => scenario.limits === limits);
    const worst = [...scenarios].sort((a: Json, b: Json) => b.ratioP99 - a.ratioP99)[0];
    if (!worst) continue;
    rows.push([
      `An unrelated request beside ${stall?.attackers} anonymous attackers (${run.database}, ${limits} rate limits; worst: ${worst.scenario})`,
      `p99 ${worst.underAttack.p99Ms} ms under attack (${worst.attacksPerSecond} attacks/s)`,
      `p99 ${worst.alone.p99Ms} ms alone`,
      `${worst.ratioP99}×`,
      `< ${stall?.target.ratioP99}× in every scenario`,
      yes(scenarios.every((scenario: Json) => scenario.reached)),
    ]);
  }
}

const web = await result('web');
if (web) {
  rows.push([
    'JavaScript that / loads',
    `${web.entryJavaScript.gzipKb} KB gzip (${web.entryJavaScript.totalKb} KB)`,
    '–',
    '–',
    `≤ ${web.targets.entryJavaScriptGzipKb} KB gzip`,
    yes(web.entryJavaScript.reached),
  ]);
  for (const page of web.lighthouse.pages) {
    const { performance, accessibility } = page.scores;
    const practices = page.scores['best-practices'];
    rows.push([
      `Lighthouse desktop, ${page.path}${page.landedAsExpected ? '' : ' (did not land as expected)'}`,
      `performance ${performance}, accessibility ${accessibility}, best practices ${practices}`,
      '–',
      '–',
      '95 / 100 / 95',
      yes(performance >= 95 && accessibility >= 100 && practices >= 95),
    ]);
  }
}

const load = await result('load');
if (load) {
  const checks = Object.values(load.checks ?? {}).every(Boolean);
  rows.push([
    `Load: ${load.users} users for ${load.seconds} s (${load.database})`,
    `${load.requestsPerSecond} requests/s, statuses ${JSON.stringify(load.statuses)}`,
    '–',
    '–',
    'no 5xx, no lost transfer, books balance',
    yes(checks),
  ]);
}

console.log(
  table(['benchmark', 'measured', 'limit in the same run', 'ratio', 'target', 'reached'], rows),
);
