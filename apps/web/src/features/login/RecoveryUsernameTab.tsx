import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { identifierSchema, messages } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { FormError } from './FormError';
import { errorTextOf } from './login-model';
import { PrimaryButton } from './TabActions';
import { UsernameField } from './UsernameField';

interface RecoveryUsernameTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  onSubmit: (username: string) => void;
}

/** Tab 16: forgot password — the username whose password to reset (§2.4, §4.1). */
export function RecoveryUsernameTab({ headingId, flow, busy, onSubmit }: RecoveryUsernameTabProps) {
  const [username, setUsername] = useState(flow.username ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const errorText = fieldError ?? errorTextOf(flow);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = identifierSchema.safeParse(username);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? messages.login.invalidUsername);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setUsername(parsed.data);
    onSubmit(parsed.data);
  };

  return (
    <Form noValidate onSubmit={submit}>
      <h2 id={headingId} className="h4 mb-3">
        Forgot password
      </h2>
      <p>Enter your username. We will email you a recovery code to set a new password.</p>
      <FormError id={errorId} message={errorText} />
      <UsernameField
        controlId="login-recovery-username"
        inputRef={inputRef}
        value={username}
        setValue={setUsername}
        onEdit={() => setFieldError(null)}
        invalid={errorText !== null}
        describedBy={errorText ? errorId : undefined}
      />
      <PrimaryButton busy={busy}>Send recovery code</PrimaryButton>
    </Form>
  );
}
