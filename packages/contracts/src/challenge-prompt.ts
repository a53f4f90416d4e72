import { BANK, APP } from './messages';

/**
 * The form a way of proving it is you asks the person to fill in, described by the server
 * (ADR 0026; the model is Ory Kratos's UI nodes; the schemas are in challenge-prompt.schemas.ts, ADR 0024): one web component renders every method's
 * prompt from these nodes, so a new method needs no new screen. The words are the server's,
 * from `challengePromptMessages` below.
 */
/** One node of a prompt: a line of text, a field, a wait for the phone, a button, a passkey. */
export type PromptNode =
  | { type: 'text'; text: string }
  | {
      type: 'input';
      /** The answer's field name in the request that answers the challenge. */
      name: string;
      label: string;
      inputMode: 'numeric' | 'text';
      autocomplete: 'one-time-code' | 'off';
      /** The characters the answer is made of (the web checks it before sending). */
      pattern: string;
      maxLength: number;
    }
  /** The person answers elsewhere (the phone): the page polls every `pollAfterMs`. */
  | { type: 'wait'; text: string; pollAfterMs: number }
  | { type: 'button'; name: string; label: string; action: 'submit' | 'resend' | 'cancel' }
  /** A WebAuthn get(): the browser signs `options.challenge` with a passkey. */
  | { type: 'webauthn'; label: string; options: Record<string, unknown> };

export interface PromptForm {
  /** The method asking (its folder's name on the server): for tests and the panel, not logic. */
  method: string;
  /** What the person confirms (amount and payee; the change), when the purpose has words. */
  linking: string | null;
  nodes: PromptNode[];
}

/** The words of the prompts (not worded by the spec). */
export const challengePromptMessages = {
  codeSentTo: (destination: string) => `Enter the 6-digit code we sent to ${destination}.`,
  recoveryCodeSentTo: (destination: string) =>
    `Enter the 8-character code we sent to ${destination}.`,
  codeFromApp: 'Enter the 6-digit code your authenticator app shows.',
  codeFromToken: 'Enter the 6-digit code your hardware token shows.',
  codeLabel: 'Code',
  submit: 'Continue',
  resend: 'Send a new code',
  cancel: 'Cancel',
  waitForPhone: `Approve the request in the ${APP} app on your phone.`,
  usePasskey: 'Use your passkey or security key',
  passwordLabel: 'Password',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodeHint: `Enter one of your ${BANK} recovery codes.`,
  confirming: (linking: string) => `You are confirming: ${linking}`,
} as const;

/**
 * What a prompt asks, in one sentence: its text nodes after the linking words. The message of an
 * answer that asks for a code the bank did not send (one a device of the person's shows).
 */
export function promptInstruction(form: PromptForm): string {
  const linkingLine = form.linking ? challengePromptMessages.confirming(form.linking) : null;
  return form.nodes
    .flatMap((node) => (node.type === 'text' && node.text !== linkingLine ? [node.text] : []))
    .join(' ');
}
