import { describe, expect, it } from 'vitest';
import { messages, orchestrationMessages } from '@anybank/contracts';
import {
  EMPTY_REGISTRATION,
  codeStepErrors,
  stepOutcomeOf,
  validateCode,
  validateRegistration,
} from './registration-model';

const ADA = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada.lovelace',
  password: 'Open2Account!',
};

describe('the registration form as the person types', () => {
  it('accepts a complete, well-formed form', () => {
    expect(validateRegistration(ADA)).toEqual({});
  });

  it('says what is wrong with each field, as the server would', () => {
    expect(
      validateRegistration({
        firstName: 'R2D2',
        lastName: '',
        email: 'not-an-address',
        username: 'x',
        password: 'weakpass',
      }),
    ).toEqual({
      firstName: orchestrationMessages.nameFormat,
      lastName: orchestrationMessages.lastNameRequired,
      email: messages.validation.emailInvalid,
      username: orchestrationMessages.usernameFormat,
      password: messages.validation.passwordHint,
    });
  });

  it('asks for every field of an empty form, one message each', () => {
    const errors = validateRegistration(EMPTY_REGISTRATION);
    expect(Object.keys(errors).sort()).toEqual(
      ['email', 'firstName', 'lastName', 'password', 'username'].sort(),
    );
    expect(errors.firstName).toBe(orchestrationMessages.firstNameRequired);
  });

  it('trims and lowercases the username before judging it (document 1 §5)', () => {
    expect(validateRegistration({ ...ADA, username: '  Ada.Lovelace ' })).toEqual({});
  });

  it('wants a code of exactly 6 digits', () => {
    expect(validateCode('123456')).toBeNull();
    expect(validateCode(' 123456 ')).toBeNull();
    expect(validateCode('12345')).toBe(messages.validation.codeSixDigits);
    expect(validateCode('12345a')).toBe(messages.validation.codeSixDigits);
  });
});

describe('what the registration policy answered', () => {
  it('moves on to the code, then to the sign-in', () => {
    expect(
      stepOutcomeOf(
        { kind: 'ok', body: { status: 'VERIFICATION_REQUIRED', registrationId: 'sealed' } },
        'start',
      ),
    ).toEqual({ kind: 'verification-required', registrationId: 'sealed' });
    expect(
      stepOutcomeOf({ kind: 'ok', body: { status: 'COMPLETED', username: 'ada' } }, 'verify'),
    ).toEqual({ kind: 'completed', username: 'ada' });
  });

  it('shows the error panel for an unexpected body, a failure or another refusal', () => {
    expect(
      stepOutcomeOf({ kind: 'ok', body: { status: 'COMPLETED', username: 'a' } }, 'start'),
    ).toEqual({ kind: 'error' });
    expect(stepOutcomeOf({ kind: 'ok', body: '<html>' }, 'verify')).toEqual({ kind: 'error' });
    expect(stepOutcomeOf({ kind: 'failed', reason: 'HTTP 500' }, 'start')).toEqual({
      kind: 'error',
    });
    expect(
      stepOutcomeOf(
        { kind: 'refused', status: 404, message: 'No such policy', details: [] },
        'start',
      ),
    ).toEqual({ kind: 'error' });
    expect(
      stepOutcomeOf({ kind: 'refused', status: 400, message: null, details: [] }, 'start'),
    ).toEqual({ kind: 'error' });
  });

  it('puts field messages under their fields, and a message without a field on the form', () => {
    expect(
      stepOutcomeOf(
        {
          kind: 'refused',
          status: 400,
          message: 'Please check your input. username: taken',
          details: [
            { field: 'username', message: orchestrationMessages.usernameTaken },
            { field: 'username', message: 'second complaint' },
            { field: 'email', message: orchestrationMessages.emailTaken },
          ],
        },
        'start',
      ),
    ).toEqual({
      kind: 'invalid',
      fields: {
        username: orchestrationMessages.usernameTaken,
        email: orchestrationMessages.emailTaken,
      },
      message: null,
    });
    expect(
      stepOutcomeOf(
        { kind: 'refused', status: 429, message: orchestrationMessages.tooManyEmails, details: [] },
        'start',
      ),
    ).toEqual({ kind: 'invalid', fields: {}, message: orchestrationMessages.tooManyEmails });
  });

  it('asks for a new widget token when the token was refused', () => {
    expect(
      stepOutcomeOf({ kind: 'refused', status: 401, message: 'expired', details: [] }, 'verify'),
    ).toEqual({ kind: 'token-refused' });
  });

  it('keeps code complaints at the code, and sends a taken username back to the form', () => {
    expect(codeStepErrors({ code: messages.login.incorrectOtp })).toEqual({
      code: messages.login.incorrectOtp,
      backToForm: null,
    });
    expect(codeStepErrors({ registrationId: orchestrationMessages.registrationInvalid })).toEqual({
      code: orchestrationMessages.registrationInvalid,
      backToForm: null,
    });
    expect(codeStepErrors({ username: orchestrationMessages.usernameTaken })).toEqual({
      code: null,
      backToForm: { username: orchestrationMessages.usernameTaken },
    });
  });
});
