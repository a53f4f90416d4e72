import { useEffect, useEffectEvent, useState } from 'react';
import type { PushRequest } from '@anybank/contracts';
import { listPushRequests } from './phone-api';

/** How often the phone app asks for new requests (a real app is woken by a notification). */
export const PUSH_REQUESTS_POLL_INTERVAL_MS = 2000;

export type PushRequestsState =
  | { status: 'loading' }
  /** `checkedAt`: when this listing was asked for (this browser's clock). */
  | { status: 'ready'; requests: readonly PushRequest[]; checkedAt: number }
  /** The server does not take this key for the device (401): polling has stopped. */
  | { status: 'not-activated'; message: string }
  /** The last request failed; polling goes on. */
  | { status: 'failed'; message: string };

/**
 * The pending push requests of the device this browser holds the key of, polled every 2 s
 * while mounted (null: nothing is polled). `onNotActivated` is called once when the server
 * answers that the key is not the device's.
 */
export function usePushRequests(
  deviceId: string | null,
  options: { onNotActivated?: (message: string) => void } = {},
): PushRequestsState {
  const [answer, setAnswer] = useState<{ deviceId: string; state: PushRequestsState } | null>(null);
  const notActivated = useEffectEvent((message: string) => options.onNotActivated?.(message));

  useEffect(() => {
    if (deviceId === null) return;
    const controller = new AbortController();
    let requestPending = false;
    // After a 401 nothing more is asked: the key is not the device's.
    let refused = false;

    const poll = async () => {
      // A slow server must not pile up requests.
      if (requestPending || refused) return;
      requestPending = true;
      try {
        const checkedAt = Date.now();
        const result = await listPushRequests(deviceId, controller.signal);
        if (controller.signal.aborted) return;
        if (result.ok) {
          setAnswer({
            deviceId,
            state: { status: 'ready', requests: result.value, checkedAt },
          });
        } else if (result.status === 401) {
          refused = true;
          setAnswer({ deviceId, state: { status: 'not-activated', message: result.message } });
          notActivated(result.message);
        } else {
          setAnswer({ deviceId, state: { status: 'failed', message: result.message } });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        // The key went away meanwhile (deactivated in another tab), or WebCrypto refused it.
        const message = error instanceof Error ? error.message : String(error);
        setAnswer({ deviceId, state: { status: 'failed', message } });
      } finally {
        requestPending = false;
      }
    };

    void poll();
    const timer = window.setInterval(() => void poll(), PUSH_REQUESTS_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [deviceId]);

  return answer !== null && answer.deviceId === deviceId ? answer.state : { status: 'loading' };
}
