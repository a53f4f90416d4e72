import { z } from 'zod';

/**
 * "Where you're signed in" on Sign In & Password. Each active sign-in session of
 * the customer (one per browser), with "Sign out" per session and "Sign out everywhere else";
 * and the password change of that page, which may end every other session too.
 */

/** The customer's sessions (`GET`), and one of them (`DELETE …/{sessionId}`). */
export const SIGN_IN_SESSIONS_API_PATH = '/api/authn/sessions';
/** Ends every session of the customer but the one the token belongs to (`POST`). */
export const SIGN_OUT_OTHER_SESSIONS_API_PATH = '/api/authn/sessions/sign-out-others';
/**
 * Whether the caller's own session still lives (`GET`: 204, else the token's 401): what a
 * signed-in tab asks every SESSION_CHECK_INTERVAL_MS, so a browser signed out from another one
 * says so without waiting for a click. Not counted as the customer's activity.
 */
export const SESSION_CHECK_API_PATH = '/api/authn/sessions/current';
/** How often a signed-in tab that is shown asks whether its session still lives. */
export const SESSION_CHECK_INTERVAL_MS = 10 * 1000;
/** The signed-in customer's new password (`POST`, step-up). */
export const PASSWORD_CHANGE_API_PATH = '/api/authn/password-change';

/** How often, at most, a session's "last active" is written while its tokens are used. */
export const SESSION_ACTIVITY_RESOLUTION_MS = 60 * 1000;

const sessionIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const signInSessionSchema = z.object({
  /** The session's id in this list (not its cookie: knowing it signs no one in). */
  id: sessionIdSchema,
  /** The browser, from its user agent ("Chrome 131"), or null when it did not say. */
  browser: z.string().nullable(),
  /** The platform, from its user agent ("Windows", "iPhone"), or null when it did not say. */
  platform: z.string().nullable(),
  /** Roughly where, from the address, when that is known; else null and `address` tells. */
  place: z.string().nullable(),
  /** The address the browser signed in from. */
  address: z.string(),
  signedInAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  /** The session this very browser (the caller's token) belongs to. */
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof signInSessionSchema>;

export const signInSessionsResponseSchema = z.object({
  /** The current one first, then the most recently active first. */
  sessions: z.array(signInSessionSchema),
});
export type SignInSessionsResponse = z.infer<typeof signInSessionsResponseSchema>;

export const signInSessionParamsSchema = z.object({ sessionId: sessionIdSchema });

/** How many sessions a sign-out ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int().min(0) });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export const passwordChangeSchema = z.strictObject({
  newPassword: z.string().max(256),
  /** End every other session of the customer with the change (on unless said otherwise). */
  signOutOtherSessions: z.boolean().default(true),
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

export const passwordChangeResponseSchema = z.object({
  /** How many other sessions ended with the change. */
  sessionsEnded: z.number().int().min(0),
});
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;
