import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import type { FlowResponse } from '@anybank/contracts';
import { newPasswordProblem } from './field-rules';
import type { FieldProblem } from './field-rules';
import { FormError } from './FormError';
import { errorTextOf } from './login-model';
import { NewPasswordFields } from './NewPasswordFields';
import { PrimaryButton } from './TabActions';

interface NewPasswordTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  /** Resolves true when the flow moved on. */
  onSubmit: (newPassword: string) => Promise<boolean>;
}

/** Tab 14 at PASSWORD_RESET_REQUIRED: the password must change before the second factor. */
export function NewPasswordTab({ headingId, flow, busy, onSubmit }: NewPasswordTabProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const serverError = errorTextOf(flow);
  const error = problem ?? (serverError ? { message: serverError } : null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblem(newPassword, confirmation);
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    if (!(await onSubmit(newPassword))) {
      setNewPassword('');
      setConfirmation('');
      inputRef.current?.focus();
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={headingId} className="h4 mb-3">
        Choose a new password
      </h2>
      <p>Your password has to be changed before you continue.</p>
      <FormError id={errorId} title={error?.title} message={error?.message ?? null} />
      <NewPasswordFields
        firstRef={inputRef}
        newPassword={newPassword}
        confirmation={confirmation}
        onNewPassword={(value) => {
          setNewPassword(value);
          setProblem(null);
        }}
        onConfirmation={(value) => {
          setConfirmation(value);
          setProblem(null);
        }}
        invalid={error !== null}
        describedBy={error ? errorId : undefined}
      />
      <PrimaryButton busy={busy}>Change password</PrimaryButton>
    </Form>
  );
}
