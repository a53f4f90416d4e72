import { useEffect, useId, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { WALLET_CARD_TITLE, fillBrand } from '@anybank/contracts';
import { claimsOf, type CardVerdict } from './wallet-card';
import { checkCard } from './wallet';
import { useBrand } from '../../lib/brand';

/** The verified card's badge: the bank's published key signed it. */
export const signedByBank = (bankName: string) => `Signed by ${bankName}`;
export const NOT_VERIFIED = 'Not verified';

/**
 * One card in the wallet: what it states (holder, masked number), and whether the bank's
 * published key really signed it — checked here with WebCrypto, every time the card is shown.
 */
export function WalletCard({ card, onRemove }: { card: string; onRemove: () => void }) {
  const titleId = useId();
  const brand = useBrand();
  const [verdict, setVerdict] = useState<CardVerdict | null>(null);

  useEffect(() => {
    let current = true;
    void checkCard(card).then((result) => {
      if (current) setVerdict(result);
    });
    return () => {
      current = false;
    };
  }, [card]);

  const claims = verdict?.claims ?? claimsOf(card);
  return (
    <article className="wallet-card mb-3" aria-labelledby={titleId}>
      <h3 id={titleId} className="h6 mb-3">
        {fillBrand(WALLET_CARD_TITLE, brand)}
      </h3>
      <dl className="wallet-card-details mb-2">
        <dt>Card holder</dt>
        <dd>{claims?.name ?? 'Unknown'}</dd>
        <dt>Customer number</dt>
        <dd>{claims?.customer_number ?? 'Unknown'}</dd>
        {claims && (
          <>
            <dt>Valid until</dt>
            <dd>{new Date(claims.exp * 1000).toLocaleDateString()}</dd>
          </>
        )}
      </dl>
      <p className="wallet-card-verdict mb-2">
        {verdict === null && (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            Checking the signature…
          </>
        )}
        {verdict?.kind === 'verified' && (
          <span className="badge text-bg-light">
            <span aria-hidden="true" className="me-1">
              ✓
            </span>
            <span>{signedByBank(brand.bankName)}</span>
          </span>
        )}
        {verdict?.kind === 'invalid' && (
          <span className="badge text-bg-danger text-wrap text-start">
            {NOT_VERIFIED}: {verdict.reason}
          </span>
        )}
        {verdict?.kind === 'unchecked' && (
          <span className="badge text-bg-warning text-wrap text-start">
            The signature could not be checked: {brand.bankName} could not be reached.
          </span>
        )}
      </p>
      <Button variant="outline-light" size="sm" onClick={onRemove}>
        Remove from wallet
      </Button>
    </article>
  );
}
