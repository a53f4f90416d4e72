/** The timer functions a poller needs: the window's, or a test's fake ones. */
export interface PollTimers {
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

/** The window's timers (read when called, so a test may replace them). */
export const WINDOW_TIMERS: PollTimers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

export interface PollOptions<T> {
  /** Time between one answer and the next request (never two requests at once). */
  intervalMs: number;
  /** One request. */
  poll: () => Promise<T>;
  /** True when this answer is the last one wanted: polling stops after handing it over. */
  isDone: (answer: T) => boolean;
  onAnswer: (answer: T) => void;
  /** The request failed: polling stops. */
  onError: (error: unknown) => void;
  timers: PollTimers;
}

/**
 * Polls every `intervalMs` until an answer is done, a request fails, or the returned stop
 * function is called. After stop nothing is handed over, not even the answer of a request that
 * was under way, and no timer is left behind.
 */
export function startPolling<T>(options: PollOptions<T>): () => void {
  const { intervalMs, poll, isDone, onAnswer, onError, timers } = options;
  let stopped = false;
  let timer: number | null = null;

  const schedule = () => {
    timer = timers.setTimeout(() => {
      timer = null;
      void tick();
    }, intervalMs);
  };

  const tick = async () => {
    let answer: T;
    try {
      answer = await poll();
    } catch (error) {
      if (stopped) return;
      stopped = true;
      onError(error);
      return;
    }
    if (stopped) return;
    const done = isDone(answer);
    if (done) stopped = true;
    onAnswer(answer);
    if (!done && !stopped) schedule();
  };

  schedule();
  return () => {
    stopped = true;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
}
