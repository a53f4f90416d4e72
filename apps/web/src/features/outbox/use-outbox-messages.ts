import { useEffect, useState } from 'react';
import type { OutboxMessage } from '@anybank/contracts';
import { ApiError } from '../../lib/api';
import { publicConfig } from '../../lib/config';
import { fetchOutbox } from './outbox-api';

export const OUTBOX_POLL_INTERVAL_MS = 2000;

export type OutboxState =
  | { status: 'loading' }
  | {
      status: 'ready';
      messages: readonly OutboxMessage[];
      /** When each message first appeared in an answer (this browser's clock). */
      firstSeenAt: ReadonlyMap<string, number>;
    }
  | { status: 'off' }
  | { status: 'failed'; reason: string };

function failureState(error: unknown): OutboxState {
  // The server answers 404 when its outbox is turned off.
  if (error instanceof ApiError && error.status === 404) return { status: 'off' };
  return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
}

/** The outbox for a recipient (empty: none, the server lists nothing), polled every 2 s while mounted. */
export function useOutboxMessages(to: string): OutboxState {
  // Each answer remembers which filter it was for, so a new filter shows "loading" at once.
  const [answer, setAnswer] = useState<{ to: string; state: OutboxState } | null>(null);

  useEffect(() => {
    if (!publicConfig.outboxEnabled) return;
    const controller = new AbortController();
    let requestPending = false;

    const poll = async () => {
      // A slow server must not pile up requests.
      if (requestPending) return;
      requestPending = true;
      try {
        const { messages } = await fetchOutbox(to, controller.signal);
        const receivedAt = Date.now();
        setAnswer((before) => {
          const seenBefore =
            before?.to === to && before.state.status === 'ready' ? before.state.firstSeenAt : null;
          const firstSeenAt = new Map(
            messages.map((message) => [message.id, seenBefore?.get(message.id) ?? receivedAt]),
          );
          return { to, state: { status: 'ready', messages, firstSeenAt } };
        });
      } catch (error) {
        if (!controller.signal.aborted) setAnswer({ to, state: failureState(error) });
      } finally {
        requestPending = false;
      }
    };

    void poll();
    const timer = window.setInterval(() => void poll(), OUTBOX_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [to]);

  if (!publicConfig.outboxEnabled) return { status: 'off' };
  return answer?.to === to ? answer.state : { status: 'loading' };
}
