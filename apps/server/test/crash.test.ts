import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { transfers } from '../src/db/schema';
import { customerToken } from './banking-server';
import { demoOpeningBalances, ledgerProblems } from './ledger-invariant';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';
import { depositAccounts, sendTransfer, type SentTransfer } from './transfer-burst';
import { newPgliteDataDir } from './pglite-data-dir';

const CLIENTS = 8;
/** The kill comes once this many transfers have been answered: the burst is well under way. */
const ANSWERED_BEFORE_KILL = 40;

/** Where a crashed server's data lives, opened by the test itself to read the books. */
interface Books {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  close(handle: DatabaseHandle): Promise<void>;
  cleanUp(): Promise<void>;
}

async function booksOn(kind: 'pglite' | 'postgres'): Promise<Books & { dataDir?: string }> {
  if (kind === 'pglite') {
    const dataDir = await newPgliteDataDir('anybank-crash-');
    return {
      dataDir,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      close: (handle) => handle.close(),
      cleanUp: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const test: TestDatabase = await createTestDatabase('postgres');
  return {
    env: { DATABASE_URL: test.url ?? '' },
    open: async () => test.handle,
    close: async () => {},
    cleanUp: () => test.drop(),
  };
}

/**
 * `CLIENTS` customers' apps sending transfers back and forth (each with its own Idempotency-Key)
 * until the server stops answering; `onAnswered` hears of every answer.
 */
async function burst(
  server: ServerProcess,
  token: string,
  [checking, savings]: [string, string],
  onAnswered: (answered: number) => void,
): Promise<SentTransfer[]> {
  const sent: SentTransfer[] = [];
  let next = 0;
  let answered = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const index = next++;
        const forth = index % 2 === 0;
        const result = await sendTransfer(server.origin, token, {
          key: `crash-${index}`,
          from: forth ? checking : savings,
          to: forth ? savings : checking,
          amount: `${1 + (index % 7)}.${String(index % 100).padStart(2, '0')}`,
        });
        sent.push(result);
        if (result.status === 'lost') return;
        onAnswered(++answered);
      }
    }),
  );
  return sent;
}

describe.each(DATABASE_KINDS)('a server killed in the middle of transfers, on %s', (kind) => {
  let books: Awaited<ReturnType<typeof booksOn>> | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await books?.cleanUp();
  });

  it('keeps every answered transfer exactly once, and the books balance after the restart', async () => {
    books = await booksOn(kind);
    const env = { ...books.env, RATE_LIMIT_PER_MINUTE: '1000000' };
    const first = await startServerProcess(env);
    servers.push(first);
    const token = await customerToken(first.origin, 'jane.doe');
    const accounts = await depositAccounts(first.origin, token);

    let killed = false;
    const sent = await burst(first, token, accounts, (answered) => {
      if (answered >= ANSWERED_BEFORE_KILL && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    });
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const confirmed = sent.filter((transfer) => transfer.status === 204);
    const lost = sent.filter((transfer) => transfer.status === 'lost');
    expect(
      sent.filter((transfer) => transfer.status !== 204 && transfer.status !== 'lost'),
    ).toEqual([]);
    expect(confirmed.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
    // Each client was cut off mid-request.
    expect(lost).toHaveLength(CLIENTS);

    if (books.dataDir) {
      // The dead server's lock is still there: the restart must see it is stale.
      const lock = await readFile(path.join(books.dataDir, 'server.lock'), 'utf8');
      expect(lock.split(' ')[0]).toBe(String(first.child.pid));
    }
    const afterCrash = await books.open();
    try {
      const rows = await afterCrash.db.select().from(transfers);
      for (const transfer of confirmed) {
        expect(rows.find((row) => row.idempotencyKey === transfer.key)).toMatchObject({
          status: 'confirmed',
          referenceNumber: transfer.number,
        });
      }
      expect(await ledgerProblems(afterCrash.db, await demoOpeningBalances(afterCrash.db))).toEqual(
        [],
      );
    } finally {
      await books.close(afterCrash);
    }

    // The app retries what got no answer, with the same keys: whatever the dead server had
    // already committed answers with its first number, the rest is done now; nothing twice.
    // Same port, same public URL: the app's token names that issuer.
    const second = await startServerProcess(env, { port: first.port });
    servers.push(second);
    const retried = await Promise.all(
      lost.map((transfer) => sendTransfer(second.origin, token, transfer)),
    );
    expect(retried.map((transfer) => transfer.status)).toEqual(lost.map(() => 204));
    const again = await sendTransfer(second.origin, token, confirmed[0]!);
    expect(again).toMatchObject({ status: 204, number: confirmed[0]!.number });
    expect(await stopServerProcess(second)).toEqual({ code: 0, signal: null });

    const afterRestart = await books.open();
    try {
      const rows = await afterRestart.db
        .select()
        .from(transfers)
        // The burst's own transfers: the seeded history's have no Idempotency-Key.
        .where(and(eq(transfers.status, 'confirmed'), isNotNull(transfers.idempotencyKey)));
      const keys = rows.map((row) => row.idempotencyKey).sort();
      expect(keys).toEqual([...confirmed, ...lost].map((transfer) => transfer.key).sort());
      for (const transfer of retried) {
        expect(rows.find((row) => row.idempotencyKey === transfer.key)?.referenceNumber).toBe(
          transfer.number,
        );
      }
      expect(
        await ledgerProblems(afterRestart.db, await demoOpeningBalances(afterRestart.db)),
      ).toEqual([]);
    } finally {
      await books.close(afterRestart);
    }
  }, 180_000);
});
