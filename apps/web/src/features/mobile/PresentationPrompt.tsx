import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import {
  credentialTitles,
  fillBrand,
  walletPresentationMessages as text,
} from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { shownClaims } from './claim-format';
import { readCredential } from './credential-check';
import type { PresentationLink } from './credential-offer';
import type { StoredCredential } from './credential-store';
import { answerPresentation, openPresentationLink, useStoredCredentials } from './credentials';
import type { PromptOutcome } from './OfferPrompt';
import { canAnswer, purposeOf, type PresentationRequest } from './presentation-request';

type State =
  | { kind: 'opening' }
  | { kind: 'asking'; request: PresentationRequest }
  | { kind: 'sending'; request: PresentationRequest };

/**
 * A verifier's request opened in the wallet (OpenID4VP, ADR 0027): who asks, what for, exactly
 * the claims it would see (and that it sees nothing else), then Share or Decline. A request
 * not signed by a verifier the bank's wallet knows is never shown.
 */
export function PresentationPrompt({
  link,
  onDone,
}: {
  link: PresentationLink;
  onDone: (outcome: PromptOutcome) => void;
}) {
  const brand = useBrand();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const credentials = useStoredCredentials();
  const [state, setState] = useState<State>({ kind: 'opening' });

  useEffect(() => {
    let current = true;
    void openPresentationLink(link).then((opened) => {
      if (!current) return;
      if (opened.kind === 'refused') onDone({ ok: false, message: opened.message });
      else setState({ kind: 'asking', request: opened.request });
    });
    return () => {
      current = false;
    };
  }, [link, onDone]);

  useEffect(() => {
    if (state.kind === 'asking') heading.current?.focus();
  }, [state.kind]);

  if (state.kind === 'opening') {
    return (
      <p role="status" className="d-flex align-items-center gap-2">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {text.waiting}
      </p>
    );
  }

  const { request } = state;
  const entry = credentials.find((candidate) => canAnswer(request, candidate.credential)) ?? null;
  const read = entry && readCredential(entry.credential);
  const asked = read
    ? shownClaims(read.credentialType, read.claims).filter((c) => request.claims.includes(c.name))
    : [];
  const purpose = purposeOf(request.claims);
  const answer = (chosen: StoredCredential | null) => {
    setState({ kind: 'sending', request });
    void answerPresentation(request, chosen).then((outcome) =>
      onDone({ ok: outcome.ok, message: fillBrand(outcome.message, brand) }),
    );
  };

  return (
    <section className="border rounded-3 p-3 mb-3" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="h6">
        {text.asks(request.verifier.name)}
      </h3>
      {purpose && <p className="mb-2">{text.purposes[purpose]}</p>}
      {read ? (
        <>
          <p className="mb-1">
            {text.fromCredential(fillBrand(credentialTitles[read.credentialType], brand))}
          </p>
          <dl className="wallet-card-details mb-2">
            {asked.map((claim) => (
              <Fragment key={claim.name}>
                <dt>{claim.label}</dt>
                <dd>{claim.value}</dd>
              </Fragment>
            ))}
          </dl>
          <p className="small">{text.wouldNotShare}</p>
        </>
      ) : (
        <p>{fillBrand(text.noMatchingCredential, brand)}</p>
      )}
      <div className="d-flex gap-2">
        {entry && (
          <Button
            variant="primary"
            disabled={state.kind === 'sending'}
            onClick={() => answer(entry)}
          >
            {state.kind === 'sending' ? text.sharing : text.share}
          </Button>
        )}
        <Button
          variant="outline-secondary"
          disabled={state.kind === 'sending'}
          onClick={() => answer(null)}
        >
          {text.decline}
        </Button>
      </div>
    </section>
  );
}
