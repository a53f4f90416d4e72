import { z } from 'zod';
import {
  BLANK_PLACEHOLDER,
  CONTACT_KINDS,
  DEFAULT_PHONE_COUNTRY,
  EMAIL_PATTERN,
  HOSTNAME_PATTERN,
  PERSON_NAME_PATTERN,
  PROFILE_FIELD_MAX_LENGTH,
  ZIP_MAX_LENGTH,
  messages,
  orchestrationMessages,
  readPhoneNumber,
} from '@anybank/contracts';
import type {
  ContactConfirmOutcome,
  CustomerProfile,
  PendingContact,
  ProfileSaveOutcome,
  ProfileService,
} from '../../directory';
import { definePolicy, fieldErrors, userOf, type FieldError } from '../policy';

/**
 * Profile update (document 2 §2, §4, §5, §7): the signed-in customer saves their personal
 * details. The body is the widget's: `rawData` holds directory attributes as lists (null when
 * blank), `deleteSmsMfa`/`deleteEmailMfa` name the old mobile and e-mail whose devices a changed
 * mobile or e-mail replaces. Acts on a user: their own access token is in the body. The
 * directory's profile service saves; this adapter checks the fields and shapes the answer.
 */

/** The placeholder the widget sends for a blank mobile (document 2 §3, §7). */
export const BLANK_MOBILE_PLACEHOLDER = BLANK_PLACEHOLDER;

export const profileUpdateMessages = {
  streetTooLong: messages.profile.streetTooLong,
  cityTooLong: messages.profile.cityTooLong,
  zipTooLong: messages.profile.zipTooLong,
  emailRequired: messages.profile.emailRequired,
  emailTaken: messages.profile.emailTaken,
} as const;

/** One directory attribute as the widget sends it: a list of values, or null when blank. */
const attribute = z
  .union([z.array(z.string().max(1024)).max(4), z.string().max(1024), z.null()])
  .optional();

const rawDataSchema = z.object({
  givenName: attribute,
  sn: attribute,
  cn: attribute,
  mail: attribute,
  mobile: attribute,
  street: attribute,
  l: attribute,
  postalCode: attribute,
});

export const profileUpdateRequestSchema = z.object({
  hostname: z.string().trim().regex(HOSTNAME_PATTERN, 'hostname must be a host name').optional(),
  accessToken: z.string({ error: 'accessToken is required.' }).min(1).max(8192),
  rawData: rawDataSchema,
  deleteSmsMfa: z.string().trim().max(64).optional(),
  deleteEmailMfa: z.string().trim().max(256).optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** The second step of a contact change: the code sent to the new address or number. */
export const contactConfirmationSchema = z.object({
  hostname: z.string().trim().regex(HOSTNAME_PATTERN, 'hostname must be a host name').optional(),
  accessToken: z.string({ error: 'accessToken is required.' }).min(1).max(8192),
  step: z.literal('confirmContact'),
  kind: z.enum(CONTACT_KINDS),
  otp: z.string().trim().max(16),
});
export type ContactConfirmationRequest = z.input<typeof contactConfirmationSchema>;

/** The first value of an attribute, trimmed; '' when blank. */
function valueOf(value: z.output<typeof attribute>): string {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').trim();
}

/** Document 2 §5, field by field: the details, or every field's complaint. */
export function checkProfile(
  rawData: z.output<typeof rawDataSchema>,
  phoneCountry: string = DEFAULT_PHONE_COUNTRY,
): { ok: true; details: CustomerProfile } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = (field: string, value: string, required: string) => {
    if (value === '') errors.push({ field, message: required });
    else if (value.length > PROFILE_FIELD_MAX_LENGTH || !PERSON_NAME_PATTERN.test(value))
      errors.push({ field, message: orchestrationMessages.nameFormat });
  };
  const optional = (field: string, value: string, max: number, message: string) => {
    if (value.length > max) errors.push({ field, message });
    return value === '' ? null : value;
  };

  const firstName = valueOf(rawData.givenName);
  const lastName = valueOf(rawData.sn);
  const email = valueOf(rawData.mail);
  let mobile = valueOf(rawData.mobile);
  if (mobile === BLANK_MOBILE_PLACEHOLDER) mobile = '';
  name('givenName', firstName, orchestrationMessages.firstNameRequired);
  name('sn', lastName, orchestrationMessages.lastNameRequired);
  if (email === '') errors.push({ field: 'mail', message: profileUpdateMessages.emailRequired });
  else if (!EMAIL_PATTERN.test(email))
    errors.push({ field: 'mail', message: messages.validation.emailInvalid });
  else if (email.length > PROFILE_FIELD_MAX_LENGTH)
    errors.push({ field: 'mail', message: orchestrationMessages.emailTooLong });
  // Read with libphonenumber-js (no `+`: the bank's country), stored in E.164.
  const phone = mobile === '' ? null : readPhoneNumber(mobile, phoneCountry);
  if (phone && !phone.ok) errors.push({ field: 'mobile', message: phone.message });
  const street = optional(
    'street',
    valueOf(rawData.street),
    PROFILE_FIELD_MAX_LENGTH,
    profileUpdateMessages.streetTooLong,
  );
  const city = optional(
    'l',
    valueOf(rawData.l),
    PROFILE_FIELD_MAX_LENGTH,
    profileUpdateMessages.cityTooLong,
  );
  const postalCode = optional(
    'postalCode',
    valueOf(rawData.postalCode),
    ZIP_MAX_LENGTH,
    profileUpdateMessages.zipTooLong,
  );
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    details: {
      firstName,
      lastName,
      email,
      mobile: phone?.ok ? phone.e164 : null,
      street,
      city,
      postalCode,
    },
  };
}

export type ProfileUpdateResponse =
  | { success: true }
  | { success: true; additionalProperties: { code: 'limitExceeded' } }
  | {
      success: true;
      additionalProperties: { code: 'verificationRequired'; pending: PendingContact[] };
    };

/** The service's outcome as the widget reads it (document 2 §7, §8). */
function answerOf(outcome: ProfileSaveOutcome | ContactConfirmOutcome): ProfileUpdateResponse {
  switch (outcome.kind) {
    case 'emailTaken':
      throw fieldErrors([{ field: 'mail', message: profileUpdateMessages.emailTaken }]);
    case 'codeRefused':
      throw fieldErrors([{ field: 'otp', message: messages.profile.contactCodeWrong }]);
    case 'pending':
      return {
        success: true,
        additionalProperties: { code: 'verificationRequired', pending: outcome.pending },
      };
    case 'saved':
      return outcome.limitExceeded
        ? { success: true, additionalProperties: { code: 'limitExceeded' } }
        : { success: true };
  }
}

export function createProfileUpdatePolicy(deps: {
  profile: ProfileService;
  /** Where a number without `+` is read (config `PHONE_DEFAULT_COUNTRY`). */
  phoneCountry?: string;
}) {
  return definePolicy({
    name: 'PROFILE_UPDATE',
    access: 'user',
    input: z.union([contactConfirmationSchema, profileUpdateRequestSchema]),
    async run(input, context): Promise<ProfileUpdateResponse> {
      const user = userOf(context);
      if ('step' in input) {
        return answerOf(await deps.profile.confirmContact(user, input, context.ip));
      }
      const checked = checkProfile(input.rawData, deps.phoneCountry);
      if (!checked.ok) throw fieldErrors(checked.errors);
      return answerOf(await deps.profile.save(user, checked.details, context));
    },
  });
}
