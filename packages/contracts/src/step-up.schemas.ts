import { z } from 'zod';
import { CONTACT_KINDS, STEP_UP_METHODS, STEP_UP_REQUIRED } from './step-up';

/**
 * The body of a `step_up_required` refusal, apart from step-up.ts (the window, path and code)
 * so that the browser's first page, which watches every answer for the code, does not load zod
 * with it (ADR 0024).
 */
export const stepUpRequiredSchema = z.object({
  code: z.literal(STEP_UP_REQUIRED),
  message: z.string(),
  /** The factors this customer may use for the step-up. */
  methods: z.array(z.enum(STEP_UP_METHODS)),
  /** Where to start the step-up flow. */
  stepUpPath: z.string(),
});
export type StepUpRequired = z.infer<typeof stepUpRequiredSchema>;

/** `POST CONTACT_UNDO_PATH`: the link's token (43 base64url characters: 32 random bytes). */
export const contactUndoRequestSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** The change was undone: which contact detail, and what it is again (masked). */
export const contactUndoResponseSchema = z.object({
  kind: z.enum(CONTACT_KINDS),
  restored: z.string(),
});
export type ContactUndoResponse = z.infer<typeof contactUndoResponseSchema>;
