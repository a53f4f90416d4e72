import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitCounter } from './rate-limit-leases';

/** What @fastify/rate-limit hands a route's store: the route it was made for. */
interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store over a shared count (rate-limit-leases.ts). Each limited route counts under its
 * own prefix (method and path pattern: the same in every instance), so `/api/authn/flows` and
 * the outbox keep separate counts for one client address, and two instances one count.
 *
 * The plugin's continueExceeding and exponentialBackoff options are not supported: no route
 * of the bank uses them.
 */
export function sharedRateLimitStore(counter: LimitCounter): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
      max?: number,
    ): void {
      counter.hit(`${this.prefix}${key}`, timeWindow ?? 60_000, max ?? 1).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      // The plugin's typings leave out `routeInfo`, which it passes at run time.
      const route = (routeOptions as RouteLimitOptions).routeInfo ?? {};
      const method = [route.method ?? ''].flat().join(',');
      return new SharedRateLimitStore(undefined, `${this.prefix}${method} ${route.url ?? ''}|`);
    }
  }
  return SharedRateLimitStore;
}
