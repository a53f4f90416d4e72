import { z } from 'zod';

/**
 * The authentication flow API (document 1 §3.1, §3.2, §4.1): statuses, the flow response and
 * the step payloads. The server's flow engine produces these; the login modal renders them.
 */
export const FLOW_STATUSES = [
  'IDENTIFIER_REQUIRED',
  'USERNAME_PASSWORD_REQUIRED',
  'AUTHENTICATION_REQUIRED',
  'DEVICE_PROFILE_REQUIRED',
  'DEVICE_SELECTION_REQUIRED',
  'OTP_REQUIRED',
  'PUSH_CONFIRMATION_WAITING',
  'PUSH_CONFIRMATION_REJECTED',
  'PUSH_CONFIRMATION_TIMED_OUT',
  'MFA_COMPLETED',
  'DEVICE_PAIRING_METHOD_REQUIRED',
  'EMAIL_PAIRING_TARGET_REQUIRED',
  'SMS_PAIRING_TARGET_REQUIRED',
  'EMAIL_ACTIVATION_REQUIRED',
  'SMS_ACTIVATION_REQUIRED',
  'FIDO2_ACTIVATION_REQUIRED',
  'TOTP_ACTIVATION_REQUIRED',
  'ASSERTION_REQUIRED',
  'ACCOUNT_RECOVERY_USERNAME_REQUIRED',
  'RECOVERY_CODE_REQUIRED',
  'PASSWORD_RESET_REQUIRED',
  'SUCCESSFUL_PASSWORD_RESET',
  /**
   * Not one of document 1 §4.1's statuses: a sign-in for the credit-card application by a user
   * whose identity is not verified asks for a code e-mailed to them (ADR 0015).
   */
  'IDENTITY_VERIFICATION_REQUIRED',
  /** Issue 14 §2: a recovery code instead of the second factor (not §4.1's forgot-password code). */
  'SIGN_IN_RECOVERY_CODE_REQUIRED',
  'RESUME',
  'FAILED',
] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/**
 * The statuses of pairing another device (document 1 §8): the flow engine accepts
 * `cancelDevicePairing` in them, and the login modal's Cancel there ends the pairing.
 */
export const PAIRING_STATUSES: readonly FlowStatus[] = [
  'DEVICE_PAIRING_METHOD_REQUIRED',
  'EMAIL_PAIRING_TARGET_REQUIRED',
  'SMS_PAIRING_TARGET_REQUIRED',
  'EMAIL_ACTIVATION_REQUIRED',
  'SMS_ACTIVATION_REQUIRED',
  'TOTP_ACTIVATION_REQUIRED',
  'FIDO2_ACTIVATION_REQUIRED',
];

/** Error codes a flow response may carry in `code` (and in `details[].code`). */
export const FLOW_ERROR_CODES = [
  'INVALID_USERNAME',
  'VALIDATION_ERROR',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'INVALID_OTP',
  'OTP_ATTEMPTS_LIMIT',
  'OTP_EXPIRED',
  'INVALID_ACTION_ID',
  'INVALID_REQUEST',
  'FLOW_EXPIRED',
  'REQUEST_FAILED',
  'MAXIMUM_ALLOWED_METHODS_LIMIT',
  'RISK_DENIED',
  'WRONG_USER_TYPE',
] as const;
export type FlowErrorCode = (typeof FLOW_ERROR_CODES)[number];

export const LOGIN_DEVICE_TYPES = [
  'iPhone',
  'SMS',
  'Email',
  'SECURITY_KEY',
  'PLATFORM',
  'FIDO2',
  'TOTP',
] as const;
export type LoginDeviceType = (typeof LOGIN_DEVICE_TYPES)[number];

export const flowDeviceSchema = z.object({
  id: z.string(),
  type: z.enum(LOGIN_DEVICE_TYPES),
  /** Masked for display: `j*****e@example.com`, `+1******4567`. */
  target: z.string().nullable(),
  name: z.string(),
  nickname: z.string().nullable().optional(),
  rpId: z.string().nullable().optional(),
  /** Issue 14 §1: when it last signed the customer in (ISO); the devices list only. */
  lastUsedAt: z.string().nullable().optional(),
});
export type FlowDevice = z.infer<typeof flowDeviceSchema>;

export const flowErrorDetailSchema = z.object({
  code: z.string(),
  message: z.string(),
  userMessage: z.string().optional(),
  target: z.string().optional(),
});

export const flowResponseSchema = z.object({
  id: z.string(),
  status: z.enum(FLOW_STATUSES),
  resumeUrl: z.string().optional(),
  message: z.string().optional(),
  userMessage: z.string().optional(),
  code: z.string().optional(),
  details: z.array(flowErrorDetailSchema).optional(),
  devices: z.array(flowDeviceSchema).optional(),
  devicePairingMethods: z.array(z.object({ deviceType: z.string() })).optional(),
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
  /** 'IDFirst' on FAILED from the identifier step: the modal restarts with 'Invalid username.'. */
  adapter: z.string().optional(),
  /**
   * True when another application than the bank's own site asked for this sign-in (document 1
   * §2.5 self-service mode): the error modal has no Quit and returns there after 5 s.
   */
  selfService: z.boolean().optional(),
  /**
   * Issue 14 §3: this browser may be remembered once the second factor is answered (the modal
   * shows "Don't ask again on this browser for 30 days"; `continueAuthentication` says the answer).
   */
  rememberBrowserOffered: z.boolean().optional(),
  /** Issue 14 §2: the customer has unused recovery codes; the device choice offers them. */
  recoveryCodeOffered: z.boolean().optional(),
  /** After a recovery code signed the customer in: how many codes are left. */
  recoveryCodesLeft: z.number().int().min(0).optional(),
  /**
   * Forgot password for a passkey-only account (issue 14 §1): there is no password to reset;
   * the recovery code leads to a new passkey instead.
   */
  passkeyRecovery: z.boolean().optional(),
});
export type FlowResponse = z.infer<typeof flowResponseSchema>;

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
  password: z.string().min(1).max(256),
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

/** Steps sent with a vendor content type: `application/vnd.{product}.{step}+json`. */
export const VENDOR_STEPS = ['submitIdentifier', 'checkUsernamePassword', 'authenticate'] as const;
export type VendorStep = (typeof VENDOR_STEPS)[number];
/** Steps sent as `?action=`. */
export const FLOW_ACTIONS = [
  'selectDevice',
  'checkOtp',
  'submitDeviceProfile',
  'continueAuthentication',
  'cancelAuthentication',
  // FIDO2 sign-in (ASSERTION_REQUIRED).
  'checkAssertion',
  // Pairing another device (DEVICE_PAIRING_METHOD_REQUIRED and after).
  'selectPairingMethod',
  'submitPairingTarget',
  'activateDevice',
  'cancelDevicePairing',
  // Recovery (forgot password) and a password that must change.
  'initiateAccountRecovery',
  'submitRecoveryUsername',
  'recoverAccount',
  'resetPassword',
  // Issue 14 §2: a recovery code instead of the second factor.
  'useRecoveryCode',
  'checkRecoveryCode',
  // Passkey sign-in from the username field (issue 14 §1): options, then the assertion.
  'startPasskeySignIn',
  'signInWithPasskey',
] as const;

/** Add-device options (document 1 §3.5): the pairing list; Mobile is always hidden (§4.5). */
export const PAIRING_METHODS = ['SMS', 'Email', 'Mobile', 'AuthenticatorApp', 'FIDO2'] as const;
export type PairingMethod = (typeof PAIRING_METHODS)[number];

export const selectPairingMethodSchema = z.object({
  devicePairingMethod: z.object({ deviceType: z.enum(PAIRING_METHODS) }),
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
  /** Issue 14 §4: end every session of the account with the reset (on unless said otherwise). */
  signOutOtherSessions: z.boolean().default(true),
});
export const resetPasswordSchema = z.object({ newPassword: z.string().max(256) });
export type FlowAction = (typeof FLOW_ACTIONS)[number];

export function vendorContentType(productId: string, step: VendorStep): string {
  return `application/vnd.${productId}.${step}+json`;
}

/** The anti-forgery header every flow POST must carry (its value is not a secret). */
export const XSRF_HEADER = 'X-XSRF-Header';

export const FLOW_API_PATH = '/api/authn/flows';
