import { useCallback, useEffect, useRef, useState } from 'react';
import type { FlowResponse } from '@anybank/contracts';
import { fidoErrorMessage, hasFidoOptions } from './fido';
import type { FidoCeremony } from './fido';
import { fidoServerErrorOf, hasError } from './login-model';

export type FidoPhase = 'asking' | 'sending' | 'failed';

export interface FidoCeremonyState {
  phase: FidoPhase;
  error: string | null;
  /** Options exist, so the browser can be asked again (§8: Try Again). */
  canRetry: boolean;
  tryAgain: () => void;
}

/**
 * Runs a FIDO2 ceremony once when its tab opens, with the flow's options: the browser call,
 * then the flow step with its answer. A refusal (the browser's, §8, or the server's
 * userMessage) leaves Try Again, which asks the browser again with the same options.
 */
export function useFidoCeremony(
  ceremony: FidoCeremony,
  options: unknown,
  browserCall: (options: Record<string, unknown>) => Promise<Record<string, unknown>>,
  send: (answer: Record<string, unknown>) => Promise<FlowResponse | null>,
): FidoCeremonyState {
  const usable = hasFidoOptions(options) ? options : null;
  const [phase, setPhase] = useState<FidoPhase>(usable ? 'asking' : 'failed');
  const [error, setError] = useState<string | null>(
    usable ? null : fidoErrorMessage(null, ceremony),
  );
  // Once per tab, also under React's development double effects.
  const started = useRef(false);

  const run = useCallback(
    async (withOptions: Record<string, unknown>) => {
      let answer: Record<string, unknown>;
      try {
        answer = await browserCall(withOptions);
      } catch (failure) {
        console.warn(failure);
        setError(fidoErrorMessage(failure, ceremony));
        setPhase('failed');
        return;
      }
      setPhase('sending');
      const response = await send(answer);
      if (response !== null && hasError(response)) {
        setError(fidoServerErrorOf(response) ?? fidoErrorMessage(null, ceremony));
        setPhase('failed');
      }
    },
    [browserCall, send, ceremony],
  );

  useEffect(() => {
    if (started.current || !usable) return;
    started.current = true;
    void run(usable);
  }, [run, usable]);

  const tryAgain = () => {
    if (!usable) return;
    setError(null);
    setPhase('asking');
    void run(usable);
  };

  return { phase, error, canRetry: usable !== null, tryAgain };
}
