/** How often, at most, one server instance deletes expired sign-in rows. */
export const SWEEP_EVERY_MS = 60_000;

/**
 * `sweep` (a delete of expired rows) run at most once per `everyMs` by this instance, from the
 * requests that add rows: a table cannot grow without them, and the others skip the statement.
 * Expired rows are refused by every read already; the sweep only keeps the table small.
 */
export function occasionalSweep(
  sweep: () => Promise<void>,
  everyMs = SWEEP_EVERY_MS,
  now: () => number = Date.now,
): () => Promise<void> {
  let last = -Infinity;
  return async () => {
    if (now() - last < everyMs) return;
    last = now();
    await sweep();
  };
}
