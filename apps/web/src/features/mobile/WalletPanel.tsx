import { useEffect, useId, useRef } from 'react';
import { Spinner } from 'react-bootstrap';
import { WALLET_CARD_TITLE, fillBrand, messages } from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { usePairingLink } from './use-pairing-link';
import { wallet, useWalletCards } from './wallet';
import { WalletCard } from './WalletCard';

/**
 * The phone's wallet (document 2 §2): the AnyBank customer cards added by opening a pairing
 * link from the personal-details page. It needs no activated app: the link is the proof.
 */
export function WalletPanel() {
  const headingId = useId();
  const cardTitle = fillBrand(WALLET_CARD_TITLE, useBrand());
  const cards = useWalletCards();
  const link = usePairingLink();
  const sectionRef = useRef<HTMLElement>(null);

  // A pairing link was opened: the wallet may be below the app, out of sight.
  useEffect(() => {
    if (link.kind !== 'none') sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, [link.kind]);

  return (
    <section ref={sectionRef} className="wallet mx-auto mt-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="h4">
        Wallet
      </h2>
      <div role="status" aria-atomic="true">
        {link.kind === 'adding' && (
          <p className="d-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Adding your {cardTitle}…
          </p>
        )}
        {link.kind === 'added' && (
          <div className="alert alert-success py-2">Your {cardTitle} was added.</div>
        )}
      </div>
      <div role="alert" aria-atomic="true">
        {link.kind === 'failed' && (
          <div className="alert alert-danger py-2">{messages.profile.walletPairingError}</div>
        )}
      </div>
      {cards.length === 0 ? (
        <p className="text-body-secondary">
          No cards yet. To add your {cardTitle}, choose &lsquo;Pair digital wallet&rsquo; on your
          personal details page and open the link it shows on this phone.
        </p>
      ) : (
        cards.map((card) => (
          <WalletCard key={card} card={card} onRemove={() => wallet.remove(card)} />
        ))
      )}
    </section>
  );
}
