import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { emailSchema } from '@anybank/contracts';
import { FormError } from './FormError';
import { PrimaryButton, SecondaryButton } from './TabActions';
import type { UsernameRecoveryOutcome } from './username-recovery';

interface ForgotUsernameTabProps {
  headingId: string;
  busy: boolean;
  /** Starts the username-recovery policy; tab 5 follows on success. */
  onSubmit: (mail: string) => Promise<UsernameRecoveryOutcome>;
  onBack: () => void;
}

/** Tab 4: forgot username — the e-mail address to send it to (§5 e-mail rule). */
export function ForgotUsernameTab({ headingId, busy, onSubmit, onBack }: ForgotUsernameTabProps) {
  const [mail, setMail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(mail);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    const outcome = await onSubmit(parsed.data);
    if (outcome.kind === 'failed') {
      setError(outcome.message);
      inputRef.current?.focus();
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={headingId} className="h4 mb-3">
        Forgot username
      </h2>
      <p>Enter the email address of your online account. We will email you your username.</p>
      <FormError id={errorId} message={error} />
      <Form.Group className="mb-3" controlId="login-forgot-username-email">
        <Form.Label>Email address</Form.Label>
        <Form.Control
          ref={inputRef}
          name="email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={254}
          value={mail}
          onChange={(event) => {
            setMail(event.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
      </Form.Group>
      <PrimaryButton busy={busy}>Send username</PrimaryButton>
      <SecondaryButton busy={busy} onClick={onBack}>
        Back to sign in
      </SecondaryButton>
    </Form>
  );
}
