import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCES_API_PATH, FLOW_API_PATH, TRANSFERS_API_PATH } from '@anybank/contracts';
import { apiClient, customerToken, transferRequest } from './banking-server';
import { freePort } from './browser-session';
import { LoadBalancer } from './load-balancer';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { SignInDriver } from './sign-in-driver';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TestPhone } from './test-phone';

/** A request as the server's log tells it: which process served it, and what was asked. */
interface Served {
  pid: number;
  method: string;
  url: string;
  host: string;
}

/** Every request of the log lines that name one (Fastify's, with pino's `pid`), once each. */
function requestsServed(output: string): Served[] {
  const seen = new Set<string>();
  const served: Served[] = [];
  for (const line of output.split('\n')) {
    // The last line may still be arriving.
    if (!line.startsWith('{') || !line.endsWith('}')) continue;
    const entry = JSON.parse(line) as {
      pid?: number;
      reqId?: string;
      req?: { method?: string; url?: string; host?: string };
    };
    if (entry.pid === undefined || !entry.req?.url || !entry.reqId) continue;
    const key = `${entry.pid} ${entry.reqId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    served.push({
      pid: entry.pid,
      method: entry.req.method ?? '',
      url: entry.req.url,
      host: entry.req.host ?? '',
    });
  }
  return served;
}

/**
 * Waits for the banner, which the primary prints once every worker listens: `/healthz` answers as
 * soon as the first one does, and a test that began then found the other still starting (its
 * requests all went to one worker, and a SIGTERM reached the other before it could drain).
 */
async function everyWorkerListening(server: ServerProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (server.output().includes('AnyBank is running')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the workers did not all listen within 10 s:\n${server.output()}`);
}

// Two processes cannot share a PGlite directory: this one needs a PostgreSQL server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'WORKERS=2: one server process whose two workers share a port and one PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let test: TestDatabase;
    let front: LoadBalancer;
    let server: ServerProcess;

    beforeAll(async () => {
      // With the demo users (copied from the run's template, not hashed again) and no secret or
      // key: the primary makes them before its workers start.
      test = await createTestDatabase('postgres', { seeded: true });
      const port = await freePort();
      // A balancer that keeps no connection open: each request is a new connection, which the
      // cluster hands to its workers in turn.
      front = await LoadBalancer.start([port], { connectionPerRequest: true });
      server = await startServerProcess(
        {
          DATABASE_URL: test.url ?? '',
          ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
          WORKERS: '2',
          PUBLIC_URL: front.origin,
          // The requests' log lines tell which worker served each.
          LOG_LEVEL: 'debug',
          METRICS: 'on',
        },
        { port },
      );
      await everyWorkerListening(server);
    });
    afterAll(async () => {
      if (server) await stopServerProcess(server);
      await front?.close();
      await test?.drop();
    });

    /** The requests that came through the balancer (not the start's health checks). */
    const throughFront = () =>
      requestsServed(server.output()).filter((request) => front.origin.endsWith(request.host));

    /** Waits until the log has a line for every request the balancer passed on. */
    async function logCaughtUp(): Promise<Served[]> {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const served = throughFront();
        if (served.length >= (front.served[0] ?? 0)) return served;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the server did not log every request it was sent');
    }

    it('signs in, and approves a transfer on the phone, with the steps served by both workers', async () => {
      const primaryPid = server.child.pid;
      const phone = new TestPhone(front.origin);
      await phone.activate('john.smith', 'john.smith@example.com', new SignInDriver(front.origin));
      const call = apiClient(front.origin, await customerToken(front.origin, 'john.smith'));
      const signIn = await logCaughtUp();
      const workers = new Set(signIn.map((request) => request.pid));
      expect(workers.size).toBe(2);
      expect(workers.has(primaryPid ?? -1)).toBe(false);
      // The sign-in's own steps went to both.
      const steps = signIn.filter((request) => request.url.startsWith(FLOW_API_PATH));
      expect(new Set(steps.map((request) => request.pid)).size).toBe(2);

      const balances = (await (await call(BALANCES_API_PATH)).json()) as {
        Data: { Balance: { AccountId: string; Amount: { Amount: string } }[] };
      };
      const [checking, savings] = balances.Data.Balance.map((entry) => entry.AccountId);
      const transfer = call(TRANSFERS_API_PATH, transferRequest(checking, savings, '1,500.00'));
      let request: { id: string } | undefined;
      for (let attempt = 0; attempt < 50 && !request; attempt += 1) {
        request = (await phone.pending()).requests.find((each) => each.kind === 'transfer');
        if (!request) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(request).toBeDefined();
      // The workers take new connections in turn: the phone's answer is steered to the worker
      // that is not holding the transfer, which must learn of it through the database.
      const served = await logCaughtUp();
      const waiting = served.find(
        (each) => each.method === 'POST' && each.url === TRANSFERS_API_PATH,
      );
      // A cheap request that the log records (health checks write no line) takes a turn.
      if (served.at(-1)?.pid !== waiting?.pid) {
        await fetch(`${front.origin}/.well-known/openid-configuration`);
      }
      expect((await phone.decide(request?.id ?? '', 'approve')).status).toBe(204);
      expect((await transfer).status).toBe(204);
      const decided = (await logCaughtUp()).find((each) => each.url.endsWith('/decision'));
      expect(decided?.pid).not.toBe(waiting?.pid);

      const after = (await (await call(BALANCES_API_PATH)).json()) as typeof balances;
      const amountOf = (list: typeof balances, id = checking) =>
        Number(list.Data.Balance.find((entry) => entry.AccountId === id)?.Amount.Amount);
      expect(amountOf(balances) - amountOf(after)).toBeCloseTo(1500, 2);

      // Whichever worker a scrape reaches answers for both. The phone's approval
      // was counted on one worker and the transfer it confirmed on the other.
      for (let scrape = 0; scrape < 2; scrape += 1) {
        const metrics = await (await fetch(`${front.origin}/metrics`)).text();
        expect(metrics).toContain('anybank_ciba_decisions_total{decision="approved"} 1\n');
        expect(metrics).toContain('anybank_transfers_total{outcome="confirmed"} 1\n');
      }
    });

    it('stops both workers, each draining as one process does, on one SIGTERM to the process', async () => {
      const ended = await stopServerProcess(server);
      expect(ended).toEqual({ code: 0, signal: null });
      const stopping = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"stopping"'));
      expect(new Set(stopping.map((line) => (JSON.parse(line) as { pid: number }).pid)).size).toBe(
        2,
      );
    });

    it('ends with 1 when a worker dies, naming it, and stops the other one as on SIGTERM', async () => {
      const again = await startServerProcess({
        DATABASE_URL: test.url ?? '',
        WORKERS: '2',
        LOG_LEVEL: 'info',
      });
      try {
        await everyWorkerListening(again);
        const pids = [...again.output().matchAll(/"pid":(\d+)[^\n]*"msg":"Server listening/g)].map(
          (match) => Number(match[1]),
        );
        const [dying, other] = [...new Set(pids)];
        expect(other).toBeDefined();
        process.kill(dying ?? 0, 'SIGKILL');
        expect(await again.exited).toEqual({ code: 1, signal: null });
        expect(again.output()).toMatch(
          new RegExp(
            `AnyBank is stopping: its worker \\d+ \\(pid ${dying}\\) ended unexpectedly \\(killed by SIGKILL\\)`,
          ),
        );
        expect(again.output()).toMatch(new RegExp(`"pid":${other},[^\n]*"msg":"stopping"`));
      } finally {
        await stopServerProcess(again);
      }
    });
  },
);

describe('WORKERS on the embedded database', () => {
  it('stops the start with one line naming WORKERS and DATABASE_URL', async () => {
    // It stops before it opens the database: an empty directory will do.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'anybank-workers-'));
    try {
      await expect(startServerProcess({ DATA_DIR: dataDir, WORKERS: '2' })).rejects.toThrow(
        /AnyBank cannot start\. Invalid configuration:\n {2}- WORKERS: must be 1 with the embedded database, which has one connection; set DATABASE_URL to a PostgreSQL server to run several processes \(got "2"\)\n/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
