import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { OTP_PATTERN, messages, type ContactKind } from '@anybank/contracts';
import { confirmContact, type PendingContact } from './profile-update';

const WORDS: Record<ContactKind, string> = { email: 'email address', mobile: 'mobile number' };

export type ContactVerified = { kind: ContactKind; limitExceeded: boolean };

/**
 * A new e-mail address or mobile number is used only once the customer enters the
 * code sent to it. One small form per pending change; focus goes to the first code field, and
 * a refusal is announced (live region) and tied to its field.
 */
export function ContactVerification({
  pending,
  onVerified,
}: {
  pending: PendingContact;
  onVerified: (verified: ContactVerified) => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const what = WORDS[pending.kind];

  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!OTP_PATTERN.test(code.trim())) {
      setProblem(messages.validation.codeSixDigits);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    const outcome = await confirmContact(pending.kind, code);
    setBusy(false);
    switch (outcome.kind) {
      case 'updated':
      case 'limitExceeded':
        onVerified({ kind: pending.kind, limitExceeded: outcome.kind === 'limitExceeded' });
        return;
      case 'refused':
        setProblem(outcome.message);
        break;
      case 'error':
        setProblem(messages.profile.unexpected);
    }
    input.current?.focus();
  }

  return (
    <Form
      noValidate
      className="border rounded p-3 mb-3"
      aria-labelledby={`${id}-intro`}
      onSubmit={(event) => void submit(event)}
    >
      <p id={`${id}-intro`}>{messages.profile.verifyContactIntro(what, pending.target)}</p>
      <Form.Group className="mb-2" controlId={`${id}-code`}>
        <Form.Label>
          {messages.profile.verifyContactLabel} ({what})
        </Form.Label>
        <Form.Control
          ref={input}
          name={`${pending.kind}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          isInvalid={problem !== null}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          disabled={busy}
        />
      </Form.Group>
      <div role="alert" aria-atomic="true">
        {problem && (
          <div id={`${id}-problem`} className="invalid-feedback d-block">
            {problem}
          </div>
        )}
      </div>
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {messages.profile.verifyContactSubmit}…
          </>
        ) : (
          messages.profile.verifyContactSubmit
        )}
      </Button>
    </Form>
  );
}
