import { useCallback, useEffect, useState } from 'react';
import type { Balance } from '@anybank/contracts';
import { fetchBalances } from './banking-api';

export type BalancesState =
  | { status: 'loading' }
  | { status: 'ready'; balances: Balance[] }
  /** Document 2 §8: a balance fetch error is only logged. */
  | { status: 'failed' };

/**
 * The customer's balances, loaded when the page is shown and again whenever it is shown anew:
 * a new visit (the page mounts again), the tab coming back into view, or the back-forward
 * cache restoring it. `reload` asks again now, keeping what is shown until the answer comes.
 */
export function useBalances(): { state: BalancesState; reload: () => void } {
  const [state, setState] = useState<BalancesState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetchBalances(controller.signal).then(
      (balances) => {
        if (!controller.signal.aborted) setState({ status: 'ready', balances });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The balances could not be loaded', error);
        setState((current) => (current.status === 'ready' ? current : { status: 'failed' }));
      },
    );
    return () => controller.abort();
  }, [generation]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [reload]);

  return { state, reload };
}
