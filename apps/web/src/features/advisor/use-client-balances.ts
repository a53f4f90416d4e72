import { useEffect, useState } from 'react';
import type { ClientBalancesResponse } from '@anybank/contracts';
import { fetchClientBalances } from './advisor-api';

export type ClientBalancesState =
  | { status: 'loading' }
  | { status: 'shared'; client: ClientBalancesResponse }
  | { status: 'no-consent' }
  /** Document 2 §8: a balance fetch error is only logged. */
  | { status: 'failed' };

/** The chosen client's details and shared balances, asked for each time another is chosen. */
export function useClientBalances(subject: string): ClientBalancesState {
  const [loaded, setLoaded] = useState<{ subject: string; state: ClientBalancesState } | null>(
    null,
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchClientBalances(subject, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setLoaded({
          subject,
          state:
            answer.kind === 'shared'
              ? { status: 'shared', client: answer.client }
              : { status: 'no-consent' },
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("The client's balances could not be loaded", error);
        setLoaded({ subject, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [subject]);

  return loaded?.subject === subject ? loaded.state : { status: 'loading' };
}
