import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import {
  RECOVERY_CODE_LENGTH,
  isValidRecoveryCode,
  messages,
  passkeyMessages,
} from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { newPasswordProblem } from './field-rules';
import type { FieldProblem } from './field-rules';
import { FormError } from './FormError';
import { errorTextOf } from './login-model';
import { NewPasswordFields } from './NewPasswordFields';
import { PrimaryButton } from './TabActions';

export interface RecoverySubmission {
  recoveryCode: string;
  newPassword: string;
  /** End every session of the account with the reset (ticked by default). */
  signOutOtherSessions?: boolean;
}

interface RecoveryCodeTabProps {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  /** Resolves true when the flow moved on. */
  onSubmit: (submission: RecoverySubmission) => Promise<boolean>;
}

/** Tab 17: the recovery code from the e-mail, a new password and its confirmation (§5). */
export function RecoveryCodeTab({ headingId, flow, busy, onSubmit }: RecoveryCodeTabProps) {
  const [recoveryCode, setRecoveryCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [signOutOthers, setSignOutOthers] = useState(true);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const serverError = errorTextOf(flow);
  const error = problem ?? (serverError ? { message: serverError } : null);
  // A passkey-only account has no password to reset; the code leads to a passkey.
  const passkeyOnly = flow.passkeyRecovery === true;

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = recoveryCode.trim();
    if (!isValidRecoveryCode(code)) {
      setProblem({ message: messages.validation.recoveryCodeEightCharacters });
      setCodeInvalid(true);
      codeRef.current?.focus();
      return;
    }
    setCodeInvalid(false);
    if (passkeyOnly) {
      await onSubmit({ recoveryCode: code, newPassword: '' });
      return;
    }
    const passwordProblem = newPasswordProblem(newPassword, confirmation);
    setProblem(passwordProblem);
    if (passwordProblem) {
      passwordRef.current?.focus();
      return;
    }
    if (
      !(await onSubmit({ recoveryCode: code, newPassword, signOutOtherSessions: signOutOthers }))
    ) {
      setNewPassword('');
      setConfirmation('');
      passwordRef.current?.focus();
    }
  };

  const changed = () => setProblem(null);

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={headingId} className="h4 mb-3">
        {passkeyOnly ? passkeyMessages.passkeyRecoveryHeading : 'Reset your password'}
      </h2>
      {passkeyOnly && <p>{passkeyMessages.noPasswordToReset}</p>}
      <p hidden={passkeyOnly}>
        If {flow.username ? <strong>{flow.username}</strong> : 'this username'} is yours, we emailed
        you a recovery code of {RECOVERY_CODE_LENGTH} characters. It expires in 15 minutes.
      </p>
      <FormError id={errorId} title={error?.title} message={error?.message ?? null} />
      <Form.Group className="mb-3" controlId="login-recovery-code">
        <Form.Label>Recovery code</Form.Label>
        <Form.Control
          ref={codeRef}
          name="recoveryCode"
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={RECOVERY_CODE_LENGTH}
          title={messages.validation.recoveryCodeEightCharacters}
          value={recoveryCode}
          onChange={(event) => {
            setRecoveryCode(event.target.value.trim());
            setCodeInvalid(false);
            changed();
          }}
          aria-invalid={codeInvalid}
          aria-describedby={codeInvalid ? errorId : undefined}
        />
      </Form.Group>
      {!passkeyOnly && (
        <NewPasswordFields
          firstRef={passwordRef}
          owner={{ username: flow.username ?? null }}
          newPassword={newPassword}
          confirmation={confirmation}
          onNewPassword={(value) => {
            setNewPassword(value);
            changed();
          }}
          onConfirmation={(value) => {
            setConfirmation(value);
            changed();
          }}
          invalid={error !== null && !codeInvalid}
          describedBy={error !== null && !codeInvalid ? errorId : undefined}
        />
      )}
      {!passkeyOnly && (
        <Form.Group className="mb-3" controlId="login-recovery-sign-out">
          <Form.Check
            type="checkbox"
            label={messages.sessions.signOutOtherSessions}
            checked={signOutOthers}
            onChange={(event) => setSignOutOthers(event.target.checked)}
          />
        </Form.Group>
      )}
      <PrimaryButton busy={busy}>
        {passkeyOnly ? passkeyMessages.passkeyRecoveryButton : 'Reset password'}
      </PrimaryButton>
    </Form>
  );
}
