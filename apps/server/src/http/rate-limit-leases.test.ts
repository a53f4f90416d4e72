import { describe, expect, it } from 'vitest';
import type { HitCounter } from './rate-limit-counters';
import { leasedLimitCounter } from './rate-limit-leases';

const WINDOW_MS = 60_000;

/** A shared counter in memory, as the database keeps it: fixed windows, every write seen. */
function sharedCounter(clock: { now: number }) {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const writes: number[] = [];
  const counter: HitCounter = {
    async hit(key, windowMs, count = 1) {
      writes.push(count);
      let window = windows.get(key);
      if (!window || window.endsAt <= clock.now) {
        window = { hits: 0, endsAt: clock.now + windowMs };
        windows.set(key, window);
      }
      window.hits += count;
      return { hits: window.hits, msLeft: window.endsAt - clock.now };
    },
    async close() {},
  };
  return { counter, writes, hitsOf: (key: string) => windows.get(key)?.hits ?? 0 };
}

describe('a limit counted in blocks of a shared counter', () => {
  it('counts a small limit a hit at a time, exactly as without blocks', async () => {
    const clock = { now: 0 };
    const shared = sharedCounter(clock);
    const limits = leasedLimitCounter(shared.counter, { now: () => clock.now });
    const counts: number[] = [];
    for (let call = 0; call < 7; call += 1) {
      counts.push((await limits.hit('client', WINDOW_MS, 5)).hits);
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shared.writes).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('takes ever larger blocks for a busy address, so most hits write nothing', async () => {
    const clock = { now: 0 };
    const shared = sharedCounter(clock);
    const limits = leasedLimitCounter(shared.counter, { now: () => clock.now });
    const counts: number[] = [];
    for (let call = 0; call < 500; call += 1) {
      counts.push((await limits.hit('busy', WINDOW_MS, 100_000)).hits);
    }
    expect(counts).toEqual(Array.from({ length: 500 }, (_, index) => index + 1));
    expect(shared.writes.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(shared.writes.length).toBeLessThan(15);
  });

  it('never lets instances together admit more than the limit, and refuses little early', async () => {
    const clock = { now: 0 };
    const shared = sharedCounter(clock);
    const instances = [0, 1, 2].map(() =>
      leasedLimitCounter(shared.counter, { now: () => clock.now }),
    );
    const max = 300;
    const admittedAt: number[] = [];
    for (let call = 0; call < 600; call += 1) {
      const hits = await instances[call % 3]!.hit('spread', WINDOW_MS, max);
      if (hits.hits <= max) admittedAt.push(call);
    }
    expect(admittedAt).toHaveLength(max);
    // A block unused on one instance while another refuses: only near the end of the allowance.
    const firstRefused = admittedAt.findIndex((call, index) => call !== index);
    expect(firstRefused).toBeGreaterThanOrEqual(max * 0.9);
  });

  it('answers hits arriving together with one block taken for all of them', async () => {
    const clock = { now: 0 };
    const shared = sharedCounter(clock);
    const limits = leasedLimitCounter(shared.counter, { now: () => clock.now });
    for (let call = 0; call < 4; call += 1) await limits.hit('together', WINDOW_MS, 100_000);
    const before = shared.writes.length;
    const counts = await Promise.all(
      Array.from({ length: 8 }, () => limits.hit('together', WINDOW_MS, 100_000)),
    );
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(shared.writes.length - before).toBeLessThanOrEqual(2);
  });

  it('drops its block when the window ends, and starts again from one hit', async () => {
    const clock = { now: 0 };
    const shared = sharedCounter(clock);
    const limits = leasedLimitCounter(shared.counter, { now: () => clock.now });
    for (let call = 0; call < 10; call += 1) await limits.hit('windowed', WINDOW_MS, 100_000);
    clock.now += WINDOW_MS;
    const first = await limits.hit('windowed', WINDOW_MS, 100_000);
    expect(first).toEqual({ hits: 1, msLeft: WINDOW_MS });
    expect(shared.writes.at(-1)).toBe(1);
    expect(shared.hitsOf('windowed')).toBe(1);
  });

  it('refuses every hit over the limit, counting each one', async () => {
    const clock = { now: 0 };
    const shared = sharedCounter(clock);
    const limits = leasedLimitCounter(shared.counter, { now: () => clock.now });
    const counts: number[] = [];
    for (let call = 0; call < 30; call += 1) {
      counts.push((await limits.hit('guesser', WINDOW_MS, 20)).hits);
    }
    expect(counts.filter((hits) => hits <= 20)).toHaveLength(20);
    expect(shared.hitsOf('guesser')).toBe(30);
  });

  it('forgets the oldest addresses past ten thousand, their unused hits still counted', async () => {
    const clock = { now: 0 };
    const shared = sharedCounter(clock);
    const limits = leasedLimitCounter(shared.counter, { now: () => clock.now });
    for (let call = 0; call < 4; call += 1) await limits.hit('first', WINDOW_MS, 100_000);
    expect(shared.hitsOf('first')).toBe(7);
    for (let address = 0; address < 10_000; address += 1) {
      await limits.hit(`address ${address}`, WINDOW_MS, 100_000);
    }
    // Its block of 4 had three hits left (the next would answer 5): forgotten, the next call
    // takes a block of its own, counted after them.
    expect((await limits.hit('first', WINDOW_MS, 100_000)).hits).toBe(8);
    expect(shared.hitsOf('first')).toBe(8);
  });
});
