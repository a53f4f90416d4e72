import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { FormError } from './FormError';
import type { PasswordSubmission } from './IdentifierTab';
import { errorTextOf } from './login-model';

interface StepUpPasswordTabProps {
  headingId: string;
  flow: FlowResponse | null;
  busy: boolean;
  /** Resolves true when the flow moved on, false when it answered an error. */
  onSubmit: (submission: PasswordSubmission) => Promise<boolean>;
  /** A code or push to one of the customer's devices instead (the device step). */
  onChooseAnother: () => void;
}

/**
 * The step-up's password: the signed-in customer confirms it is them with the
 * password they already have, or chooses one of their devices. No username to type (the
 * flow knows who it is), no recovery: this is not a sign-in.
 */
export function StepUpPasswordTab({
  headingId,
  flow,
  busy,
  onSubmit,
  onChooseAnother,
}: StepUpPasswordTabProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const errorText = missing ? messages.validation.passwordHint : errorTextOf(flow);

  useEffect(() => passwordRef.current?.focus(), []);
  useEffect(() => {
    if (errorText !== null) passwordRef.current?.focus();
  }, [errorText]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setMissing(true);
      passwordRef.current?.focus();
      return;
    }
    setMissing(false);
    const moved = await onSubmit({
      username: flow?.username ?? '',
      password,
      rememberMyUsername: false,
    });
    if (!moved) {
      setPassword('');
      passwordRef.current?.focus();
    }
  }

  return (
    <>
      <h2 id={headingId} className="h4 mb-3">
        {messages.stepUp.heading}
      </h2>
      <p>{messages.stepUp.intro}</p>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <Form.Group className="mb-3" controlId="step-up-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            isInvalid={errorText !== null}
            aria-invalid={errorText !== null}
            aria-describedby={errorText ? errorId : undefined}
            disabled={busy}
          />
        </Form.Group>
        <FormError id={errorId} message={errorText} />
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Confirm
          </Button>
          <Button type="button" variant="link" disabled={busy} onClick={onChooseAnother}>
            Use a code or another sign-in method instead
          </Button>
        </div>
      </Form>
    </>
  );
}
