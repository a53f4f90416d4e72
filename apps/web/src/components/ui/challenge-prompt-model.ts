import type { PromptForm, PromptNode } from '@anybank/contracts';

/**
 * The pure part of ChallengePrompt.tsx: a prompt's nodes by kind, and the check of a typed
 * answer against its input node before anything is sent (ADR 0026, the server-described form).
 */

export type InputNode = Extract<PromptNode, { type: 'input' }>;
export type ButtonNode = Extract<PromptNode, { type: 'button' }>;
export type WaitNode = Extract<PromptNode, { type: 'wait' }>;
export type WebAuthnNode = Extract<PromptNode, { type: 'webauthn' }>;

/** The answer's fields, by the input nodes' names. */
export type PromptValues = Record<string, string>;

/** The input nodes of a form, in order. */
export function inputsOf(form: PromptForm): InputNode[] {
  return form.nodes.filter((node): node is InputNode => node.type === 'input');
}

/** A form asks for something typed: it is drawn as a `<form>` whose Submit sends it. */
export function asksForInput(form: PromptForm): boolean {
  return inputsOf(form).length > 0;
}

/**
 * The index of the text node that says what to type in a field: the one right before it (after
 * the linking words, which the form shows first); null when the field follows no text.
 */
export function instructionOf(form: PromptForm, input: InputNode): number | null {
  const at = form.nodes.indexOf(input);
  return at > 0 && form.nodes[at - 1]?.type === 'text' ? at - 1 : null;
}

/** The values a form starts with: every input empty. */
export function emptyValues(form: PromptForm): PromptValues {
  return Object.fromEntries(inputsOf(form).map((input) => [input.name, '']));
}

/** A password is sent as typed; surrounding spaces are no part of a code. */
const isSecret = (input: InputNode) => input.autocomplete === 'current-password';
const answerOf = (input: InputNode, value: string) => (isSecret(input) ? value : value.trim());

/**
 * The first field whose value does not match its pattern, with the node's words for it; null
 * when every answer may be sent.
 */
export function firstInvalidInput(
  form: PromptForm,
  values: PromptValues,
): { name: string; message: string } | null {
  for (const input of inputsOf(form)) {
    const value = answerOf(input, values[input.name] ?? '');
    if (value.length > input.maxLength || !new RegExp(input.pattern, 'u').test(value)) {
      return { name: input.name, message: input.invalidMessage };
    }
  }
  return null;
}

/** The answer as sent: a code without surrounding spaces, a password as typed. */
export function answerValues(form: PromptForm, values: PromptValues): PromptValues {
  return Object.fromEntries(
    inputsOf(form).map((input) => [input.name, answerOf(input, values[input.name] ?? '')]),
  );
}

/**
 * The HTML `pattern` attribute of a node's pattern: the browser anchors it itself, so the
 * server's `^…$` anchors are left off.
 */
export function htmlPatternOf(pattern: string): string {
  return pattern.replace(/^\^/u, '').replace(/\$$/u, '');
}
