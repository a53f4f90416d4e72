import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { presenterMessages } from '@anybank/contracts';
import { givePresenterSecret, isPresenterBrowser } from '../../lib/presenter-api';

const text = presenterMessages;

type Gate = 'checking' | 'locked' | 'open';

/**
 * A demo tool that changes the bank for everyone (the brand, Reset demo) shows its controls
 * only in the presenter's browser (README "Demo tools"). Elsewhere it asks for the presenter
 * secret first, once per browser: a labelled field, a refusal read out from a live region with
 * focus back on the field, and focus on the tool once it opens.
 */
export function PresenterGate({ children }: { children: ReactNode }) {
  const ids = useId();
  const [gate, setGate] = useState<Gate>('checking');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const openedRef = useRef<HTMLDivElement>(null);
  const unlocked = useRef(false);
  // Focus goes back to the field once it is enabled again (after the render that ends `busy`).
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    let current = true;
    void isPresenterBrowser().then((presenter) => {
      if (current) setGate(presenter ? 'open' : 'locked');
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (gate === 'open' && unlocked.current) openedRef.current?.focus();
  }, [gate]);

  useEffect(() => {
    if (refusals > 0) fieldRef.current?.focus();
  }, [refusals]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (secret.trim() === '') {
      setError(text.empty);
      setRefusals((count) => count + 1);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await givePresenterSecret(secret.trim());
    setBusy(false);
    if (answer.ok) {
      unlocked.current = true;
      setSecret('');
      setGate('open');
      return;
    }
    setError(answer.message);
    setRefusals((count) => count + 1);
  }

  if (gate === 'open') {
    return (
      <div ref={openedRef} tabIndex={-1} className="presenter-tools">
        {children}
      </div>
    );
  }
  if (gate === 'checking') {
    return <Spinner animation="border" size="sm" role="status" aria-label={text.checking} />;
  }
  return (
    <Form noValidate aria-label={text.heading} onSubmit={(event) => void submit(event)}>
      <p id={`${ids}-intro`}>{text.intro}</p>
      <div aria-live="assertive" aria-atomic="true" role="alert">
        {error && (
          // role="none": the wrapper is the live region; an alert inside it is announced twice.
          <Alert variant="danger" className="mb-3" role="none" id={`${ids}-error`}>
            {error}
          </Alert>
        )}
      </div>
      <Form.Group className="mb-3" controlId={`${ids}-secret`}>
        <Form.Label>{text.label}</Form.Label>
        <Form.Control
          ref={fieldRef}
          type="password"
          autoComplete="off"
          value={secret}
          disabled={busy}
          aria-invalid={error !== null}
          aria-describedby={error ? `${ids}-intro ${ids}-error` : `${ids}-intro`}
          onChange={(event) => setSecret(event.target.value)}
        />
      </Form.Group>
      <Button type="submit" variant="primary" disabled={busy}>
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
        {text.submit}
      </Button>
    </Form>
  );
}
