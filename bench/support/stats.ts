/** Latency figures of one kind of request, in milliseconds. */
export interface Latency {
  count: number;
  p50Ms: number;
  p99Ms: number;
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export function latencyOf(durationsMs: readonly number[]): Latency {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 0.5), 1),
    p99Ms: round(percentile(sorted, 0.99), 1),
  };
}

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * Runs `work` `count` times, `concurrency` calls in flight at once (each worker starts its next
 * call when its last one ends), and answers the calls per second and each call's duration.
 */
export async function runConcurrently(
  count: number,
  concurrency: number,
  work: (index: number, worker: number) => Promise<void>,
): Promise<{ perSecond: number; seconds: number; durationsMs: number[] }> {
  const durationsMs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let index = next++; index < count; index = next++) {
        const callStarted = performance.now();
        await work(index, worker);
        durationsMs.push(performance.now() - callStarted);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, seconds, durationsMs };
}
