import { useEffect, useEffectEvent } from 'react';
import { PUSH_POLL_INTERVAL_MS } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { WINDOW_TIMERS, startPolling } from '../../lib/polling';
import { getFlow } from './flow-api';
import { pushPollingDone } from './login-model';

/**
 * While `active`, reads the flow every PUSH_POLL_INTERVAL_MS (§4.3, §9) and hands each answer
 * over, until one ends the wait (`pushPollingDone`). Stops when `active` turns false, the flow
 * changes or the modal unmounts: no timer outlives it.
 */
export function usePushPolling(
  active: boolean,
  flowId: string,
  onAnswer: (response: FlowResponse) => void,
  onError: (error: unknown) => void,
) {
  const answered = useEffectEvent(onAnswer);
  const failed = useEffectEvent(onError);

  useEffect(() => {
    if (!active) return;
    return startPolling({
      intervalMs: PUSH_POLL_INTERVAL_MS,
      poll: () => getFlow(flowId),
      isDone: pushPollingDone,
      onAnswer: (response) => answered(response),
      onError: (error) => failed(error),
      timers: WINDOW_TIMERS,
    });
  }, [active, flowId]);
}
