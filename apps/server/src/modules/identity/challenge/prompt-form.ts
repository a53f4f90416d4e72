import {
  OTP_LENGTH,
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

/** The nodes of a 6-digit code typed in: what it is, the field, Continue. */
export function codeNodes(instruction: string): PromptNode[] {
  return [
    { type: 'text', text: instruction },
    {
      type: 'input',
      name: 'code',
      label: words.codeLabel,
      inputMode: 'numeric',
      autocomplete: 'one-time-code',
      pattern: `^[0-9]{${OTP_LENGTH}}$`,
      maxLength: OTP_LENGTH,
    },
    { type: 'button', name: 'submit', label: words.submit, action: 'submit' },
  ];
}

/** The node of an approval given on the phone: the page waits and reads again. */
export function waitNodes(): PromptNode[] {
  return [{ type: 'wait', text: words.waitForPhone, pollAfterMs: POLL_AFTER_MS }];
}
