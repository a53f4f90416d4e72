import { z } from 'zod';
import type { PromptForm, PromptNode } from './challenge-prompt';

/** The prompt form's schemas (challenge-prompt.ts), apart from its words (ADR 0024). */
export const promptNodeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('input'),
    /** The answer's field name in the request that answers the challenge. */
    name: z.string(),
    label: z.string(),
    inputMode: z.enum(['numeric', 'text']),
    autocomplete: z.enum(['one-time-code', 'off', 'current-password']),
    /** The characters the answer is made of (the web checks it before sending). */
    pattern: z.string(),
    /** What the web says when the answer does not match `pattern`. */
    invalidMessage: z.string(),
    maxLength: z.number().int().positive(),
  }),
  /** The person answers elsewhere (the phone): the page polls every `pollAfterMs`. */
  z.object({ type: z.literal('wait'), text: z.string(), pollAfterMs: z.number().int() }),
  z.object({
    type: z.literal('button'),
    name: z.string(),
    label: z.string(),
    action: z.enum(['submit', 'resend', 'cancel']),
  }),
  /** A WebAuthn get(): the browser signs `options.challenge` with a passkey. */
  z.object({
    type: z.literal('webauthn'),
    text: z.string(),
    label: z.string(),
    options: z.record(z.string(), z.unknown()),
  }),
]) satisfies z.ZodType<PromptNode>;

export const promptFormSchema = z.object({
  /** The method asking (its folder's name on the server): for tests and the panel, not logic. */
  method: z.string(),
  /** What the person confirms (amount and payee; the change), when the purpose has words. */
  linking: z.string().nullable(),
  nodes: z.array(promptNodeSchema),
}) satisfies z.ZodType<PromptForm>;
