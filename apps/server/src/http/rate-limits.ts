import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { rateLimitRefusal } from './errors';
import type { RefusalCodes } from './openapi';
import {
  counterWithFallback,
  databaseHitCounter,
  redisHitCounter,
  type HitCounter,
} from './rate-limit-counters';
import { leasedLimitCounter } from './rate-limit-leases';
import { sharedRateLimitStore } from './rate-limit-store';

/**
 * The per-client-address limit of the sign-in endpoints (flows, risk, pickup): enough for a
 * person and a demo, far too few for guessing passwords or codes. RATE_LIMIT_PER_MINUTE
 * changes it (the benchmarks raise it to measure the server, not the limiter).
 */
export function signInRateLimit(config: Pick<Config, 'rateLimitPerMinute'>) {
  return { max: config.rateLimitPerMinute, timeWindow: '1 minute' } as const;
}

/**
 * The limit of the calls that tell whether a username exists — the risk evaluation, and the
 * identifier step for unknown usernames (counted by the risk rules, `unknownUsernameRate`): a
 * tenth of the sign-in limit (docs/security.md, "Rate limits").
 */
export function usernameLookupRateLimit(config: Pick<Config, 'rateLimitPerMinute'>) {
  const signIn = signInRateLimit(config);
  return { ...signIn, max: Math.max(1, Math.floor(signIn.max / 10)) };
}

/**
 * The limit of "Reset demo" (a demo tool): each call hashes every demo user's
 * password again and signs everyone out, so a hundredth of the sign-in limit (3 a minute by
 * default) is plenty for a presenter and keeps one address from making the bank unusable.
 */
export function demoResetRateLimit(config: Pick<Config, 'rateLimitPerMinute'>) {
  const signIn = signInRateLimit(config);
  return { ...signIn, max: Math.max(1, Math.floor(signIn.max / 100)) };
}

/**
 * The per-customer limit of a password change: a tenth of the sign-in limit, counted for the
 * customer whatever address or token they come with. Each call runs the strength check and a
 * hash, and a stolen token must not be able to ask for them from many addresses at once.
 */
export function passwordChangeRateLimit(config: Pick<Config, 'rateLimitPerMinute'>) {
  return usernameLookupRateLimit(config);
}

/**
 * What a route with a rate limit (its `config.rateLimit`, or `perUserRateLimit`) answers over
 * it (http/openapi.ts `RefusalCodes`): `rate_limited` with Retry-After.
 */
export const RATE_LIMIT_REFUSALS = { 429: ['rate_limited'] } as const satisfies RefusalCodes;

/**
 * A limit counted per signed-in user, checked once the route knows who it is (after the token,
 * where a route's own `config.rateLimit` counts per address before it). `name` keeps each
 * route's count apart. A refusal is the limiter's usual 429 `rate_limited` with Retry-After.
 */
export function perUserRateLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: string },
) {
  const users = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${name} user ${users.get(request) ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> => {
    users.set(request, userId);
    const verdict = await check(request);
    if (verdict.isAllowed || !verdict.isExceeded) return;
    void reply.header('retry-after', verdict.ttlInSeconds);
    throw rateLimitRefusal();
  };
}

/**
 * Registers @fastify/rate-limit (off unless a route asks: `config.rateLimit`) with counts every
 * instance shares: in Redis when REDIS_URL is set, else in the database. A client address
 * cannot multiply its allowance by reaching several instances behind a load balancer. A busy
 * address is counted in blocks (rate-limit-leases.ts): one shared write per block, not per call.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'redisUrl'>; db: Database },
) {
  const inDatabase = databaseHitCounter(deps.db, {
    onPurgeError: (error) =>
      app.log.warn({ err: error }, 'purging ended rate-limit windows failed'),
  });
  let counter: HitCounter = inDatabase;
  if (deps.config.redisUrl) {
    let lastConnectionReport = -Infinity;
    const inRedis = redisHitCounter(deps.config.redisUrl, {
      onConnectionError: (error) => {
        // ioredis reconnects on its own, and reports each attempt: one line a minute is enough.
        if (Date.now() - lastConnectionReport < 60_000) return;
        lastConnectionReport = Date.now();
        app.log.warn({ err: error }, 'Redis (REDIS_URL) is unreachable; reconnecting');
      },
    });
    counter = counterWithFallback(inRedis, inDatabase, (error) =>
      app.log.error(
        { err: error },
        'Redis (REDIS_URL) did not count a request: rate limits are counted in the database meanwhile',
      ),
    );
  }
  const limits = leasedLimitCounter(counter);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(limits),
    // 429 `rate_limited`, in the one error shape (its Retry-After header says when to retry).
    errorResponseBuilder: rateLimitRefusal,
  });
}
