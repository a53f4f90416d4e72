import { useEffect, useEffectEvent } from 'react';
import { PHONE_OFFER_PARAM, PHONE_PRESENTATION_PARAM } from '@anybank/contracts';
import {
  fragmentParam,
  parseCredentialOffer,
  parsePresentationLink,
  type CredentialOffer,
  type PresentationLink,
} from './credential-offer';

/** What was opened in the wallet: each opening new (`id`), so a prompt starts afresh. */
export type OpenedLink =
  | { kind: 'offer'; offer: CredentialOffer; id: number }
  | { kind: 'request'; link: PresentationLink; id: number }
  | { kind: 'unreadable'; id: number };

let openings = 0;

/** An offer or a request, from the link itself or the `/mobile#…` link carrying it. */
export function linkOf(text: string): OpenedLink {
  openings += 1;
  const offer = parseCredentialOffer(text);
  if (offer) return { kind: 'offer', offer, id: openings };
  const link = parsePresentationLink(text);
  if (link) return { kind: 'request', link, id: openings };
  return { kind: 'unreadable', id: openings };
}

/**
 * Opens a credential offer (`/mobile#credential_offer=…`) or a verifier's request
 * (`/mobile#openid4vp=…`): takes it out of the address at once, like the pairing ticket
 * (use-pairing-link.ts): the offer's pre-authorized code must not stay in the history or a
 * bookmark. Listens for `hashchange` too: a link opened in a tab already on /mobile loads no page.
 */
export function useCredentialLinks(onOpened: (link: OpenedLink) => void) {
  const opened = useEffectEvent(onOpened);
  useEffect(() => {
    const fromAddress = () => {
      const { hash, pathname, search } = window.location;
      const carried =
        fragmentParam(hash, PHONE_OFFER_PARAM) ?? fragmentParam(hash, PHONE_PRESENTATION_PARAM);
      if (carried === null) return;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
      opened(linkOf(carried));
    };
    fromAddress();
    window.addEventListener('hashchange', fromAddress);
    return () => window.removeEventListener('hashchange', fromAddress);
  }, []);
}
