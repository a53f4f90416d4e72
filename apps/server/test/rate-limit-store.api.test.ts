import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../src/app';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/database';
import {
  databaseHitCounter,
  redisHitCounter,
  type HitCounter,
} from '../src/http/rate-limit-counters';
import { freePort } from './browser-session';
import { testConfig } from './test-config';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

const LIMIT = 5;
const OUTBOX = '/api/dev/outbox?to=nobody@example.com';

/**
 * A client address of its own for each test (any 127.x.y.z reaches the loopback): counts of
 * other tests and earlier runs, kept in Redis for a minute, never mix with this one's.
 */
function newClientAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** GET from `clientAddress`, as a browser on that address would; answers the status. */
function statusFrom(origin: string, path: string, clientAddress: string): Promise<number> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        localAddress: clientAddress,
        agent: false,
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function startInstance(
  database: DatabaseHandle,
  env: Record<string, string> = {},
): Promise<{ server: Server; origin: string }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = await buildServer({
    config: testConfig({
      PORT: String(port),
      PUBLIC_URL: origin,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      ...env,
    }),
    database,
    webDistDir: '/nonexistent',
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, origin };
}

/** LIMIT + 1 calls from one address, taking turns between the instances. */
async function alternatingStatuses(origins: string[], clientAddress: string) {
  const statuses: number[] = [];
  for (let call = 0; call <= LIMIT; call += 1) {
    statuses.push(await statusFrom(origins[call % origins.length]!, OUTBOX, clientAddress));
  }
  return statuses;
}

const withinLimit = Array<number>(LIMIT).fill(200);

async function storedCounters(database: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::integer as count from rate_limit_counters`,
  );
  return Number(row?.count ?? 0);
}

/** A counter's fixed window: counts up, then starts over once the window has passed. */
async function expectWindowedCounting(counter: HitCounter) {
  const key = `window-test ${newClientAddress()}`;
  const first = await counter.hit(key, 400);
  const second = await counter.hit(key, 400);
  expect([first.hits, second.hits]).toEqual([1, 2]);
  expect(second.msLeft).toBeGreaterThan(0);
  expect(second.msLeft).toBeLessThanOrEqual(400);
  expect((await counter.hit(`${key} other`, 400)).hits).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 450));
  expect((await counter.hit(key, 400)).hits).toBe(1);
}

describe.each(DATABASE_KINDS)('rate limits counted in the database, on %s', (kind) => {
  let test: TestDatabase;
  let secondHandle: DatabaseHandle;
  const instances: { server: Server; origin: string }[] = [];
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    // On PostgreSQL each instance has its own pool, as two processes would; PGlite has one
    // owner, so there both instances share it (what they share is still only the table).
    secondHandle =
      kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: test.url ?? '' })
        : test.handle;
    instances.push(await startInstance(test.handle), await startInstance(secondHandle));
  });
  afterAll(async () => {
    for (const { server } of instances) await server.app.close();
    if (secondHandle !== test.handle) await secondHandle.close();
    await test.drop();
  });

  it('shares one address’s allowance between two instances: the next call on either is refused', async () => {
    const client = newClientAddress();
    const statuses = await alternatingStatuses(
      instances.map((instance) => instance.origin),
      client,
    );
    expect(statuses).toEqual([...withinLimit, 429]);
    expect(await statusFrom(instances[1]!.origin, OUTBOX, client)).toBe(429);
    // Another address has its own allowance.
    expect(await statusFrom(instances[1]!.origin, OUTBOX, newClientAddress())).toBe(200);
    expect(await storedCounters(test.handle)).toBeGreaterThan(0);
  });

  it('counts in fixed windows that start over when they end', async () => {
    const counter = databaseHitCounter(test.handle.db);
    try {
      await expectWindowedCounting(counter);
      const long = await counter.hit(`a very long key ${'x'.repeat(5000)}`, 60_000);
      expect(long.hits).toBe(1);
    } finally {
      await counter.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('rate limits counted in Redis (needs REDIS_URL)', () => {
  const databases: TestDatabase[] = [];
  const instances: { server: Server; origin: string }[] = [];
  beforeAll(async () => {
    // A database each: whatever the instances share, they share through Redis.
    for (let index = 0; index < 2; index += 1) {
      const test = await createTestDatabase('pglite');
      databases.push(test);
      instances.push(await startInstance(test.handle, { REDIS_URL: redisUrl ?? '' }));
    }
  });
  afterAll(async () => {
    for (const { server } of instances) await server.app.close();
    for (const test of databases) await test.drop();
  });

  it('shares one address’s allowance between two instances with separate databases', async () => {
    const client = newClientAddress();
    const statuses = await alternatingStatuses(
      instances.map((instance) => instance.origin),
      client,
    );
    expect(statuses).toEqual([...withinLimit, 429]);
    for (const test of databases) expect(await storedCounters(test.handle)).toBe(0);

    const redis = new Redis(redisUrl ?? '');
    try {
      const keys = await redis.keys(`anybank:rate:*${client}`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe(String(LIMIT + 1));
      const ttl = await redis.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      redis.disconnect();
    }
  });

  it('counts in fixed windows that start over when they end', async () => {
    const counter = redisHitCounter(redisUrl ?? '');
    try {
      await expectWindowedCounting(counter);
    } finally {
      await counter.close();
    }
  });
});

describe('rate limits while Redis does not answer', () => {
  let test: TestDatabase;
  let instance: { server: Server; origin: string };
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    // Nothing listens there: every Redis command fails.
    instance = await startInstance(test.handle, {
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
  });
  afterAll(async () => {
    await instance.server.app.close();
    await test.drop();
  });

  it('still limits each address, counting in the database, without hanging on Redis', async () => {
    const client = newClientAddress();
    const started = performance.now();
    const statuses = await alternatingStatuses([instance.origin], client);
    expect(statuses).toEqual([...withinLimit, 429]);
    // Each call gives up on Redis after its command timeout (0.5 s), not after ioredis's
    // default twenty reconnection attempts: a generous bound, far below those.
    expect((performance.now() - started) / statuses.length).toBeLessThan(3000);
    expect(await storedCounters(test.handle)).toBe(1);
  });
});
