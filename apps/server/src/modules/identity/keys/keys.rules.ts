/**
 * Which signing keys sign, which are published and which can go, given the time: the newest
 * generation signs; an older one is published until every token it signed has expired (its
 * successor's creation plus the longest token lifetime), then dropped.
 */

/** A signing key as the rules see it: its generation, id and when it was made. */
export interface KeyGeneration {
  generation: number;
  kid: string;
  createdAt: Date;
}

export interface KeyRingState<K extends KeyGeneration> {
  /** The key new tokens are signed with (the newest generation). */
  signing: K;
  /** Keys in `/as/jwks`: the signing one first, then older ones whose tokens may still live. */
  published: K[];
  /** Older keys whose last token has expired: nothing they signed can still be accepted. */
  expired: K[];
}

/** When the last token signed by `key` expires: its successor took over, plus a token's life. */
export function lastTokenExpiryOf(
  key: KeyGeneration,
  successor: KeyGeneration,
  tokenLifetimeMs: number,
): Date {
  // A token may have been signed an instant before the successor appeared: it lives from then.
  return new Date(
    Math.max(successor.createdAt.getTime(), key.createdAt.getTime()) + tokenLifetimeMs,
  );
}

/** The key ring at `now`; null when there is no key yet. */
export function keyRingAt<K extends KeyGeneration>(
  keys: readonly K[],
  now: Date,
  tokenLifetimeMs: number,
): KeyRingState<K> | null {
  const newestFirst = [...keys].sort((a, b) => b.generation - a.generation);
  const [signing, ...older] = newestFirst;
  if (!signing) return null;
  const published: K[] = [signing];
  const expired: K[] = [];
  older.forEach((key, index) => {
    // newestFirst[index] is the key that followed this one (older[index] is newestFirst[index + 1]).
    const successor = newestFirst[index] ?? signing;
    const stillLive = lastTokenExpiryOf(key, successor, tokenLifetimeMs) > now;
    (stillLive ? published : expired).push(key);
  });
  return { signing, published, expired };
}

/** The generation a rotation adds after `keys` (1 for the very first key). */
export function nextGeneration(keys: readonly KeyGeneration[]): number {
  return keys.reduce((highest, key) => Math.max(highest, key.generation), 0) + 1;
}

/** Whether two rings publish the same keys in the same order (else the provider is rebuilt). */
export function sameKeyIds(a: readonly KeyGeneration[], b: readonly KeyGeneration[]): boolean {
  return a.length === b.length && a.every((key, index) => key.kid === b[index]?.kid);
}
