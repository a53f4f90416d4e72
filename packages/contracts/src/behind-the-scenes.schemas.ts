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

/** What a journey is: the panel groups the entries of one thing the browser did. */
export const JOURNEY_KINDS = [
  'sign-in',
  'renewal',
  'recovery',
  'step-up',
  'pairing',
  'payment',
  'transfer',
  'partner-read',
  'credential',
  'presentation',
  'sign-out',
  'other',
] as const;
export type JourneyKind = (typeof JOURNEY_KINDS)[number];

/**
 * One journey of the panel (ADR 0021): a sign-in, a transfer, a partner's read…, told in one
 * plain sentence (`headline`), with its entries beneath, oldest first. Identical entries one
 * after another are shown once, with how many times they happened (`repeated`).
 */
export const journeySchema = z.object({
  /** The id of its first entry: journeys arrive, and are shown, in this order. */
  id: z.number().int(),
  kind: z.enum(JOURNEY_KINDS),
  title: z.string(),
  headline: z.string(),
  entries: z.array(inspectorEntrySchema.extend({ repeated: z.number().int().min(1) })),
});
export type Journey = z.infer<typeof journeySchema>;
