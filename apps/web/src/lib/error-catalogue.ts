import { messages } from '@anybank/contracts';

/**
 * What the error modal shows (document 1 §2.5, §8). Every text comes from the contracts'
 * message catalogue; the default is 'Unexpected Error.' / 'Please contact Technical
 * Enablement.'.
 */
export interface ErrorContent {
  title: string;
  message: string;
}

export const DEFAULT_ERROR: ErrorContent = {
  title: messages.login.unexpectedErrorTitle,
  message: messages.login.unexpectedErrorText,
};

/** A message under the default title; the default text when the message is empty. */
export function errorWithMessage(message: string | null | undefined): ErrorContent {
  return { title: DEFAULT_ERROR.title, message: message?.trim() || DEFAULT_ERROR.message };
}

export const signInErrors = {
  /** Risk level other than LOW. */
  accessDenied: (recommendedAction: string): ErrorContent =>
    errorWithMessage(messages.login.accessDenied(recommendedAction)),
  /** The attribute pickup after sign-in failed; the server's message when it gave one. */
  sessionPickup: (message?: string | null): ErrorContent => ({
    title: messages.login.sessionPickupErrorTitle,
    message: message?.trim() || DEFAULT_ERROR.message,
  }),
  /** The sign-in came back with a state this tab did not send: nothing of it is used. */
  stateMismatch: (): ErrorContent => DEFAULT_ERROR,
} as const;
