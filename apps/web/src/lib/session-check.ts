import { SESSION_CHECK_INTERVAL_MS } from '@anybank/contracts';
import { startPolling, type PollTimers } from './polling';

/**
 * A signed-in tab asks, every SESSION_CHECK_INTERVAL_MS while it is shown, whether its session
 * still lives, so a browser signed out from another one says so without waiting for a click
 * (lib/session-ended.ts decides from the 401; the page guard takes the tab home). A hidden tab
 * does not ask; shown again, it asks at once. DOM-free: the page and the question are handed in
 * (app/session/SessionCheck.tsx).
 */

/** What the watch needs of the page: whether it is shown, and being told when that changes. */
export interface ShownPage {
  isShown(): boolean;
  onShownChange(listener: () => void): () => void;
}

/** One question: true once the server said the session ended (or no longer counts). */
export type SessionCheck = () => Promise<boolean>;

/** Starts the watch; the returned function stops it and leaves no timer behind. */
export function watchSession(
  page: ShownPage,
  check: SessionCheck,
  timers: PollTimers,
  intervalMs: number = SESSION_CHECK_INTERVAL_MS,
): () => void {
  let stopPolling = () => {};
  let ended = false;
  // Each start supersedes the one before: an answer to an older one is not acted on.
  let generation = 0;
  const endedBy = (answer: boolean) => {
    ended ||= answer;
    return ended;
  };
  const resume = async (askNow: boolean) => {
    stopPolling();
    const mine = ++generation;
    if (ended || !page.isShown()) return;
    if (askNow && endedBy(await check())) return;
    if (mine !== generation) return;
    stopPolling = startPolling({
      intervalMs,
      poll: check,
      isDone: endedBy,
      onAnswer: () => undefined,
      onError: () => undefined,
      timers,
    });
  };
  void resume(false);
  const unsubscribe = page.onShownChange(() => void resume(true));
  return () => {
    unsubscribe();
    generation += 1;
    stopPolling();
  };
}
