import { z } from 'zod';
import { apiErrorBodySchema } from './api-errors';
import { promptFormSchema } from './challenge-prompt.schemas';
import { SIGN_IN_PASSWORD_MAX_LENGTH } from './constants';
import { deviceKindSchema } from './device-kinds';
import { FLOW_STATUSES } from './flow';

/**
 * The flow response and the step payloads (flow.ts has the statuses, actions and headers):
 * apart, so that the browser's first page, which sends the XSRF header, does not load zod with
 * it (ADR 0024).
 */

export const flowDeviceSchema = z.object({
  id: z.string(),
  /** Its type, as its method names it (ADR 0026): an identifier, not for display or logic. */
  type: z.string(),
  /** What kind of device it is, as its method declares it: how it is listed and worded. */
  kind: deviceKindSchema,
  /** Masked for display: `j*****e@example.com`, `+1******4567`. */
  target: z.string().nullable(),
  name: z.string(),
  nickname: z.string().nullable().optional(),
  rpId: z.string().nullable().optional(),
  /** When it last signed the customer in (ISO); the devices list only. */
  lastUsedAt: z.string().nullable().optional(),
  /** A new address or number held after its change: it signs in from then on (ISO). */
  inUseFrom: z.string().optional(),
  /** The address or number it replaced: it signs in until then (ISO). */
  inUseUntil: z.string().optional(),
});
export type FlowDevice = z.infer<typeof flowDeviceSchema>;

export const flowResponseSchema = z.object({
  id: z.string(),
  status: z.enum(FLOW_STATUSES),
  resumeUrl: z.string().optional(),
  devices: z.array(flowDeviceSchema).optional(),
  /**
   * The asked method's form, described by the server (ADR 0026): what to type or wait for, the
   * words being confirmed. Beside the fields above while the web reads those.
   */
  challengePrompt: promptFormSchema.optional(),
  /**
   * The pairing list (document 1 §3.5): each method's key, its label, and whether it is listed
   * (always, only where the browser has WebAuthn, or never: the phone app pairs itself).
   */
  devicePairingMethods: z
    .array(
      z.object({
        deviceType: z.string(),
        label: z.string(),
        listed: z.enum(['shown', 'with-webauthn', 'hidden']),
      }),
    )
    .optional(),
  publicKeyCredentialRequestOptions: z.unknown().optional(),
  publicKeyCredentialCreationOptions: z.unknown().optional(),
  pairingKey: z.string().optional(),
  keyUri: z.string().optional(),
  username: z.string().optional(),
  /** The device the flow selected (a single OTP device is selected for the user, §4.2). */
  selectedDevice: flowDeviceSchema.optional(),
  /** IDENTITY_VERIFICATION_REQUIRED: the masked e-mail address the verification code went to. */
  verificationTarget: z.string().optional(),
  /** After a successful pairing: the device just added (tab 12 shows the success). */
  pairedDevice: flowDeviceSchema.optional(),
  /** 'IDFirst' on FAILED from the identifier step (a refusal's flow): the modal starts again. */
  adapter: z.string().optional(),
  /**
   * True when another application than the bank's own site asked for this sign-in (document 1
   * §2.5 self-service mode): the error modal has no Quit and returns there after 5 s.
   */
  selfService: z.boolean().optional(),
  /**
   * This browser may be remembered once the second factor is answered (the modal
   * shows "Don't ask again on this browser for 30 days"; `continueAuthentication` says the answer).
   */
  rememberBrowserOffered: z.boolean().optional(),
  /** The customer has unused recovery codes; the device choice offers them. */
  recoveryCodeOffered: z.boolean().optional(),
  /** After a recovery code signed the customer in: how many codes are left. */
  recoveryCodesLeft: z.number().int().min(0).optional(),
  /**
   * Forgot password for a passkey-only account: there is no password to reset;
   * the recovery code leads to a new passkey instead.
   */
  passkeyRecovery: z.boolean().optional(),
});
export type FlowResponse = z.infer<typeof flowResponseSchema>;

/**
 * A refusal of the flow API (ADR 0025): the one error body (`code`, `message`), and, where the
 * flow refused a step and the person stays in it (a wrong code, a wrong password, a locked
 * account, a refused target), `flow`: the flow's state after the refusal, from which the login
 * modal renders the step again with the message (as Ory Kratos answers a flow with its
 * messages). A refusal made before any flow is read (another browser's flow, an expired one,
 * a malformed body) has no `flow`.
 */
export const flowRefusalBodySchema = apiErrorBodySchema.extend({
  attemptsLeft: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('With `wrong_otp` and `wrong_recovery_code`: how many more codes may be tried.'),
  flow: flowResponseSchema
    .optional()
    .describe('The flow after the refusal, where the flow refused a step: the modal shows it.'),
});
export type FlowRefusalBody = z.infer<typeof flowRefusalBodySchema>;

/** Step payloads (§3.2). The server parses with these; the modal builds with them. */
export const submitIdentifierSchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((value) => value.toLowerCase()),
  /** The browser's risk signals; without them the flow asks for a device profile later. */
  riskPayload: z.record(z.string(), z.unknown()).optional(),
});
export const checkUsernamePasswordSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((value) => value.toLowerCase()),
  password: z.string().min(1).max(SIGN_IN_PASSWORD_MAX_LENGTH),
  rememberMyUsername: z.boolean().optional(),
  /** No captcha service exists offline (ADR 0005): accepted and checked for shape only. */
  captchaResponse: z.string().max(4096).optional(),
});
export const authenticateSchema = z.object({
  signalsSdkDeviceProfile: z.record(z.string(), z.unknown()).optional(),
});
export const selectDeviceSchema = z.object({
  deviceRef: z.object({ id: z.string().min(1).max(64) }),
  signalsSdkDeviceProfile: z.record(z.string(), z.unknown()).optional(),
});
export const checkOtpSchema = z.object({ otp: z.string().trim() });

export const selectPairingMethodSchema = z.object({
  devicePairingMethod: z.object({ deviceType: z.string().min(1).max(64) }),
});

/** The e-mail address or phone number to pair (one of them, by the chosen method). */
export const submitPairingTargetSchema = z.object({
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(32).optional(),
});

/**
 * Activating the device being paired: the 6-digit code (e-mail, SMS, authenticator app) or,
 * for FIDO2, the browser's registration response (`attestation`) with `origin`.
 */
export const activateDeviceSchema = z.object({
  otp: z.string().trim().optional(),
  attestation: z.record(z.string(), z.unknown()).optional(),
  origin: z.string().max(256).optional(),
  compatibility: z.enum(['FULL', 'SECURITY_KEY_ONLY', 'NONE']).optional(),
});
export const checkAssertionSchema = z.object({
  assertion: z.record(z.string(), z.unknown()),
  origin: z.string().max(256),
  compatibility: z.enum(['FULL', 'SECURITY_KEY_ONLY', 'NONE']).optional(),
});
export const submitRecoveryUsernameSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((value) => value.toLowerCase()),
});
export const recoverAccountSchema = z.object({
  recoveryCode: z.string().trim().max(16),
  newPassword: z.string().max(256),
  /** End every session of the account with the reset (on unless said otherwise). */
  signOutOtherSessions: z.boolean().default(true),
});
export const resetPasswordSchema = z.object({ newPassword: z.string().max(256) });
