import { useEffect, useState } from 'react';
import { pairingTicketIn, redeemPairingTicket, wallet } from './wallet';

export type PairingLinkState =
  { kind: 'none' } | { kind: 'adding' } | { kind: 'added'; card: string } | { kind: 'failed' };

/**
 * Opens a wallet pairing link (`/mobile#walletPairing=…`): takes the ticket out of the address
 * at once (a reload or a bookmark must not carry it), redeems it and puts the card in the
 * wallet. Listens for `hashchange` too: a link opened in a tab already on /mobile loads no page.
 */
export function usePairingLink(): PairingLinkState {
  const [state, setState] = useState<PairingLinkState>({ kind: 'none' });

  useEffect(() => {
    const open = () => {
      const ticket = pairingTicketIn(window.location.hash);
      if (ticket === null) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
      setState({ kind: 'adding' });
      // Not cancelled on unmount: the ticket works once, so its card is kept whoever asked.
      void redeemPairingTicket(ticket).then((card) => {
        if (card === null) {
          setState({ kind: 'failed' });
          return;
        }
        wallet.add(card);
        setState({ kind: 'added', card });
      });
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);

  return state;
}
