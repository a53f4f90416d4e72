import { z } from 'zod';

/**
 * The panel's entries and its opening answer, apart from behind-the-scenes.ts (paths and words)
 * so that the footer's switch on the first page does not load zod with them (ADR 0024).
 */

export const inspectorEntrySchema = z.object({
  /** The audit event's id: entries arrive in this order. */
  id: z.number().int(),
  type: z.string(),
  at: z.string(),
  title: z.string(),
  explanation: z.string(),
  /** What the event recorded, secrets removed (no password, code, or token signature). */
  details: z.record(z.string(), z.unknown()),
  /** For a message: the outbox page showing that message. */
  outboxLink: z.string().nullable(),
});
export type InspectorEntry = z.infer<typeof inspectorEntrySchema>;

/** `opened`: a new, empty panel; `kept`: the browser already had one, which goes on. */
export const inspectorOpenedSchema = z.object({ panel: z.enum(['opened', 'kept']) });
export type InspectorOpened = z.infer<typeof inspectorOpenedSchema>;
