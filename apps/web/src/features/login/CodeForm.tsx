import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, InvalidEvent, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { OTP_LENGTH, OTP_PATTERN, isValidOtp, messages } from '@anybank/contracts';
import { FormError } from './FormError';
import { PrimaryButton, SecondaryButton } from './TabActions';

interface CodeFormProps {
  /** The field's label. */
  label: string;
  /** The flow's refusal of the last code (§8: the detail's message). */
  serverError: string | null;
  busy: boolean;
  /** Takes focus when the form appears (the step's first field). */
  focusOnMount?: boolean;
  /** Resolves true when the flow moved on; false clears the code and focuses it again. */
  onSubmit: (code: string) => Promise<boolean>;
  /** The way out under Submit; none on the sign-in code (tab 3). */
  onCancel?: () => void;
  /** Shown above Submit (tab 3: "Don't ask again on this browser"). */
  extra?: ReactNode;
}

/** A 6-digit code (§5: 'Code must be 6 digits') with Submit, and Cancel: tabs 3, 11 and 15. */
export function CodeForm({
  label,
  serverError,
  busy,
  focusOnMount = true,
  onSubmit,
  onCancel,
  extra,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const errorText = fieldError ?? serverError;

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  const onInvalid = (event: InvalidEvent<HTMLInputElement>) => {
    event.preventDefault();
    event.currentTarget.focus();
    setFieldError(messages.validation.codeSixDigits);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!isValidOtp(value)) {
      setFieldError(messages.validation.codeSixDigits);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    if (!(await onSubmit(value))) {
      setCode('');
      inputRef.current?.focus();
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)}>
      <FormError id={errorId} message={errorText} />
      <Form.Group className="mb-3" controlId={inputId}>
        <Form.Label>{label}</Form.Label>
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
          value={code}
          onChange={(event) => {
            setCode(event.target.value.trim());
            setFieldError(null);
          }}
          onInvalid={onInvalid}
          aria-invalid={errorText !== null}
          aria-describedby={errorText ? errorId : undefined}
        />
      </Form.Group>
      {extra}
      <PrimaryButton busy={busy}>Submit</PrimaryButton>
      {onCancel && (
        <SecondaryButton busy={busy} onClick={onCancel}>
          Cancel
        </SecondaryButton>
      )}
    </Form>
  );
}
