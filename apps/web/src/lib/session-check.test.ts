import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PollTimers } from './polling';
import { watchSession, type ShownPage } from './session-check';

const timers: PollTimers = {
  setTimeout: (callback, ms) => Number(setTimeout(callback, ms)),
  clearTimeout: (id) => clearTimeout(id),
};

/** A page that can be hidden and shown again, as a tab is. */
function tab(): ShownPage & { show(shown: boolean): void } {
  let shown = true;
  const listeners = new Set<() => void>();
  return {
    isShown: () => shown,
    onShownChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(value) {
      shown = value;
      for (const listener of listeners) listener();
    },
  };
}

/** A server whose session lives until `end()`; `asked` counts the questions. */
function server() {
  let live = true;
  let asked = 0;
  return {
    check: () => {
      asked += 1;
      return Promise.resolve(!live);
    },
    end: () => {
      live = false;
    },
    asked: () => asked,
  };
}

describe('a signed-in tab asking whether its session lives', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once per interval while shown, and stops at the answer that it ended', async () => {
    const page = tab();
    const bank = server();
    watchSession(page, bank.check, timers, 10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(bank.asked()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(bank.asked()).toBe(1);
    bank.end();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bank.asked()).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bank.asked()).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not ask while hidden, and asks at once when shown again', async () => {
    const page = tab();
    const bank = server();
    watchSession(page, bank.check, timers, 10_000);
    page.show(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bank.asked()).toBe(0);
    page.show(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(bank.asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bank.asked()).toBe(2);
  });

  it('once stopped, asks nothing more and leaves no timer behind', async () => {
    const page = tab();
    const bank = server();
    const stop = watchSession(page, bank.check, timers, 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    stop();
    page.show(false);
    page.show(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bank.asked()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
