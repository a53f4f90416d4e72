import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The secrets a caller presents in a header (the orchestration's API key or bearer token, the
 * metrics token), read and compared here, once.
 */

/**
 * Compares an API key in constant time. Both sides are hashed first, so neither the
 * comparison nor a length check tells anything about the expected key.
 */
export function apiKeyMatches(expected: string, presented: string | undefined | null): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(presented));
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerTokenOf(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/.exec(header ?? '');
  return match?.[1] ?? null;
}
