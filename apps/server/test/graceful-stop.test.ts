import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_HEADER, pushDecisionMessage } from '@anybank/contracts';
import { openDatabase } from '../src/db/database';
import { transfers } from '../src/db/schema';

import { customerToken } from './banking-server';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { SignInDriver } from './sign-in-driver';
import { TestPhone } from './test-phone';
import { depositAccounts, sendTransfer } from './transfer-burst';
import { newPgliteDataDir } from './pglite-data-dir';

/** Whether a new TCP connection to the port is accepted (true) or refused (false). */
function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A POST whose headers the server has taken (it answered 100 Continue: the request is in
 * flight) and whose body the test sends when it chooses, as from a slow mobile network.
 */
function heldPost(
  port: number,
  path: string,
  body: unknown,
): Promise<{ finish(): Promise<number> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    let answered: (status: number) => void;
    const status = new Promise<number>((done) => (answered = done));
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          expect: '100-continue',
          [XSRF_HEADER]: '1',
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => answered(answer.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.once('continue', () =>
      resolve({
        finish: () => {
          outgoing.end(payload);
          return status;
        },
      }),
    );
    outgoing.flushHeaders();
  });
}

describe('stopping the server (SIGTERM) while a request is in flight', () => {
  let dataDir = '';
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = await newPgliteDataDir('anybank-stop-');
    server = await startServerProcess({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' });
  });
  afterAll(async () => {
    server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight with their normal answers, refuses new connections, exits 0', async () => {
    const phone = new TestPhone(server.origin);
    await phone.activate('john.smith', 'john.smith@example.com', new SignInDriver(server.origin));
    const token = await customerToken(server.origin, 'john.smith');
    const [checking, savings] = await depositAccounts(server.origin, token);

    // Above the approval threshold: the request waits while the server asks the phone.
    let settled = false;
    const transfer = sendTransfer(server.origin, token, {
      key: 'approved-during-stop',
      from: checking,
      to: savings,
      amount: '1,500.00',
    }).finally(() => (settled = true));
    let request: { id: string } | undefined;
    for (let attempt = 0; attempt < 100 && !request; attempt += 1) {
      request = (await phone.pending()).requests.find((each) => each.kind === 'transfer');
      if (!request) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(request).toBeDefined();
    // The phone's approval is on its way (headers in, body still coming) when the stop comes.
    const approval = await heldPost(
      server.port,
      `/api/mobile/push-requests/${request!.id}/decision`,
      {
        deviceId: phone.deviceId,
        decision: 'approve',
        signature: phone.sign(pushDecisionMessage(request!.id, 'approve')),
      },
    );

    server.child.kill('SIGTERM');
    let refused = false;
    for (const deadline = Date.now() + 10_000; !refused && Date.now() < deadline;) {
      refused = !(await acceptsConnections(server.port));
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(refused).toBe(true);
    // The server no longer takes connections; the transfer still waits for the approval.
    expect(settled).toBe(false);

    expect(await approval.finish()).toBe(204);
    expect(await transfer).toMatchObject({ status: 204, number: expect.any(Number) });
    expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.db.select().from(transfers);
      expect(rows.find((row) => row.idempotencyKey === 'approved-during-stop')).toMatchObject({
        status: 'confirmed',
        amountCents: 150_000,
      });
    } finally {
      await database.close();
    }
  }, 120_000);
});
