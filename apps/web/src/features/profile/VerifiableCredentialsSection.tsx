import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import {
  CREDENTIAL_TYPE_NAMES,
  credentialTitles,
  fillBrand,
  verifiableCredentialMessages as text,
  type CredentialOfferResponse,
  type CredentialType,
  type IssuedCredential,
} from '@anybank/contracts';
import { ManagedListStatus } from '../../components/ui/ManagedListStatus';
import { useBrand } from '../../lib/brand';
import { WINDOW_TIMERS, startPolling } from '../../lib/polling';
import { useManagedList } from '../../lib/use-managed-list';
import { hasNewCredential, statusOf } from './credential-offer-rules';
import { CredentialOfferCard } from './CredentialOfferCard';
import { createCredentialOffer, fetchIssuedCredentials, revokeCredential } from './credentials-api';

/** How often the section asks whether the phone has taken the offer. */
const OFFER_POLL_MS = 3000;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
const STATUS_WORDS = { active: text.active, revoked: text.revoked, expired: text.expired };
const STATUS_COLOURS = { active: 'success', revoked: 'secondary', expired: 'secondary' };

/** While an offer is shown, asks the bank now and then whether a new credential was issued. */
function useOfferTaken(
  offer: CredentialOfferResponse | null,
  before: IssuedCredential[] | null,
  onTaken: (credentials: IssuedCredential[]) => void,
) {
  const taken = useEffectEvent(onTaken);
  const known = useEffectEvent(() => before ?? []);
  useEffect(() => {
    if (offer === null) return;
    const controller = new AbortController();
    const seen = known();
    const stop = startPolling({
      intervalMs: OFFER_POLL_MS,
      poll: () => fetchIssuedCredentials(controller.signal),
      isDone: (found) => hasNewCredential(seen, found),
      onAnswer: (found) => {
        if (hasNewCredential(seen, found)) taken(found);
      },
      onError: (error) => console.warn('The credentials could not be checked', error),
      timers: WINDOW_TIMERS,
    });
    const expiry = window.setTimeout(stop, new Date(offer.expiresAt).getTime() - Date.now());
    return () => {
      window.clearTimeout(expiry);
      stop();
      controller.abort();
    };
  }, [offer]);
}

/**
 * The Digital Wallet section's verifiable credentials (ADR 0027), beside the card pairing:
 * "Add to my phone's wallet" for each type makes an offer (QR code, phone link, a 6-digit code
 * sent to the customer), and the credentials issued are listed with their status and "Revoke".
 */
export function VerifiableCredentialsSection() {
  const brand = useBrand();
  const headingId = useId();
  const titleOf = (type: CredentialType) => fillBrand(credentialTitles[type], brand);
  const { items, setItems, error, notice, busy, headingRef, reload, act } = useManagedList({
    load: fetchIssuedCredentials,
    keyOf: (credential) => credential.id,
    loadFailed: text.loadFailed,
    loadFailureLog: 'The verifiable credentials could not be loaded',
  });
  const [offer, setOffer] = useState<CredentialOfferResponse | null>(null);

  useOfferTaken(offer, items, (found) => {
    const fresh = found.find((credential) => !items?.some((c) => c.id === credential.id));
    setOffer(null);
    void act(
      'taken',
      () => {
        setItems(() => found);
        return Promise.resolve(text.added(titleOf(fresh?.credentialType ?? 'verified_customer')));
      },
      text.loadFailed,
      'The new credential could not be shown',
    );
  });

  const [offering, setOffering] = useState(false);
  const [offerFailed, setOfferFailed] = useState(false);
  const offerFor = (type: CredentialType) => {
    setOffer(null);
    setOffering(true);
    setOfferFailed(false);
    createCredentialOffer(type)
      .then(setOffer)
      .catch((failure: unknown) => {
        console.warn('The credential offer could not be made', failure);
        setOfferFailed(true);
      })
      .finally(() => setOffering(false));
  };

  const revoke = (credential: IssuedCredential) =>
    act(
      credential.id,
      async () => {
        const revoked = await revokeCredential(credential.id);
        setItems((current) => current.map((c) => (c.id === revoked.id ? revoked : c)));
        reload();
        return text.revokedNotice(titleOf(credential.credentialType));
      },
      text.revokeFailed,
      'The credential could not be revoked',
    );

  return (
    <Card className="shadow-sm mt-4" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h5">
          {text.heading}
        </h2>
        <p>{fillBrand(text.intro, brand)}</p>
        <ManagedListStatus notice={notice} error={error} loading={items === null} />
        <ul className="list-unstyled d-flex flex-wrap gap-2">
          {CREDENTIAL_TYPE_NAMES.map((type) => (
            <li key={type}>
              <Button
                variant="outline-primary"
                disabled={busy !== null || offering}
                onClick={() => offerFor(type)}
              >
                {text.addToPhone}: {titleOf(type)}
              </Button>
            </li>
          ))}
        </ul>
        <div role="alert">
          {offerFailed && <div className="alert alert-danger">{text.offerFailed}</div>}
        </div>
        {offer && <CredentialOfferCard offer={offer} />}
        {items !== null &&
          (items.length === 0 ? (
            !error && <p className="text-body-secondary mb-0">{text.noCredentials}</p>
          ) : (
            <ul className="list-group" aria-labelledby={headingId}>
              {items.map((credential) => {
                const status = statusOf(credential, new Date());
                const title = titleOf(credential.credentialType);
                return (
                  <li
                    key={credential.id}
                    className="list-group-item py-3 d-flex flex-wrap justify-content-between align-items-start gap-2"
                  >
                    <div>
                      <h3 className="h6 mb-1">
                        {title}
                        <Badge bg={STATUS_COLOURS[status]} className="ms-2">
                          {STATUS_WORDS[status]}
                        </Badge>
                      </h3>
                      <p className="small text-body-secondary mb-0">
                        {text.issuedOn(day(credential.issuedAt))}
                      </p>
                    </div>
                    {status === 'active' && (
                      <Button
                        variant="outline-danger"
                        aria-label={text.revokeLabel(title, day(credential.issuedAt))}
                        disabled={busy !== null}
                        onClick={() => void revoke(credential)}
                      >
                        {text.revoke}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          ))}
      </Card.Body>
    </Card>
  );
}
