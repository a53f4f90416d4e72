import type { Config } from '../config';

/**
 * The per-client-address limit of the sign-in endpoints (flows, risk, pickup): enough for a
 * person and a demo, far too few for guessing passwords or codes. RATE_LIMIT_PER_MINUTE
 * changes it (the benchmarks raise it to measure the server, not the limiter).
 */
export function signInRateLimit(config: Pick<Config, 'rateLimitPerMinute'>) {
  return { max: config.rateLimitPerMinute, timeWindow: '1 minute' } as const;
}
