import { IDLE_TIMEOUT_LIMIT_MS } from '@anybank/contracts';

/**
 * Document 1 §9: the idle timer refuses 2147483647 ms or more (setTimeout's 32-bit limit, past
 * which a timer fires at once), and anything that is not a positive number of milliseconds.
 */
export function validIdleTimeout(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0 || ms >= IDLE_TIMEOUT_LIMIT_MS) {
    throw new RangeError(
      `The idle timeout must be a positive number of milliseconds below ${IDLE_TIMEOUT_LIMIT_MS}; got ${ms}`,
    );
  }
  return ms;
}
