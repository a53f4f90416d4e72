import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { emailSchema, phoneInputSchema } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { FormError } from './FormError';
import { pairingErrorTextOf } from './login-model';
import { PrimaryButton, SecondaryButton } from './TabActions';

export type PairingTarget = { email: string } | { phone: string };

interface PairingTargetTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  onSubmit: (target: PairingTarget) => void;
  onCancel: () => void;
}

/** Tab 10: the e-mail address or phone number to pair, by the flow's status (§5 rules). */
export function PairingTargetTab({
  headingId,
  flow,
  busy,
  onSubmit,
  onCancel,
}: PairingTargetTabProps) {
  const email = flow.status === 'EMAIL_PAIRING_TARGET_REQUIRED';
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const hintId = useId();
  const serverError = pairingErrorTextOf(flow);
  const errorText = fieldError ?? serverError;

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    if (serverError !== null) inputRef.current?.focus();
  }, [serverError]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = (email ? emailSchema : phoneInputSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    onSubmit(email ? { email: parsed.data } : { phone: parsed.data });
  };

  return (
    <Form noValidate onSubmit={submit}>
      <h2 id={headingId} className="h4 mb-3">
        {email ? 'Add an email address' : 'Add a phone number'}
      </h2>
      <p>We will send a 6-digit code there to check that it is yours.</p>
      <FormError id={errorId} message={errorText} />
      <Form.Group className="mb-3" controlId="login-pairing-target">
        <Form.Label>{email ? 'Email address' : 'Phone number'}</Form.Label>
        <Form.Control
          ref={inputRef}
          name={email ? 'email' : 'phone'}
          type={email ? 'email' : 'tel'}
          autoComplete={email ? 'email' : 'tel'}
          inputMode={email ? 'email' : 'tel'}
          spellCheck={false}
          required
          maxLength={email ? 254 : 32}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setFieldError(null);
          }}
          aria-invalid={errorText !== null}
          aria-describedby={
            [errorText ? errorId : null, email ? null : hintId].filter(Boolean).join(' ') ||
            undefined
          }
        />
        {!email && (
          <Form.Text id={hintId}>
            International format with a leading +, for example +15551234567.
          </Form.Text>
        )}
      </Form.Group>
      <PrimaryButton busy={busy}>Send code</PrimaryButton>
      <SecondaryButton busy={busy} onClick={onCancel}>
        Cancel
      </SecondaryButton>
    </Form>
  );
}
