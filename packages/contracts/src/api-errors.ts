import { z } from 'zod';
import { apiErrorMessages } from './api-error-messages';

/**
 * The one error model of the bank's API (ADR 0018, docs/api-errors.md). Every refusal carries a
 * `code` from this list and a `message` a person may read, from `apiErrorMessages`; a caller
 * (the web app included) branches on the code, never on the words. Which HTTP status a code is
 * answered with is decided in one table that only the server's HTTP layer reads
 * (apps/server/src/http/error-status.ts). The sign-in flow's refusals are codes of this list
 * too; where the person stays in the flow, the body adds the flow (`flowRefusalBodySchema`).
 */
export type ApiErrorCode = keyof typeof apiErrorMessages;

// Pure: a page that uses no code does not carry the messages (the bundler may drop it).
export const API_ERROR_CODES = /* @__PURE__ */ Object.keys(apiErrorMessages) as ApiErrorCode[];

type MessageOf<C extends ApiErrorCode> = (typeof apiErrorMessages)[C];

/** The code's message, for codes whose message does not depend on the case. */
export function apiErrorMessage<C extends ApiErrorCode>(
  code: C,
  ...args: MessageOf<C> extends (...a: infer A) => string ? A : []
): string {
  const message = apiErrorMessages[code] as string | ((...a: unknown[]) => string);
  return typeof message === 'function' ? message(...args) : message;
}

/** The body of every refusal (4xx and 5xx) of the bank's own API. */
export const apiErrorBodySchema = z.object({
  code: z.string().describe('What went wrong, for a program: one of the documented codes.'),
  message: z.string().describe('What went wrong, in words a person understands.'),
  details: z
    .array(z.object({ field: z.string().optional(), message: z.string() }))
    .optional()
    .describe('One entry per refused field, where the input had several problems.'),
  requestId: z.string().optional().describe('With a 500 only: the id the server logged it under.'),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
