import { z } from 'zod';
import { BANK_NAME_SLOT } from './branding';
import { PROFILE_FIELD_MAX_LENGTH } from './constants';
import { messages } from './messages';
import { apiErrorMessages } from './api-error-messages';
import { emailSchema, otpSchema, passwordSchema, phoneSchema } from './validators';

/**
 * The bank's own orchestration service (document 1 §7, document 2 §7): a widget token, and
 * named policies started by `POST {root}/{companyId}/policy/{policyId}/start`. The policy ids
 * come from the server's configuration (`POLICY_ID_<NAME>`). Server: modules/orchestration.
 */
export const ORCHESTRATION_API_ROOT = '/api/orchestration';

export const orchestrationPaths = {
  /** `GET`, with the API-key header: for server-side callers only (the key is a secret). */
  sdkToken: (companyId: string) => `${ORCHESTRATION_API_ROOT}/${companyId}/sdktoken`,
  /** `POST`, with the anti-forgery header and no key: the browser's widget token. */
  widgetToken: (companyId: string) => `${ORCHESTRATION_API_ROOT}/${companyId}/widget-token`,
  /** `POST` JSON: `Authorization: Bearer <widget token>`, or the user's `accessToken` in the body. */
  policyStart: (companyId: string, policyId: string) =>
    `${ORCHESTRATION_API_ROOT}/${companyId}/policy/${policyId}/start`,
} as const;

/** The header a server-side caller puts its API key in. Never sent by the browser. */
export const API_KEY_HEADER = 'X-API-Key';

/** A widget token lives 5 minutes: fetch one when the widget opens, not at page load. */
export const WIDGET_TOKEN_TTL_SECONDS = 300;

/** The answer of sdktoken and widget-token (document 1 §7: the widget reads `access_token`). */
export const widgetTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type WidgetTokenResponse = z.infer<typeof widgetTokenResponseSchema>;

/**
 * Messages of the orchestration policies that the specification does not word (it shows only
 * the widget's error panel and the username-recovery failure, both in `messages`).
 */
export const orchestrationMessages = {
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  nameFormat: `Use letters and spaces only, at most ${PROFILE_FIELD_MAX_LENGTH} characters.`,
  emailTooLong: `An email address has at most ${PROFILE_FIELD_MAX_LENGTH} characters.`,
  usernameFormat:
    'A username has 3 to 32 characters: lowercase letters, digits, dots, hyphens or underscores.',
  usernameTaken: 'This username is already taken. Please choose another one.',
  emailTaken:
    'This email address already belongs to an online account. Use "Forgot username" to find it.',
  registrationInvalid: 'This registration has expired. Please start again.',
  verificationSubject: `Your ${BANK_NAME_SLOT} verification code`,
  usernameSubject: `Your ${BANK_NAME_SLOT} username`,
  tooManyEmails: apiErrorMessages.too_many_emails,
  encodedMailMismatch: 'encodedMail must be the base64 encoding of mail.',
  keyUriFormat: 'keyUri must be an otpauth://totp/ URI.',
  emailOrPhone: 'Send either email or phoneNumber.',
} as const;

/** Letters (any alphabet) and single spaces between words, at most 50 (document 2 §5). */
export const PERSON_NAME_PATTERN = /^\p{L}+( \p{L}+)*$/u;
/** A new username: 3-32 lowercase letters, digits, '.', '_' or '-'. */
export const NEW_USERNAME_PATTERN = /^[a-z0-9._-]{3,32}$/;
/** A host name as the widget sends it (`hostname`), without scheme or port. */
export const HOSTNAME_PATTERN = /^[A-Za-z0-9.-]{1,253}$/;

function personNameSchema(required: string) {
  return (
    z
      .string({ error: required })
      .trim()
      // An empty name gets one message, not also the format's.
      .min(1, { error: required, abort: true })
      .max(PROFILE_FIELD_MAX_LENGTH, orchestrationMessages.nameFormat)
      .regex(PERSON_NAME_PATTERN, orchestrationMessages.nameFormat)
  );
}

/** Trimmed and lowercased, then checked (document 1 §5: the identifier is lowercased). */
export const newUsernameSchema = z
  .string({ error: orchestrationMessages.usernameFormat })
  .trim()
  .toLowerCase()
  .regex(NEW_USERNAME_PATTERN, orchestrationMessages.usernameFormat);

const registrationEmailSchema = z
  .string({ error: messages.validation.emailInvalid })
  .pipe(emailSchema)
  .pipe(z.string().max(PROFILE_FIELD_MAX_LENGTH, orchestrationMessages.emailTooLong));

const hostnameSchema = z.string().trim().regex(HOSTNAME_PATTERN, 'hostname must be a host name');

/**
 * Registration policy, step `start`: validates, refuses a taken username or e-mail, e-mails a
 * 6-digit code and answers VERIFICATION_REQUIRED with a `registrationId` to send back. To get a
 * new code, send `start` again.
 */
export const registrationStartSchema = z.object({
  step: z.literal('start'),
  firstName: personNameSchema(orchestrationMessages.firstNameRequired),
  lastName: personNameSchema(orchestrationMessages.lastNameRequired),
  email: registrationEmailSchema,
  username: newUsernameSchema,
  password: z.string({ error: messages.validation.passwordHint }).pipe(passwordSchema),
  hostname: hostnameSchema.optional(),
});

/** Registration policy, step `verify`: the code from the e-mail creates the customer. */
export const registrationVerifySchema = z.object({
  step: z.literal('verify'),
  registrationId: z
    .string({ error: orchestrationMessages.registrationInvalid })
    .min(1, orchestrationMessages.registrationInvalid)
    .max(4096, orchestrationMessages.registrationInvalid),
  code: z.string({ error: messages.validation.codeSixDigits }).pipe(otpSchema),
  /** A passkey registration: the browser's new credential for the account. */
  attestation: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Registration with a passkey instead of a password: the same form without the
 * password; the answer adds the WebAuthn creation options, and `verify` takes the code with the
 * browser's `attestation`. The account is created with no password at all.
 */
export const registrationStartPasskeySchema = registrationStartSchema
  .omit({ password: true })
  .extend({ step: z.literal('startPasskey') });

export const registrationRequestSchema = z.discriminatedUnion('step', [
  registrationStartSchema,
  registrationStartPasskeySchema,
  registrationVerifySchema,
]);
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

export const registrationResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('VERIFICATION_REQUIRED'),
    registrationId: z.string(),
    /** A passkey registration: the options for `navigator.credentials.create`. */
    publicKeyCredentialCreationOptions: z.unknown().optional(),
  }),
  z.object({ status: z.literal('COMPLETED'), username: z.string() }),
]);
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** Username recovery (document 1 §7): `encodedMail` is `btoa(mail)`. */
export const usernameRecoveryRequestSchema = z.object({
  hostname: hostnameSchema,
  mail: emailSchema,
  encodedMail: z.string().trim().min(1).max(1024),
});
export type UsernameRecoveryRequest = z.input<typeof usernameRecoveryRequestSchema>;

/** 200 either way: the widget reads `success`, and shows `message` when it is false. */
export const usernameRecoveryResponseSchema = z.union([
  z.object({ success: z.literal(true) }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type UsernameRecoveryResponse = z.infer<typeof usernameRecoveryResponseSchema>;

/**
 * Device uniqueness (document 1 §4.4, §7): is this e-mail or phone already one of the user's
 * devices? Acts on a user, so the user's own access token travels in the body.
 */
export const deviceUniquenessRequestSchema = z
  .object({
    accessToken: z.string({ error: 'accessToken is required.' }).min(1).max(8192),
    subject: z.string({ error: 'subject is required.' }).min(1).max(64),
    email: emailSchema.optional(),
    phoneNumber: phoneSchema.optional(),
  })
  .refine((input) => (input.email === undefined) !== (input.phoneNumber === undefined), {
    message: orchestrationMessages.emailOrPhone,
    path: ['email'],
  });
export type DeviceUniquenessRequest = z.input<typeof deviceUniquenessRequestSchema>;

export const DEVICE_UNIQUENESS_STATUSES = ['UNIQUE', 'DUPLICATE'] as const;
export const deviceUniquenessResponseSchema = z.object({
  additionalProperties: z.object({ status: z.enum(DEVICE_UNIQUENESS_STATUSES) }),
});
export type DeviceUniquenessResponse = z.infer<typeof deviceUniquenessResponseSchema>;

/** QR code (document 1 §4.4, §7): the TOTP pairing's `keyUri` as a PNG data URL. */
export const qrCodeRequestSchema = z.object({
  keyUri: z
    .string({ error: orchestrationMessages.keyUriFormat })
    .max(2048, orchestrationMessages.keyUriFormat)
    .startsWith('otpauth://totp/', orchestrationMessages.keyUriFormat),
});
export type QrCodeRequest = z.input<typeof qrCodeRequestSchema>;

export const qrCodeResponseSchema = z.object({
  additionalProperties: z.object({ qrCode: z.string().startsWith('data:image/png;base64,') }),
});
export type QrCodeResponse = z.infer<typeof qrCodeResponseSchema>;
