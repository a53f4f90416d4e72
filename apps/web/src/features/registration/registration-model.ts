import {
  messages,
  otpSchema,
  registrationResponseSchema,
  registrationStartSchema,
} from '@anybank/contracts';
import type { PolicyAnswer } from '../../lib/policy-answer';

/**
 * The registration widget's rules, without React: the form's checks (the contracts' schema,
 * the one the server applies: the browser helps as the person types, the server decides), and
 * what each answer of the registration policy means for the widget. Document 1 §2.2, §5, §7.
 */

export const REGISTRATION_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'password',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
};

export function isRegistrationField(field: string): field is RegistrationField {
  return (REGISTRATION_FIELDS as readonly string[]).includes(field);
}

/** Field → message; the first complaint about a field is the one shown. */
export type FieldMessages = Partial<Record<string, string>>;

/** The form's complaints, field by field, as the server would make them. */
export function validateRegistration(values: RegistrationValues): FieldMessages {
  const parsed = registrationStartSchema.safeParse({ step: 'start', ...values });
  const errors: FieldMessages = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (isRegistrationField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The e-mailed code: exactly 6 digits ('Code must be 6 digits'), or null when it is fine. */
export function validateCode(code: string): string | null {
  return otpSchema.safeParse(code).success ? null : messages.validation.codeSixDigits;
}

export type RegistrationStep = 'start' | 'verify';

export type StepOutcome =
  | { kind: 'verification-required'; registrationId: string }
  | { kind: 'completed'; username: string }
  /** The policy refused the input: messages under fields, and/or one for the whole form. */
  | { kind: 'invalid'; fields: FieldMessages; message: string | null }
  /** The widget token was refused (expired after 5 minutes): fetch a new one and try again. */
  | { kind: 'token-refused' }
  /** Anything else: the widget gives way to the error panel (document 1 §2.2, §8). */
  | { kind: 'error' };

/** What an answer of the registration policy means at a step. */
export function stepOutcomeOf(answer: PolicyAnswer, step: RegistrationStep): StepOutcome {
  switch (answer.kind) {
    case 'failed':
      return { kind: 'error' };
    case 'ok': {
      const parsed = registrationResponseSchema.safeParse(answer.body);
      if (!parsed.success) return { kind: 'error' };
      const response = parsed.data;
      if (step === 'start' && response.status === 'VERIFICATION_REQUIRED') {
        return { kind: 'verification-required', registrationId: response.registrationId };
      }
      if (step === 'verify' && response.status === 'COMPLETED') {
        return { kind: 'completed', username: response.username };
      }
      return { kind: 'error' };
    }
    case 'refused': {
      if (answer.status === 401) return { kind: 'token-refused' };
      // 400: the input (field by field when it says which); 429: too many e-mails to an
      // address. Both say what to do, so the person reads them in the form.
      if (answer.status !== 400 && answer.status !== 429) return { kind: 'error' };
      const fields: FieldMessages = {};
      let message: string | null = null;
      for (const detail of answer.details) {
        if (detail.field === null) message ??= detail.message;
        else fields[detail.field] ??= detail.message;
      }
      if (Object.keys(fields).length === 0) message ??= answer.message;
      if (Object.keys(fields).length === 0 && message === null) return { kind: 'error' };
      return { kind: 'invalid', fields, message };
    }
  }
}

/**
 * Where a refusal's field messages go at the code step. The code's and the registration's own
 * complaints (wrong or expired code, altered or expired registration) stay at the code field;
 * a username or e-mail taken meanwhile sends the person back to the form to change it.
 */
export function codeStepErrors(fields: FieldMessages): {
  code: string | null;
  backToForm: FieldMessages | null;
} {
  const formFields: FieldMessages = {};
  for (const field of REGISTRATION_FIELDS) {
    if (fields[field] !== undefined) formFields[field] = fields[field];
  }
  return {
    code: fields.code ?? fields.registrationId ?? null,
    backToForm: Object.keys(formFields).length > 0 ? formFields : null,
  };
}
