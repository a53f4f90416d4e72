import { useEffect, useState } from 'react';
import { fetchClientBalances, fetchSharingClients } from './advisor-api';
import { consentedClientOf, consentingClients } from './advisor-book';
import type { ConsentedClient } from './advisor-book';

/** The most clients whose balances one page asks for, one request each. */
export const BOOK_CLIENT_LIMIT = 20;

export type ClientBookState =
  | { status: 'loading' }
  | { status: 'ready'; clients: ConsentedClient[]; more: number }
  /** Document 2 §8: a fetch error is only logged; the page says the book is unavailable. */
  | { status: 'failed' };

/**
 * The advisor's consenting clients with their shared balances, through the same
 * partner APIs as the client search and the client page: the server decides what is shared. A
 * client who stopped sharing between the two calls is left out.
 */
export function useClientBook(): ClientBookState {
  const [state, setState] = useState<ClientBookState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    async function load(): Promise<ClientBookState> {
      const consenting = consentingClients(await fetchSharingClients(signal));
      const asked = consenting.slice(0, BOOK_CLIENT_LIMIT);
      const answers = await Promise.all(
        asked.map((consent) => fetchClientBalances(consent.subject, signal)),
      );
      const clients = asked.flatMap((consent, index) => {
        const answer = answers[index];
        return answer?.kind === 'shared'
          ? [consentedClientOf(consent, answer.client.Data.Balance)]
          : [];
      });
      return { status: 'ready', clients, more: consenting.length - asked.length };
    }
    load().then(
      (loaded) => {
        if (!signal.aborted) setState(loaded);
      },
      (error: unknown) => {
        if (signal.aborted) return;
        console.warn("The advisor's clients could not be loaded", error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
