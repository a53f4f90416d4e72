import {
  OTP_LENGTH,
  RECOVERY_CODE_LENGTH,
  challengePromptMessages as words,
  messages,
  type PromptForm,
  type PromptNode,
} from '@anybank/contracts';
import type { ChallengeView } from './challenge-method';

export type { PromptForm, PromptNode };

/** How often a page waiting for the phone reads the challenge again. */
export const POLL_AFTER_MS = 2000;

/**
 * The words of a purpose's prompt where the page that asks has its own (the login modal's
 * tabs, the transfer's code step, the payment's): the web draws the prompt, so these are the
 * page's words. A purpose without them takes `DEFAULT_PROMPT_WORDS`.
 */
export interface PromptWords {
  /** The code's sentence: where it went (masked). */
  codeSentTo(destination: string): string;
  codeLabel: string;
  /** What the page says of a code that is not one (nothing is sent). */
  invalidCode: string;
  submit: string;
  /** A way out under Submit (a transfer's Cancel); none when absent. */
  cancel?: string;
  /** The phone asked: the wait's words, naming the device. */
  waitForPhone(deviceName: string): string;
  /** The way out of the phone's wait; none when absent. */
  leavePhone?: string;
}

export const DEFAULT_PROMPT_WORDS: PromptWords = {
  codeSentTo: words.codeSentTo,
  codeLabel: words.codeLabel,
  invalidCode: words.codeSixDigits,
  submit: words.submit,
  waitForPhone: () => words.waitForPhone,
};

/** A form: the method's nodes after the purpose's words, when it has some (dynamic linking). */
export function promptForm(
  method: string,
  challenge: Pick<ChallengeView, 'linking'>,
  nodes: PromptNode[],
): PromptForm {
  const linking = challenge.linking?.text ?? null;
  return {
    method,
    linking,
    nodes: [
      ...(linking ? [{ type: 'text' as const, text: words.confirming(linking) }] : []),
      ...nodes,
    ],
  };
}

/**
 * The nodes of a code typed in: what it is, the field, Submit (and Cancel where the words have
 * one). A 6-digit code, or the 8 letters and digits of an account recovery code.
 */
export function codeNodes(
  instruction: string,
  format: 'digits' | 'recovery' = 'digits',
  prompt: PromptWords = DEFAULT_PROMPT_WORDS,
): PromptNode[] {
  const digits = format === 'digits';
  const length = digits ? OTP_LENGTH : RECOVERY_CODE_LENGTH;
  return [
    { type: 'text', text: instruction },
    {
      type: 'input',
      name: 'code',
      label: prompt.codeLabel,
      inputMode: digits ? 'numeric' : 'text',
      autocomplete: 'one-time-code',
      pattern: digits ? `^[0-9]{${length}}$` : `^[A-Za-z0-9]{${length}}$`,
      invalidMessage: digits ? prompt.invalidCode : messages.validation.recoveryCodeEightCharacters,
      maxLength: length,
    },
    { type: 'button', name: 'submit', label: prompt.submit, action: 'submit' },
    ...(prompt.cancel
      ? [
          {
            type: 'button' as const,
            name: 'cancel',
            label: prompt.cancel,
            action: 'cancel' as const,
          },
        ]
      : []),
  ];
}

/** The node of an approval given on the phone: the page waits and reads again. */
export function waitNodes(
  deviceName: string,
  prompt: PromptWords = DEFAULT_PROMPT_WORDS,
): PromptNode[] {
  return [
    { type: 'wait', text: prompt.waitForPhone(deviceName), pollAfterMs: POLL_AFTER_MS },
    ...(prompt.leavePhone
      ? [
          {
            type: 'button' as const,
            name: 'cancel',
            label: prompt.leavePhone,
            action: 'cancel' as const,
          },
        ]
      : []),
  ];
}

// The sign-in factors that are not yet engine methods describe their prompts with these (ADR
// 0026): the login modal draws them as it draws the engine's, in the modal's words.

/** An authenticator app's code (tab 3): the app shows it; nothing is sent. */
export function ownCodePrompt(method: string, prompt: PromptWords): PromptForm {
  return promptForm(method, { linking: null }, codeNodes(words.codeFromApp, 'digits', prompt));
}

/** A passkey (tab 14): the browser is asked as the tab opens; Try Again; another way. */
export function passkeyPrompt(method: string, options: Record<string, unknown>): PromptForm {
  return promptForm(method, { linking: null }, [
    {
      type: 'webauthn',
      text: words.passkeyAsking,
      label: words.passkeyTryAgain,
      options,
    },
    { type: 'button', name: 'cancel', label: words.chooseAnotherWay, action: 'cancel' },
  ]);
}

/**
 * A recovery code instead of the second factor: typed as saved (two groups of five, a dash or
 * a space between them, any case); the server reads it in its one form (recovery-code.rules.ts).
 */
export function recoveryCodePrompt(method: string, maxLength: number): PromptForm {
  return promptForm(method, { linking: null }, [
    { type: 'text', text: words.recoveryCodeEntry },
    {
      type: 'input',
      name: 'recoveryCode',
      label: words.recoveryCodeLabel,
      inputMode: 'text',
      autocomplete: 'off',
      pattern: '^\\S.*$',
      invalidMessage: words.recoveryCodeEmpty,
      maxLength,
    },
    { type: 'button', name: 'submit', label: words.signInSubmit, action: 'submit' },
    {
      type: 'button',
      name: 'cancel',
      label: words.recoveryCodeChooseAnother,
      action: 'cancel',
    },
  ]);
}

/** A step-up's password: the signed-in customer's, or another way (a code, the phone). */
export function stepUpPasswordPrompt(method: string, maxLength: number): PromptForm {
  return promptForm(method, { linking: null }, [
    { type: 'text', text: words.stepUpIntro },
    {
      type: 'input',
      name: 'password',
      label: words.passwordLabel,
      inputMode: 'text',
      autocomplete: 'current-password',
      pattern: '^[\\s\\S]+$',
      invalidMessage: words.passwordMissing,
      maxLength,
    },
    { type: 'button', name: 'submit', label: words.stepUpConfirm, action: 'submit' },
    { type: 'button', name: 'cancel', label: words.stepUpAnotherWay, action: 'cancel' },
  ]);
}
