import {
  OTP_LENGTH,
  RECOVERY_CODE_LENGTH,
  challengePromptMessages as words,
  type PromptForm,
  type PromptNode,
} from '@anybank/contracts';
import type { ChallengeView } from './challenge-method';

export type { PromptForm, PromptNode };

/** How often a page waiting for the phone reads the challenge again. */
export const POLL_AFTER_MS = 2000;

/** A form: the method's nodes after the purpose's words, when it has some (dynamic linking). */
export function promptForm(
  method: string,
  challenge: ChallengeView,
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
 * The nodes of a code typed in: what it is, the field, Continue. A 6-digit code, or the 8
 * letters and digits of an account recovery code.
 */
export function codeNodes(
  instruction: string,
  format: 'digits' | 'recovery' = 'digits',
): PromptNode[] {
  const digits = format === 'digits';
  const length = digits ? OTP_LENGTH : RECOVERY_CODE_LENGTH;
  return [
    { type: 'text', text: instruction },
    {
      type: 'input',
      name: 'code',
      label: words.codeLabel,
      inputMode: digits ? 'numeric' : 'text',
      autocomplete: 'one-time-code',
      pattern: digits ? `^[0-9]{${length}}$` : `^[A-Za-z0-9]{${length}}$`,
      maxLength: length,
    },
    { type: 'button', name: 'submit', label: words.submit, action: 'submit' },
  ];
}

/** The node of an approval given on the phone: the page waits and reads again. */
export function waitNodes(): PromptNode[] {
  return [{ type: 'wait', text: words.waitForPhone, pollAfterMs: POLL_AFTER_MS }];
}
