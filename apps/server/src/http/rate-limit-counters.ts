import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { preparedStatement, type Database } from '../db/database';

/** Hits of one key in its current window, and the milliseconds until that window ends. */
export interface Hits {
  hits: number;
  msLeft: number;
}

/**
 * Counts hits per key in fixed windows, in a place every instance of the bank shares: the
 * database, or Redis. The first hit of a key opens its window; the count starts over once the
 * window has ended.
 */
export interface HitCounter {
  /** Counts `count` hits (one unless said) of `key`; answers the window's count with them. */
  hit(key: string, windowMs: number, count?: number): Promise<Hits>;
  close(): Promise<void>;
}

/** Keys hold client addresses and route paths; a longer one is stored as its digest. */
const LONGEST_STORED_KEY = 200;

function storedKey(key: string): string {
  return key.length <= LONGEST_STORED_KEY
    ? key
    : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

// The hottest statement of the sign-in endpoints: prepared once per connection.
const countHits = preparedStatement<{ hits: number; ms_left: number }>(
  'rate_limit_hit',
  sql`insert into rate_limit_counters as counter (key, hits, window_ends_at)
      values (${sql.placeholder('key')}, ${sql.placeholder('count')}::integer,
        now() + ${sql.placeholder('windowMs')}::integer * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when counter.window_ends_at <= now() then excluded.hits
          else counter.hits + excluded.hits end,
        window_ends_at = case when counter.window_ends_at <= now()
          then excluded.window_ends_at else counter.window_ends_at end
      returning hits, greatest(0, ceil(extract(epoch from window_ends_at - now()) * 1000))::integer as ms_left`,
);

/**
 * Counters in the `rate_limit_counters` table: one upsert per hit, atomic on PostgreSQL (the
 * conflicting row is locked) and on PGlite (one connection). Windows are timed by the
 * database's clock, so instances whose clocks differ still agree. Ended windows are deleted
 * every few minutes.
 */
export function databaseHitCounter(
  db: Database,
  options: { purgeEveryMs?: number; onPurgeError?: (error: unknown) => void } = {},
): HitCounter {
  const purge = setInterval(
    () => {
      db.execute(sql`delete from rate_limit_counters where window_ends_at < now()`).catch(
        (error: unknown) => options.onPurgeError?.(error),
      );
    },
    options.purgeEveryMs ?? 5 * 60 * 1000,
  );
  purge.unref();
  return {
    async hit(key, windowMs, count = 1) {
      const [row] = await countHits(db, {
        key: storedKey(key),
        count: Math.max(1, Math.trunc(count)),
        windowMs: Math.trunc(windowMs),
      });
      if (!row) throw new Error('the rate-limit counter returned no row');
      return { hits: Number(row.hits), msLeft: Number(row.ms_left) };
    },
    async close() {
      clearInterval(purge);
    },
  };
}

/** INCRBY, and the window's expiry set by the first hit: one script, so both happen or neither. */
const HIT_SCRIPT = `
local hits = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

/**
 * Counters in Redis (REDIS_URL). Every command gives up after `commandTimeoutMs`: a Redis that
 * stalls must not stall sign-in with it (the caller then counts elsewhere).
 */
export function redisHitCounter(
  url: string,
  options: { commandTimeoutMs?: number; onConnectionError?: (error: Error) => void } = {},
): HitCounter {
  const redis = new Redis(url, {
    commandTimeout: options.commandTimeoutMs ?? 500,
    maxRetriesPerRequest: 1,
  });
  // Without a listener ioredis prints every failed reconnection attempt itself.
  redis.on('error', (error: Error) => options.onConnectionError?.(error));
  return {
    async hit(key, windowMs, count = 1) {
      const answer = (await redis.eval(
        HIT_SCRIPT,
        1,
        `anybank:rate:${storedKey(key)}`,
        Math.max(1, Math.trunc(windowMs)),
        Math.max(1, Math.trunc(count)),
      )) as [number, number];
      return { hits: Number(answer[0]), msLeft: Number(answer[1]) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Counts in `primary` (Redis) and, whenever it fails, in `fallback` (the database): a limit
 * keeps holding while Redis is away, rather than lifting for everyone. Failures are reported
 * at most once per `reportEveryMs`.
 */
export function counterWithFallback(
  primary: HitCounter,
  fallback: HitCounter,
  onFallback: (error: unknown) => void,
  reportEveryMs = 30_000,
): HitCounter {
  let lastReport = -Infinity;
  return {
    async hit(key, windowMs, count) {
      try {
        return await primary.hit(key, windowMs, count);
      } catch (error) {
        if (Date.now() - lastReport >= reportEveryMs) {
          lastReport = Date.now();
          onFallback(error);
        }
        return fallback.hit(key, windowMs, count);
      }
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
