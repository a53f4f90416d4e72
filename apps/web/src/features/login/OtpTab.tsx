import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, InvalidEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { OTP_LENGTH, OTP_PATTERN, isValidOtp, messages } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { FormError } from './FormError';
import { otpErrorTextOf } from './login-model';

interface OtpTabProps {
  headingId: string;
  flow: FlowResponse | null;
  /** The OTP attempt limit was reached: the lockout notice replaces the form. */
  attemptsLimit: boolean;
  busy: boolean;
  /** Resolves true when the flow moved on, false when it answered an error. */
  onSubmit: (otp: string) => Promise<boolean>;
  onTryAgain: () => void;
}

/**
 * Tab 3: the one-time code (§2.4, §5, §8) — a sign-in code, or the code that verifies the
 * user's identity for the credit-card application (ADR 0015), which says so.
 */
export function OtpTab({
  headingId,
  flow,
  attemptsLimit,
  busy,
  onSubmit,
  onTryAgain,
}: OtpTabProps) {
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const tryAgainRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const device = flow?.selectedDevice;
  const verifyingIdentity = flow?.status === 'IDENTITY_VERIFICATION_REQUIRED';
  const heading = verifyingIdentity
    ? messages.creditCard.verificationHeading
    : 'Enter your one-time code';

  useEffect(() => {
    (attemptsLimit ? tryAgainRef : inputRef).current?.focus();
  }, [attemptsLimit]);

  if (attemptsLimit) {
    return (
      <div>
        <h2 id={headingId} className="h4 mb-3">
          {heading}
        </h2>
        <div role="alert" className="alert alert-danger">
          {messages.login.otpAttemptsLimit}
        </div>
        <div className="d-grid">
          <Button ref={tryAgainRef} variant="primary" onClick={onTryAgain}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }

  const errorText = fieldError ?? otpErrorTextOf(flow);

  const onInvalid = (event: InvalidEvent<HTMLInputElement>) => {
    event.preventDefault();
    event.currentTarget.focus();
    setFieldError(messages.validation.codeSixDigits);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = otp.trim();
    if (!isValidOtp(code)) {
      setFieldError(messages.validation.codeSixDigits);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    if (!(await onSubmit(code))) {
      setOtp('');
      inputRef.current?.focus();
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)}>
      <h2 id={headingId} className="h4 mb-3">
        {heading}
      </h2>
      {verifyingIdentity && flow.verificationTarget && (
        <p>{messages.creditCard.verificationIntro(flow.verificationTarget, OTP_LENGTH)}</p>
      )}
      {!verifyingIdentity && device && (
        <p>
          We sent a {OTP_LENGTH}-digit code to{' '}
          {device.target ? <strong>{device.target}</strong> : `your ${device.name}`}.
        </p>
      )}
      <FormError id={errorId} message={errorText} />
      <Form.Group className="mb-3" controlId="login-otp">
        <Form.Label>One-time code</Form.Label>
        <Form.Control
          ref={inputRef}
          name="otp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={OTP_LENGTH}
          pattern={OTP_PATTERN.source.replace(/^\^|\$$/g, '')}
          title={messages.validation.codeSixDigits}
          value={otp}
          onChange={(event) => {
            setOtp(event.target.value.trim());
            setFieldError(null);
          }}
          onInvalid={onInvalid}
          aria-invalid={errorText !== null}
          aria-describedby={errorText ? errorId : undefined}
        />
      </Form.Group>
      <div className="d-grid">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Submit
        </Button>
      </div>
    </Form>
  );
}
