import { isValidPassword, messages } from '@anybank/contracts';

/**
 * Input rules of the login modal's forms (document 1 §5) that are more than one pattern: a new
 * password with its confirmation, and how the authenticator key is shown.
 */

/** A form's error: the text, and a title above it when the spec gives one. */
export interface FieldProblem {
  title?: string;
  message: string;
}

/**
 * A new password and its confirmation: both follow the password rule, and they must match
 * ('Passwords must match' under 'Error Encountered'). Null: nothing to say.
 */
export function newPasswordProblem(newPassword: string, confirmation: string): FieldProblem | null {
  if (!isValidPassword(newPassword)) return { message: messages.validation.passwordHint };
  if (newPassword !== confirmation) {
    return {
      title: messages.validation.passwordsMustMatchTitle,
      message: messages.validation.passwordsMustMatchLogin,
    };
  }
  return null;
}

/** The authenticator key in groups of four, as authenticator apps show it. */
export function groupPairingKey(key: string): string {
  return (key.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
