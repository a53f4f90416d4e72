import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPolling } from './polling';
import type { PollTimers } from './polling';

const timers: PollTimers = {
  setTimeout: (callback, ms) => Number(setTimeout(callback, ms)),
  clearTimeout: (id) => clearTimeout(id),
};

/** A poll whose answers come from a list; `calls` counts the requests. */
function scripted(answers: (string | Error)[]) {
  let calls = 0;
  const poll = () => {
    const answer = answers[calls] ?? 'waiting';
    calls += 1;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { poll, calls: () => calls };
}

describe('the poller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once per interval until an answer is done, then leaves no timer', async () => {
    const { poll, calls } = scripted(['waiting', 'waiting', 'done']);
    const answers: string[] = [];
    startPolling({
      intervalMs: 3000,
      poll,
      isDone: (answer) => answer === 'done',
      onAnswer: (answer) => answers.push(answer),
      onError: () => undefined,
      timers,
    });
    expect(calls()).toBe(0);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(answers).toEqual(['waiting', 'waiting', 'done']);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls()).toBe(3);
  });

  it('stops at once when told to, and drops the answer of a request under way', async () => {
    let release: (answer: string) => void = () => undefined;
    const poll = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    );
    const onAnswer = vi.fn();
    const stop = startPolling({
      intervalMs: 3000,
      poll,
      isDone: () => false,
      onAnswer,
      onError: () => undefined,
      timers,
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(poll).toHaveBeenCalledTimes(1);
    stop();
    release('late');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(poll).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the pending timer when stopped between two requests', async () => {
    const { poll, calls } = scripted([]);
    const stop = startPolling({
      intervalMs: 3000,
      poll,
      isDone: () => false,
      onAnswer: () => undefined,
      onError: () => undefined,
      timers,
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls()).toBe(1);
  });

  it('never sends two requests at once, however slow the answer', async () => {
    let inFlight = 0;
    let most = 0;
    const poll = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      inFlight -= 1;
      return 'waiting';
    };
    const stop = startPolling({
      intervalMs: 3000,
      poll,
      isDone: () => false,
      onAnswer: () => undefined,
      onError: () => undefined,
      timers,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    stop();
    expect(most).toBe(1);
  });

  it('stops and reports a failed request', async () => {
    const { poll, calls } = scripted(['waiting', new Error('offline')]);
    const onError = vi.fn();
    startPolling({
      intervalMs: 3000,
      poll,
      isDone: () => false,
      onAnswer: () => undefined,
      onError,
      timers,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(calls()).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
