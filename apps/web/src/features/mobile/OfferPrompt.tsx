import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import {
  TX_CODE_LENGTH,
  credentialTitles,
  credentialTypeOf,
  fillBrand,
  verifiableCredentialMessages as text,
} from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import type { CredentialOffer } from './credential-offer';
import { addFromOffer, offerProblem } from './credentials';

export interface PromptOutcome {
  ok: boolean;
  message: string;
}

/**
 * A credential offer opened in the wallet (ADR 0027): what the bank offers, the transaction
 * code it sent to the customer's phone, then the issuance. The code works once: whatever the
 * answer, the prompt ends and the panel says how it went.
 */
export function OfferPrompt({
  offer,
  onDone,
}: {
  offer: CredentialOffer;
  onDone: (outcome: PromptOutcome) => void;
}) {
  const brand = useBrand();
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [adding, setAdding] = useState(false);
  const problem = offerProblem(offer);
  const type = offer.configurationIds.map(credentialTypeOf).find((found) => found !== null);
  const title = fillBrand(type ? credentialTitles[type] : text.heading, brand);
  const length = offer.txCode?.length ?? TX_CODE_LENGTH;
  const numeric = offer.txCode?.numeric ?? true;

  useEffect(() => {
    if (problem) onDone({ ok: false, message: fillBrand(problem, brand) });
    else input.current?.focus();
  }, [problem, onDone, brand]);
  if (problem) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdding(true);
    void addFromOffer(offer, offer.txCode ? code : null).then((outcome) =>
      onDone(
        outcome.kind === 'issued'
          ? { ok: true, message: text.added(title) }
          : { ok: false, message: fillBrand(outcome.message, brand) },
      ),
    );
  };

  return (
    <section className="border rounded-3 p-3 mb-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6">
        {fillBrand(text.offerFor(title), brand)}
      </h3>
      <Form onSubmit={submit}>
        {offer.txCode && (
          <Form.Group className="mb-2" controlId={inputId}>
            <Form.Label>{fillBrand(text.txCodePrompt, brand)}</Form.Label>
            <Form.Control
              ref={input}
              value={code}
              onChange={(event) => setCode(event.target.value.trim())}
              inputMode={numeric ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              pattern={numeric ? `[0-9]{${length}}` : undefined}
              maxLength={length}
              required
              disabled={adding}
              aria-describedby={offer.txCode.description ? hintId : undefined}
            />
            {offer.txCode.description && (
              <Form.Text id={hintId}>{offer.txCode.description}</Form.Text>
            )}
          </Form.Group>
        )}
        <div className="d-flex gap-2">
          <Button type="submit" variant="primary" disabled={adding}>
            {adding && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {adding ? text.adding(title) : text.addWithCode}
          </Button>
          <Button
            variant="outline-secondary"
            disabled={adding}
            onClick={() => onDone({ ok: true, message: '' })}
          >
            {text.cancel}
          </Button>
        </div>
      </Form>
    </section>
  );
}
