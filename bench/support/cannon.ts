import autocannon from 'autocannon';
import { round } from './stats';

/** What one autocannon run measured. */
export interface LoadFigures {
  connections: number;
  seconds: number;
  /** Answers with the expected status, per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  answered: number;
  /** Answers with another status, and requests that got no answer (errors, timeouts). */
  unexpected: number;
  errors: number;
  statuses: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** At most this many requests… */
  amount: number;
  /** …and at most this long: the run stops at whichever comes first. */
  maxSeconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The status every answer should have (200). */
  expectedStatus?: number;
  /** Per-connection changes (each simulated client's own token or requests). */
  setupClient?: autocannon.Options['setupClient'];
}

/**
 * autocannon against one URL on loopback, bounded in count and in time. Throughput counts only
 * answers with the expected status, so a server that answers errors quickly looks no faster.
 * It is taken over the time from the start to the last answer: autocannon reports its own
 * duration only at its next one-second tick, which for a run ended by its count adds up to a
 * second (3,000 answers in 2.2 s would read as 1,000/s).
 */
export async function load(options: LoadOptions): Promise<LoadFigures> {
  const expected = options.expectedStatus ?? 200;
  const statuses = new Map<number, number>();
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      amount: options.amount,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      timeout: 10,
      setupClient: options.setupClient,
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, statusCode) => {
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    lastAnswerAt = performance.now();
  });
  const stop = setTimeout(() => instance.stop(), options.maxSeconds * 1000);
  const result = await finished;
  clearTimeout(stop);
  const answered = statuses.get(expected) ?? 0;
  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const seconds = Math.max(lastAnswerAt - startedAt, 1) / 1000;
  return {
    connections: options.connections,
    seconds: round(seconds, 2),
    perSecond: round(answered / seconds, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    answered,
    unexpected: total - answered + result.errors,
    errors: result.errors,
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
  };
}
