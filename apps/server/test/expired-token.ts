import { vi } from 'vitest';

/** When a JWT access token stops being valid, from its own `exp` claim. */
export function expiryOf(token: string): Date {
  const [, payload = ''] = token.split('.');
  const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    exp?: unknown;
  };
  if (typeof exp !== 'number') throw new Error('the token has no exp claim');
  return new Date(exp * 1000);
}

/**
 * Runs `work` as if it happened one second after the token expired: a real token, issued by
 * the server for a real sign-in, judged by the server's own clock once its lifetime is over.
 * Only `Date` moves (the server runs in this process and its token check reads `Date`); its
 * timers and the database's clock do not, so nothing else of the server ages.
 */
export function afterExpiryOf<T>(token: string, work: () => Promise<T>): Promise<T> {
  return atClock(new Date(expiryOf(token).getTime() + 1000), work);
}

/** Runs `work` with the process's `Date` showing `now` (frozen), then gives the real clock back. */
export async function atClock<T>(now: Date, work: () => Promise<T>): Promise<T> {
  vi.setSystemTime(now);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}
