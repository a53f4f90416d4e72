import type { Ref } from 'react';
import { Form } from 'react-bootstrap';
import { PASSWORD_PATTERN, messages } from '@anybank/contracts';

interface NewPasswordFieldsProps {
  newPassword: string;
  confirmation: string;
  onNewPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  firstRef?: Ref<HTMLInputElement>;
}

/**
 * A new password and its confirmation (§5): the password rule's pattern and title on both;
 * the form checks them with `newPasswordProblem` and shows its message itself.
 */
export function NewPasswordFields({
  newPassword,
  confirmation,
  onNewPassword,
  onConfirmation,
  invalid,
  describedBy,
  firstRef,
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
