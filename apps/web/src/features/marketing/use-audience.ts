import { useEffect, useState } from 'react';
import { listCustomers } from './marketing-api';
import { reachableCustomers } from './marketing-audience';
import type { ReachableCustomer } from './marketing-audience';

export type AudienceState =
  | { status: 'loading' }
  | {
      status: 'ready';
      /** The customers who opted in, among those listed. */
      customers: ReachableCustomer[];
      /** Customers listed (one page), and in the directory. */
      listed: number;
      total: number;
    }
  /** Document 2 §8: a failed lookup is only logged; the page says the audience is unavailable. */
  | { status: 'failed' };

/** The opted-in customers, through the marketing lookup (SCIM) the search uses. */
export function useAudience(): AudienceState {
  const [state, setState] = useState<AudienceState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    listCustomers(controller.signal).then(
      ({ users, total }) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'ready',
          customers: reachableCustomers(users),
          listed: users.length,
          total,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The opted-in customers could not be loaded', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
