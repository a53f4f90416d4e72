import { z } from 'zod';
import { messages } from './messages';
import { otpSchema } from './validators';

/**
 * The account help desk of the customer-service portal (document 2 §2 "Customer service", §7
 * "Help-desk launcher: takes the access token as a flow parameter", §8). A customer-service rep
 * names a customer who called; the bank asks that customer to confirm it is them (a push to
 * their phone app when one is paired, else a 6-digit code e-mailed to them that they read out);
 * only then may the rep unlock the customer's sign-in or remove a device they lost.
 * Server: modules/helpdesk and orchestration/policies/help-desk.policy.ts.
 */

/** How often the rep's dialog asks whether the customer has answered on their phone. */
export const HELP_DESK_POLL_MS = 2000;
/** How long a verified customer stays verified: the rep acts within this time, once. */
export const HELP_DESK_VERIFIED_TTL_MS = 10 * 60 * 1000;
/**
 * Verifications one customer may be sent in the window, by any rep: stops a customer being
 * flooded with requests, and a rep retrying e-mail codes until one is guessed.
 */
export const HELP_DESK_VERIFICATION_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;

export const HELP_DESK_STATUSES = [
  'started',
  'verification_sent',
  'verified',
  'action_done',
  'failed',
] as const;
export type HelpDeskStatus = (typeof HELP_DESK_STATUSES)[number];

export const HELP_DESK_METHODS = ['push', 'email'] as const;
export type HelpDeskMethod = (typeof HELP_DESK_METHODS)[number];

export const HELP_DESK_ACTIONS = ['unlock', 'remove_device'] as const;
export type HelpDeskAction = (typeof HELP_DESK_ACTIONS)[number];

/** Why a help-desk session ended without an action. */
export const HELP_DESK_FAILURES = [
  'send_failed',
  'push_denied',
  'push_expired',
  'code_expired',
  'code_attempts_exceeded',
  'verification_expired',
  'verified_window_passed',
  'cancelled',
] as const;
export type HelpDeskFailure = (typeof HELP_DESK_FAILURES)[number];

const accessToken = z.string({ error: 'accessToken is required.' }).min(1).max(8192);
const sessionId = z.uuid({ error: 'sessionId must be a help-desk session id.' });

/**
 * The help-desk policy's body: one step per call, each with the rep's own access token.
 * - `start`: the customer's username; the bank sends them the verification.
 * - `status`: the session as it is now (the dialog polls it while the phone is asked).
 * - `verifyCode`: the code the customer reads out (e-mail verification).
 * - `sendEmailCode`: the customer cannot use their phone: an e-mailed code instead.
 * - `unlock` / `removeDevice`: the action, once the customer is verified.
 * - `cancel`: the rep closed the dialog.
 */
export const helpDeskRequestSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('start'),
    accessToken,
    username: z
      .string({ error: "Please enter the customer's username." })
      .trim()
      .toLowerCase()
      .min(1, "Please enter the customer's username.")
      .max(64, 'A username has at most 64 characters.'),
  }),
  z.object({ step: z.literal('status'), accessToken, sessionId }),
  z.object({
    step: z.literal('verifyCode'),
    accessToken,
    sessionId,
    code: z.string({ error: messages.validation.codeSixDigits }).pipe(otpSchema),
  }),
  z.object({ step: z.literal('sendEmailCode'), accessToken, sessionId }),
  z.object({ step: z.literal('unlock'), accessToken, sessionId }),
  z.object({
    step: z.literal('removeDevice'),
    accessToken,
    sessionId,
    deviceId: z.uuid({ error: 'Please choose one of the listed devices.' }),
  }),
  z.object({ step: z.literal('cancel'), accessToken, sessionId }),
]);
export type HelpDeskRequest = z.input<typeof helpDeskRequestSchema>;
export type HelpDeskStep = HelpDeskRequest['step'];

/** A customer's sign-in method as the rep sees it: what it is called, never its secret. */
export const helpDeskDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  /** What kind of method it is, as its method words it for staff: "authenticator app". */
  kind: z.string(),
});
export type HelpDeskDevice = z.infer<typeof helpDeskDeviceSchema>;

/** What the rep may see of the customer's account, once the customer is verified. */
export const helpDeskAccountSchema = z.object({
  /** Wrong passwords locked the password until `lockedUntil`. */
  passwordLockedUntil: z.string().nullable(),
  /** Failed sign-ins counted against the username (the risk check blocks it from a limit). */
  failedSignIns: z.number().int(),
  /** Whether either of the two keeps the customer from signing in now. */
  signInLocked: z.boolean(),
  devices: z.array(helpDeskDeviceSchema),
});
export type HelpDeskAccount = z.infer<typeof helpDeskAccountSchema>;

export const helpDeskSessionSchema = z.object({
  sessionId: z.string(),
  status: z.enum(HELP_DESK_STATUSES),
  method: z.enum(HELP_DESK_METHODS).nullable(),
  customer: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
  /** Until when the customer can answer the verification (verification_sent). */
  verificationExpiresAt: z.string().nullable(),
  /** Until when the rep may act (verified). */
  verifiedUntil: z.string().nullable(),
  failure: z.enum(HELP_DESK_FAILURES).nullable(),
  action: z
    .object({ type: z.enum(HELP_DESK_ACTIONS), deviceName: z.string().nullable() })
    .nullable(),
  /** Only while the customer is verified. */
  account: helpDeskAccountSchema.nullable(),
});
export type HelpDeskSession = z.infer<typeof helpDeskSessionSchema>;

/** Every step answers the session as it is after the step. */
export const helpDeskResponseSchema = z.object({ additionalProperties: helpDeskSessionSchema });
export type HelpDeskResponse = z.infer<typeof helpDeskResponseSchema>;
