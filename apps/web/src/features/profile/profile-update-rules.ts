import {
  EMAIL_PATTERN,
  PERSON_NAME_PATTERN,
  PROFILE_FIELD_MAX_LENGTH,
  ZIP_MAX_LENGTH,
  messages,
  looksLikePhoneNumber,
  toE164,
  orchestrationMessages,
} from '@anybank/contracts';
import type { ContactKind, SessionItem } from '@anybank/contracts';
import type { PolicyAnswer } from '../../lib/policy-answer';

/**
 * The personal-details form's rules (document 2 §5, §7, §8), DOM-free for the unit tests:
 * field checks as the customer types, the profile-update policy's body, and what its answer
 * means. profile-update.ts makes the call.
 */

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'street',
  'city',
  'zip',
  'mobile',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string>;

/** The session item each field is kept in after sign-in. */
export const SESSION_ITEM_OF: Record<ProfileField, SessionItem> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  street: 'street',
  city: 'city',
  zip: 'zipcode',
  mobile: 'mobile',
};

/** The placeholder the policy receives as `deleteSmsMfa` when there was no mobile (§7). */
export const BLANK_MOBILE_PLACEHOLDER = '0000000000';

/** The directory attribute the policy names each field by in its field errors. */
const ATTRIBUTE_OF: Record<ProfileField, string> = {
  firstName: 'givenName',
  lastName: 'sn',
  email: 'mail',
  street: 'street',
  city: 'l',
  zip: 'postalCode',
  mobile: 'mobile',
};

/** One field's complaint under §5, or null when it is fine. Values are checked trimmed. */
export function profileFieldProblem(field: ProfileField, raw: string): string | null {
  const value = raw.trim();
  switch (field) {
    case 'firstName':
    case 'lastName':
      if (value === '')
        return field === 'firstName'
          ? orchestrationMessages.firstNameRequired
          : orchestrationMessages.lastNameRequired;
      return value.length > PROFILE_FIELD_MAX_LENGTH || !PERSON_NAME_PATTERN.test(value)
        ? orchestrationMessages.nameFormat
        : null;
    case 'email':
      if (value === '') return messages.profile.emailRequired;
      if (!EMAIL_PATTERN.test(value)) return messages.validation.emailInvalid;
      return value.length > PROFILE_FIELD_MAX_LENGTH ? orchestrationMessages.emailTooLong : null;
    case 'street':
      return value.length > PROFILE_FIELD_MAX_LENGTH ? messages.profile.streetTooLong : null;
    case 'city':
      return value.length > PROFILE_FIELD_MAX_LENGTH ? messages.profile.cityTooLong : null;
    case 'zip':
      return value.length > ZIP_MAX_LENGTH ? messages.profile.zipTooLong : null;
    case 'mobile':
      // The server reads the number (its country, E.164) and shows it back.
      return value === '' || looksLikePhoneNumber(value) ? null : messages.validation.phoneFormat;
  }
}

export type ProfileProblems = Partial<Record<ProfileField, string>>;

export function profileProblems(form: ProfileForm): ProfileProblems {
  const problems: ProfileProblems = {};
  for (const field of PROFILE_FIELDS) {
    const problem = profileFieldProblem(field, form[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * A typed mobile number as the server stores it (the contracts' `toE164`, read in the bank's
 * country). A number that cannot be read stays as typed: the server refuses it.
 */
function storedMobile(phone: string, country: string): string {
  return toE164(phone, country) ?? phone.trim();
}

function sameMobile(a: string, b: string, country: string): boolean {
  const [x, y] = [a.trim(), b.trim()];
  if (x === '' || y === '') return x === y;
  return storedMobile(x, country) === storedMobile(y, country);
}

/** The policy's body (§7): attribute lists, null when blank; the old targets when they change. */
export function profileUpdateRequest(options: {
  form: ProfileForm;
  previous: ProfileForm;
  /** Left out, the caller adds it as it sends (lib/user-policy.ts). */
  accessToken?: string;
  hostname: string;
  /** The country a number typed without `+` is read in (the server's, PublicConfig). */
  phoneCountry: string;
}) {
  const { form, previous } = options;
  const list = (value: string) => (value.trim() === '' ? null : [value.trim()]);
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  const body: {
    hostname: string;
    accessToken?: string;
    rawData: Record<string, string[] | null>;
    deleteSmsMfa?: string;
    deleteEmailMfa?: string;
  } = {
    hostname: options.hostname,
    accessToken: options.accessToken,
    rawData: {
      givenName: list(firstName),
      sn: list(lastName),
      cn: list(`${firstName} ${lastName}`),
      mail: list(form.email),
      mobile: list(form.mobile),
      street: list(form.street),
      l: list(form.city),
      postalCode: list(form.zip),
    },
  };
  if (!sameMobile(form.mobile, previous.mobile, options.phoneCountry)) {
    body.deleteSmsMfa = previous.mobile.trim() || BLANK_MOBILE_PLACEHOLDER;
  }
  if (form.email.trim().toLowerCase() !== previous.email.trim().toLowerCase()) {
    body.deleteEmailMfa = previous.email.trim();
  }
  return body;
}

/** A new address or number waiting for the code sent to it, target masked. */
export interface PendingContact {
  kind: ContactKind;
  target: string;
}

export type ProfileUpdateOutcome =
  | { kind: 'updated' }
  | { kind: 'limitExceeded' }
  /** Saved, but the new e-mail or mobile is used only once its code is entered. */
  | { kind: 'verificationRequired'; pending: PendingContact[] }
  /** The server refused some fields: their messages, by form field. */
  | { kind: 'invalid'; problems: ProfileProblems }
  | { kind: 'error' };

function pendingContactsOf(value: unknown): PendingContact[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): PendingContact[] => {
    const { kind, target } = (entry ?? {}) as { kind?: unknown; target?: unknown };
    return (kind === 'email' || kind === 'mobile') && typeof target === 'string'
      ? [{ kind, target }]
      : [];
  });
}

/** What the confirmation of a new address or number means to the page. */
export type ContactConfirmationOutcome =
  | { kind: 'updated' }
  | { kind: 'limitExceeded' }
  /** The code was wrong or expired, or nothing waits any more: the message says which. */
  | { kind: 'refused'; message: string }
  | { kind: 'error' };

export function contactConfirmationOutcomeOf(answer: PolicyAnswer): ContactConfirmationOutcome {
  if (answer.kind === 'ok') {
    const outcome = profileUpdateOutcomeOf(answer);
    return outcome.kind === 'updated' || outcome.kind === 'limitExceeded'
      ? outcome
      : { kind: 'error' };
  }
  if (answer.kind === 'refused' && answer.status === 400) {
    const detail = answer.details.find((candidate) => candidate.field === 'otp');
    return { kind: 'refused', message: detail?.message ?? messages.profile.contactCodeWrong };
  }
  if (answer.kind === 'refused' && answer.status === 409) {
    return { kind: 'refused', message: messages.profile.noPendingContactChange };
  }
  return { kind: 'error' };
}

/** What the policy's answer means to the page (§8). */
export function profileUpdateOutcomeOf(answer: PolicyAnswer): ProfileUpdateOutcome {
  if (answer.kind === 'ok') {
    const body = answer.body as {
      success?: unknown;
      additionalProperties?: { code?: unknown; pending?: unknown } | null;
    } | null;
    if (body?.success !== true) return { kind: 'error' };
    if (body.additionalProperties?.code === 'verificationRequired') {
      const pending = pendingContactsOf(body.additionalProperties.pending);
      return pending.length > 0 ? { kind: 'verificationRequired', pending } : { kind: 'error' };
    }
    return body.additionalProperties?.code === 'limitExceeded'
      ? { kind: 'limitExceeded' }
      : { kind: 'updated' };
  }
  if (answer.kind === 'refused' && answer.status === 400) {
    const problems: ProfileProblems = {};
    for (const detail of answer.details) {
      const field = PROFILE_FIELDS.find((candidate) => ATTRIBUTE_OF[candidate] === detail.field);
      if (field && !problems[field]) problems[field] = detail.message;
    }
    if (Object.keys(problems).length > 0) return { kind: 'invalid', problems };
  }
  return { kind: 'error' };
}

/**
 * The session items a saved profile updates, as the sign-in fills them (fullAddress is
 * "street, city, zip"); null for a blank value, whose item is removed.
 */
export function sessionItemsOfProfile(
  form: ProfileForm,
  phoneCountry: string,
): [SessionItem, string | null][] {
  const trimmed = (value: string) => value.trim() || null;
  const mobile = form.mobile.trim() === '' ? null : storedMobile(form.mobile, phoneCountry);
  const address = [form.street, form.city, form.zip].map((value) => value.trim()).filter(Boolean);
  return [
    ['firstName', trimmed(form.firstName)],
    ['lastName', trimmed(form.lastName)],
    ['email', trimmed(form.email)],
    ['street', trimmed(form.street)],
    ['city', trimmed(form.city)],
    ['zipcode', trimmed(form.zip)],
    ['mobile', mobile],
    ['fullAddress', address.join(', ') || null],
  ];
}
