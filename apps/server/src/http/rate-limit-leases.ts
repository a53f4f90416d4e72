import type { HitCounter, Hits } from './rate-limit-counters';

/** Counts hits against a limit, as @fastify/rate-limit's store asks. */
export interface LimitCounter {
  /** Counts one hit of `key`; answers the window's count (over `max`: refused). */
  hit(key: string, windowMs: number, max: number): Promise<Hits>;
  close(): Promise<void>;
}

/** The largest block of hits one instance takes at once. */
const LARGEST_LEASE = 64;
/** A block is at most this share of what is left of the allowance. */
const SHARE_OF_REMAINING = 4;
/**
 * The addresses whose blocks one instance remembers. Past it the oldest are forgotten: their
 * unused hits stay counted, so forgetting only ever refuses early, never admits more.
 */
const MOST_KEYS = 10_000;

interface Lease {
  /** Hits the shared counter held before this instance's block: other instances', earlier ones. */
  base: number;
  size: number;
  used: number;
  /** When the shared window ends, by this instance's clock. */
  endsAt: number;
  /** The next block's size: it doubles while the key stays busy here. */
  nextSize: number;
}

interface KeyState {
  lease: Lease | null;
  /** The block being taken: the key's other hits wait for it rather than each taking one. */
  taking: Promise<void> | null;
}

/**
 * A limit counted in a shared counter (the database or Redis) in blocks: an instance takes a
 * block of hits from the shared count at once and hands them out itself, so a busy address
 * costs one shared write per block instead of one per request.
 *
 * The limit still holds across instances: a block is counted in the shared counter before any of
 * its hits is admitted, so all instances together never admit more than `max` in a window. What
 * a block costs is the other way round: hits an instance took but did not use count all the
 * same, so an address that spreads its calls over several instances may be refused a little
 * early. Blocks start at one hit and double while the address stays busy, and never exceed a
 * quarter of what is left of the allowance: a small limit, or one nearly used up, is counted a
 * hit at a time, exactly as without blocks.
 */
export function leasedLimitCounter(
  shared: HitCounter,
  options: { now?: () => number } = {},
): LimitCounter {
  const now = options.now ?? Date.now;
  const keys = new Map<string, KeyState>();
  let lastSweep = now();

  /** Forgets the keys whose window has ended (an address that stopped calling). */
  function sweep() {
    const at = now();
    if (at - lastSweep < 60_000 && keys.size < MOST_KEYS) return;
    lastSweep = at;
    for (const [key, state] of keys) {
      if (!state.taking && (!state.lease || state.lease.endsAt <= at)) keys.delete(key);
    }
    // Down to nine tenths, so that a stream of new addresses sweeps now and then, not each time.
    for (const key of keys.keys()) {
      if (keys.size < MOST_KEYS * 0.9) break;
      keys.delete(key);
    }
  }

  /** Takes a new block for `key`; its first hit is the caller's. */
  async function takeBlock(
    key: string,
    state: KeyState,
    windowMs: number,
    max: number,
  ): Promise<Hits> {
    const current = state.lease && state.lease.endsAt > now() ? state.lease : null;
    const held = current ? current.base + current.size : 0;
    const wanted = current ? current.nextSize : 1;
    const size = Math.max(1, Math.min(wanted, Math.floor((max - held) / SHARE_OF_REMAINING)));
    const counted = await shared.hit(key, windowMs, size);
    const base = counted.hits - size;
    state.lease = {
      base,
      size,
      used: 1,
      endsAt: now() + counted.msLeft,
      nextSize: Math.min(LARGEST_LEASE, size * 2),
    };
    return { hits: base + 1, msLeft: counted.msLeft };
  }

  return {
    async hit(key, windowMs, max) {
      sweep();
      let state = keys.get(key);
      if (!state) {
        state = { lease: null, taking: null };
        keys.set(key, state);
      }
      for (;;) {
        const { lease } = state;
        const at = now();
        if (lease && lease.endsAt > at && lease.used < lease.size) {
          lease.used += 1;
          return { hits: lease.base + lease.used, msLeft: lease.endsAt - at };
        }
        if (state.taking) {
          await state.taking.catch(() => {});
          continue;
        }
        const taking = takeBlock(key, state, windowMs, max);
        state.taking = taking.then(() => {});
        try {
          return await taking;
        } finally {
          state.taking = null;
        }
      }
    },
    close: () => shared.close(),
  };
}
