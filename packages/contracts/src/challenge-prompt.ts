import { BANK, APP, messages } from './messages';

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
      /** How the browser may fill it; `current-password` is also typed hidden. */
      autocomplete: 'one-time-code' | 'off' | 'current-password';
      /** The characters the answer is made of (the web checks it before sending). */
      pattern: string;
      /** What the web says when the answer does not match `pattern` (nothing is sent). */
      invalidMessage: string;
      maxLength: number;
    }
  /** The person answers elsewhere (the phone): the page polls every `pollAfterMs`. */
  | { type: 'wait'; text: string; pollAfterMs: number }
  | { type: 'button'; name: string; label: string; action: 'submit' | 'resend' | 'cancel' }
  /**
   * A WebAuthn get(): the browser signs `options.challenge` with a passkey. `text` is said
   * while the browser asks; `label` is the button that asks it (again).
   */
  | { type: 'webauthn'; text: string; label: string; options: Record<string, unknown> };

export interface PromptForm {
  /** The method asking (its folder's name on the server): for tests and the panel, not logic. */
  method: string;
  /** What the person confirms (amount and payee; the change), when the purpose has words. */
  linking: string | null;
  nodes: PromptNode[];
}

/**
 * The words of the prompts. The sign-in's and step-up's are the login modal's as they were
 * (document 1 §2.4, tabs 1, 3, 7 and 14), so the modal reads the same drawn from the prompt;
 * the rest are not worded by the spec.
 */
export const challengePromptMessages = {
  // The login modal's code (tab 3): where it went, or the device that shows it.
  signInCodeSentTo: (destination: string) => `We sent a 6-digit code to ${destination}.`,
  signInCodeLabel: 'One-time code',
  signInSubmit: 'Submit',
  codeSixDigits: messages.validation.codeSixDigits,
  // Tab 7: the phone asked.
  signInWaitForPhone: (deviceName: string) =>
    `We sent a notification to your ${deviceName}. Approve it in the ${APP} app.`,
  chooseAnotherWay: 'Choose another way to sign in',
  // Tab 14: the passkey asked as the tab opens; Try Again after a refusal.
  passkeyAsking: 'Follow your browser’s instructions to use your passkey or security key.',
  passkeyChecking: 'Checking your authenticator…',
  passkeyTryAgain: 'Try Again',
  // A recovery code instead of the second factor.
  recoveryCodeEntry: messages.recoveryCodes.entryIntro,
  recoveryCodeEmpty: 'Enter a recovery code.',
  recoveryCodeChooseAnother: messages.recoveryCodes.chooseAnother,
  // A step-up's password (tab 1 of a step-up).
  stepUpIntro: messages.stepUp.intro,
  stepUpConfirm: 'Confirm',
  stepUpAnotherWay: 'Use a code or another sign-in method instead',
  passwordMissing: messages.validation.passwordHint,
  // The transfer page's code step.
  approveTransfer: 'Approve Transfer',
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
