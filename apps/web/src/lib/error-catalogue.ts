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

/** The risk rules refused the sign-in: the server's 'Access Denied: …' under its own title. */
function riskDenied(message: string | null | undefined): ErrorContent {
  return {
    title: messages.login.signInBlockedTitle,
    message: message?.trim() || DEFAULT_ERROR.message,
  };
}

export const signInErrors = {
  /** Risk level other than LOW, at the risk evaluation before the username step. */
  accessDenied: (recommendedAction: string): ErrorContent =>
    riskDenied(messages.login.accessDenied(recommendedAction)),
  riskDenied,
  /** The attribute pickup after sign-in failed; the server's message when it gave one. */
  sessionPickup: (message?: string | null): ErrorContent => ({
    title: messages.login.sessionPickupErrorTitle,
    message: message?.trim() || DEFAULT_ERROR.message,
  }),
  /** The sign-in came back with a state this tab did not send: nothing of it is used. */
  stateMismatch: (): ErrorContent => DEFAULT_ERROR,
} as const;
