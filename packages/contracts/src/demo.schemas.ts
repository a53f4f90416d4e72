import { z } from 'zod';

/** The bodies of Reset demo and the presenter secret (demo.ts has their paths and words). */

/**
 * The reset's body: an explicit `confirm: true`, so that only a caller who means it (the page's
 * confirmation dialog) resets, never a request that merely reaches the path.
 */
export const demoResetRequestSchema = z.object({ confirm: z.literal(true) });
export type DemoResetRequest = z.input<typeof demoResetRequestSchema>;

export const demoResetResponseSchema = z.object({
  /** The demo users seeded afresh, by username. */
  users: z.array(z.string()),
});
export type DemoResetResponse = z.infer<typeof demoResetResponseSchema>;

export const presenterRequestSchema = z.object({
  secret: z.string().min(1).max(200).describe('The presenter secret the start banner printed.'),
});
export type PresenterRequest = z.input<typeof presenterRequestSchema>;

export const presenterStatusSchema = z.object({
  presenter: z.boolean().describe('Whether this browser holds a valid presenter cookie.'),
});
export type PresenterStatus = z.infer<typeof presenterStatusSchema>;
