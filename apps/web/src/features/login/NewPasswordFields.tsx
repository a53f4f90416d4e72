import type { Ref } from 'react';
import { Form } from 'react-bootstrap';
import { PASSWORD_PATTERN, messages, type PasswordOwner } from '@anybank/contracts';
import { PasswordStrengthMeter } from '../../components/ui/PasswordStrengthMeter';

interface NewPasswordFieldsProps {
  newPassword: string;
  confirmation: string;
  onNewPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  firstRef?: Ref<HTMLInputElement>;
  /** Whose password it is, as far as the flow knows (the meter refuses their own details). */
  owner?: PasswordOwner;
}

/**
 * A new password and its confirmation (§5): the password rule's pattern and title on both, and
 * the strength meter under the first (what the server will say of it); the form checks them
 * with `newPasswordProblem` and shows its message itself.
 */
export function NewPasswordFields({
  newPassword,
  confirmation,
  onNewPassword,
  onConfirmation,
  invalid,
  describedBy,
  firstRef,
  owner = {},
}: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Group className="mb-3" controlId="login-new-password">
        <Form.Label>New password</Form.Label>
        <Form.Control
          ref={firstRef}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          pattern={PASSWORD_PATTERN.source}
          title={messages.validation.passwordTitle}
          value={newPassword}
          onChange={(event) => onNewPassword(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        <Form.Text>{messages.validation.passwordHint}</Form.Text>
        <PasswordStrengthMeter password={newPassword} owner={owner} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="login-confirm-password">
        <Form.Label>Confirm new password</Form.Label>
        <Form.Control
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          pattern={PASSWORD_PATTERN.source}
          title={messages.validation.passwordTitle}
          value={confirmation}
          onChange={(event) => onConfirmation(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      </Form.Group>
    </>
  );
}
