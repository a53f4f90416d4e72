import { z } from 'zod';
import {
  API_ERROR_CODES,
  flowResponseSchema,
  scimErrorSchema,
  stepUpRequiredSchema,
  type ApiErrorCode,
} from '@anybank/contracts';

/**
 * The error bodies the server answers, as docs/api-errors.md describes them. Strict: a member
 * that the document does not name is a deviation.
 */

/** The bank's own APIs: `{ code, message, details?, requestId? }`, `code` one of the contracts'. */
export const apiErrorSchema = z.strictObject({
  message: z.string().min(1),
  details: z
    .array(z.strictObject({ field: z.string().optional(), message: z.string().min(1) }))
    .optional(),
  code: z.enum(API_ERROR_CODES as [ApiErrorCode, ...ApiErrorCode[]]),
  requestId: z.string().min(1).optional(),
});

/** RFC 6749 §5.2 (and RFC 6750 §3 for userinfo): oidc-provider's endpoints under /as/. */
export const oauthErrorSchema = z.strictObject({
  // RFC 6749 §5.2: error and error_description are printable ASCII without `"` and `\`.
  error: z.string().regex(/^[\x20\x21\x23-\x5B\x5D-\x7E]+$/),
  error_description: z
    .string()
    .regex(/^[\x20\x21\x23-\x5B\x5D-\x7E]*$/)
    .optional(),
});

/** RFC 7644 §3.12: the SCIM endpoint's errors, with the status as a string. */
export const scimErrorBodySchema = scimErrorSchema.strict();

/**
 * The sign-in flow API (ADR 0025): the bank's own shape; a step the flow refused adds the flow
 * it leaves the person in (`flow`) and, after a wrong code, `attemptsLeft`.
 */
export const flowErrorSchema = apiErrorSchema.extend({
  attemptsLeft: z.number().int().min(0).optional(),
  flow: flowResponseSchema.strict().optional(),
});

export type ErrorShape = 'api' | 'oauth' | 'scim' | 'flow';

/** `step_up_required` carries the members that code documents, and only those. */
const apiOrStepUpSchema = z.union([apiErrorSchema, stepUpRequiredSchema.strict()]);

export const ERROR_SCHEMAS: Record<ErrorShape, z.ZodType> = {
  api: apiOrStepUpSchema,
  oauth: oauthErrorSchema,
  scim: scimErrorBodySchema,
  flow: flowErrorSchema,
};
