import { useEffect, useRef } from 'react';
import {
  credentialTitles,
  fillBrand,
  verifiableCredentialMessages as text,
  type CredentialOfferResponse,
} from '@anybank/contracts';
import { useBrand } from '../../lib/brand';

/**
 * An offer of a verifiable credential, as the Digital Wallet section shows it (ADR 0027): the
 * QR code any OpenID4VCI wallet scans, the link that opens this site's phone simulator, where
 * the transaction code went and until when the offer works. It takes the focus when it appears.
 */
export function CredentialOfferCard({ offer }: { offer: CredentialOfferResponse }) {
  const brand = useBrand();
  const box = useRef<HTMLDivElement>(null);
  const title = fillBrand(credentialTitles[offer.credentialType], brand);
  const until = new Date(offer.expiresAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  });

  useEffect(() => box.current?.focus(), [offer.offerId]);

  return (
    <div
      ref={box}
      tabIndex={-1}
      className="d-flex flex-wrap align-items-center gap-3 mb-3"
      data-testid="credential-offer"
    >
      <img
        src={offer.qrCode}
        alt={text.qrAlt(title)}
        width={192}
        height={192}
        className="border rounded"
      />
      <div>
        <p className="mb-2">{text.offerReady}</p>
        <p className="mb-2 fw-semibold">{text.txCodeSent(offer.txCodeSentTo)}</p>
        <a href={offer.phoneLink} target="_blank" rel="noopener noreferrer">
          {text.openOnPhone}
        </a>
        <p className="small text-body-secondary mt-2 mb-0">{text.offerWorksUntil(until)}</p>
      </div>
    </div>
  );
}
