import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { fillBrand, verifiableCredentialMessages as text } from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { CredentialCard } from './CredentialCard';
import { deleteCredential, useStoredCredentials } from './credentials';
import { OfferPrompt, type PromptOutcome } from './OfferPrompt';
import { PresentationPrompt } from './PresentationPrompt';
import { linkOf, useCredentialLinks, type OpenedLink } from './use-credential-links';

/**
 * The phone wallet's verifiable credentials (ADR 0027), beside the customer cards: an offer or a
 * verifier's request opened from a link (or pasted), and the credentials held, each with
 * "Delete". What each step did is said in the section's live regions, and the focus comes back
 * to its heading when a prompt ends.
 */
export function CredentialsPanel() {
  const brand = useBrand();
  const headingId = useId();
  const pasteId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const credentials = useStoredCredentials();
  const [opened, setOpened] = useState<OpenedLink | null>(null);
  const [outcome, setOutcome] = useState<PromptOutcome | null>(null);
  const [pasted, setPasted] = useState('');

  const onOpened = (link: OpenedLink) => {
    const readable = link.kind !== 'unreadable';
    setOpened(readable ? link : null);
    setOutcome(readable ? null : { ok: false, message: text.offerNotReadable });
    section.current?.scrollIntoView({ block: 'nearest' });
  };
  useCredentialLinks(onOpened);

  const onDone = useCallback((result: PromptOutcome) => {
    setOpened(null);
    setOutcome(result.message === '' ? null : result);
    heading.current?.focus();
  }, []);

  const openPasted = (event: FormEvent) => {
    event.preventDefault();
    onOpened(linkOf(pasted));
    setPasted('');
  };

  return (
    <section ref={section} className="wallet mx-auto mt-4" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="h4">
        {text.phoneHeading}
      </h2>
      <div role="status" aria-atomic="true">
        {outcome?.ok && <div className="alert alert-success py-2">{outcome.message}</div>}
      </div>
      <div role="alert" aria-atomic="true">
        {outcome && !outcome.ok && <div className="alert alert-danger py-2">{outcome.message}</div>}
      </div>
      {opened?.kind === 'offer' && (
        <OfferPrompt key={opened.id} offer={opened.offer} onDone={onDone} />
      )}
      {opened?.kind === 'request' && (
        <PresentationPrompt key={opened.id} link={opened.link} onDone={onDone} />
      )}
      {credentials.length === 0 ? (
        <p className="text-body-secondary">{text.phoneEmpty}</p>
      ) : (
        credentials.map((entry) => (
          <CredentialCard
            key={entry.keyId}
            entry={entry}
            onDelete={(title) => {
              void deleteCredential(entry.keyId);
              setOutcome({ ok: true, message: text.deleted(title) });
              heading.current?.focus();
            }}
          />
        ))
      )}
      <Form onSubmit={openPasted} className="mt-3">
        <Form.Label htmlFor={pasteId}>{fillBrand(text.pasteLabel, brand)}</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            id={pasteId}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            autoComplete="off"
            required
          />
          <Button type="submit" variant="outline-primary">
            {text.openPasted}
          </Button>
        </div>
      </Form>
    </section>
  );
}
