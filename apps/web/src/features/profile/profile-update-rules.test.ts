import { describe, expect, it } from 'vitest';
import { messages, orchestrationMessages } from '@anybank/contracts';
import {
  contactConfirmationOutcomeOf,
  profileFieldProblem,
  profileProblems,
  profileUpdateOutcomeOf,
  profileUpdateRequest,
  sessionItemsOfProfile,
  type ProfileForm,
} from './profile-update-rules';

const JANE: ProfileForm = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  street: '123 Main Street',
  city: 'Springfield',
  zip: '62701',
  mobile: '+15551234567',
};

describe('the personal details rules (document 2 §5)', () => {
  it('accepts the seeded profile', () => {
    expect(profileProblems(JANE)).toEqual({});
  });

  it('words each problem', () => {
    expect(profileFieldProblem('firstName', ' ')).toBe(orchestrationMessages.firstNameRequired);
    expect(profileFieldProblem('lastName', 'D0e')).toBe(orchestrationMessages.nameFormat);
    expect(profileFieldProblem('lastName', 'a'.repeat(51))).toBe(orchestrationMessages.nameFormat);
    expect(profileFieldProblem('email', 'jane@example')).toBe('Email must be a valid address.');
    expect(profileFieldProblem('email', '')).toBe(messages.profile.emailRequired);
    // The browser checks the form only; the server reads the number in its country.
    expect(profileFieldProblem('mobile', '5-12')).toBe(messages.validation.phoneFormat);
    expect(profileFieldProblem('mobile', 'call me')).toBe(messages.validation.phoneFormat);
    expect(profileFieldProblem('mobile', '(201) 555-0123')).toBeNull();
    expect(profileFieldProblem('mobile', '')).toBeNull();
    expect(profileFieldProblem('mobile', '+44.2071234567')).toBeNull();
    expect(profileFieldProblem('zip', '12345678901')).toBe(messages.profile.zipTooLong);
    expect(profileFieldProblem('street', 's'.repeat(51))).toBe(messages.profile.streetTooLong);
    expect(profileFieldProblem('city', 'c'.repeat(50))).toBeNull();
  });
});

describe('the profile-update request (document 2 §7)', () => {
  const base = { previous: JANE, accessToken: 'at', hostname: 'localhost', phoneCountry: 'US' };

  it('sends attribute lists, null when blank, and no device to delete when nothing changed', () => {
    const body = profileUpdateRequest({ ...base, form: { ...JANE, zip: ' ', mobile: '' } });
    expect(body.rawData).toEqual({
      givenName: ['Jane'],
      sn: ['Doe'],
      cn: ['Jane Doe'],
      mail: ['jane.doe@example.com'],
      mobile: null,
      street: ['123 Main Street'],
      l: ['Springfield'],
      postalCode: null,
    });
    expect(body.accessToken).toBe('at');
    expect(body.deleteEmailMfa).toBeUndefined();
    expect(body.deleteSmsMfa).toBe('+15551234567');
  });

  it('names the old mobile (or the blank placeholder) and the old e-mail when they change', () => {
    const changed = profileUpdateRequest({
      ...base,
      form: { ...JANE, mobile: '+1.5551234567', email: 'JANE.DOE@example.com' },
    });
    expect(changed.deleteSmsMfa).toBeUndefined();
    expect(changed.deleteEmailMfa).toBeUndefined();
    const fromBlank = profileUpdateRequest({
      ...base,
      previous: { ...JANE, mobile: '' },
      form: { ...JANE, email: 'jane@work.example' },
    });
    expect(fromBlank.deleteSmsMfa).toBe('0000000000');
    expect(fromBlank.deleteEmailMfa).toBe('jane.doe@example.com');
  });
});

describe('what the answer means (document 2 §8)', () => {
  it('reads success, limitExceeded, field errors and anything else', () => {
    expect(profileUpdateOutcomeOf({ kind: 'ok', body: { success: true } })).toEqual({
      kind: 'updated',
    });
    expect(
      profileUpdateOutcomeOf({
        kind: 'ok',
        body: { success: true, additionalProperties: { code: 'limitExceeded' } },
      }),
    ).toEqual({ kind: 'limitExceeded' });
    expect(
      profileUpdateOutcomeOf({
        kind: 'refused',
        status: 400,
        message: null,
        details: [{ field: 'mail', message: 'taken' }],
      }),
    ).toEqual({ kind: 'invalid', problems: { email: 'taken' } });
    expect(
      profileUpdateOutcomeOf({ kind: 'refused', status: 401, message: 'x', details: [] }),
    ).toEqual({ kind: 'error' });
    expect(profileUpdateOutcomeOf({ kind: 'ok', body: { success: false } })).toEqual({
      kind: 'error',
    });
    expect(profileUpdateOutcomeOf({ kind: 'failed', reason: 'HTTP 500' })).toEqual({
      kind: 'error',
    });
  });
});

describe('the session after a save', () => {
  it('updates the items, the mobile in E.164 and the full address', () => {
    expect(sessionItemsOfProfile({ ...JANE, mobile: '+44.2071234567', zip: '' }, 'US')).toEqual([
      ['firstName', 'Jane'],
      ['lastName', 'Doe'],
      ['email', 'jane.doe@example.com'],
      ['street', '123 Main Street'],
      ['city', 'Springfield'],
      ['zipcode', null],
      ['mobile', '+442071234567'],
      ['fullAddress', '123 Main Street, Springfield'],
    ]);
  });
});

describe('a mobile number typed without +', () => {
  it('is read in the bank’s country, as the server stores it, and is the same number as before', () => {
    const typed = { ...JANE, mobile: '(555) 123-4567' };
    expect(sessionItemsOfProfile(typed, 'US')).toContainEqual(['mobile', '+15551234567']);
    expect(sessionItemsOfProfile({ ...typed, mobile: '020 7123 4567' }, 'GB')).toContainEqual([
      'mobile',
      '+442071234567',
    ]);
    // Jane's stored +15551234567: not a change, so no device is named for replacement.
    const body = profileUpdateRequest({
      previous: JANE,
      form: typed,
      hostname: 'localhost',
      phoneCountry: 'US',
    });
    expect(body.deleteSmsMfa).toBeUndefined();
  });
});

describe('a new e-mail address or mobile number waiting for its code', () => {
  it('reads verificationRequired with where each code went', () => {
    expect(
      profileUpdateOutcomeOf({
        kind: 'ok',
        body: {
          success: true,
          additionalProperties: {
            code: 'verificationRequired',
            pending: [{ kind: 'email', target: 'j******w@example.com' }, { kind: 'fax' }],
          },
        },
      }),
    ).toEqual({
      kind: 'verificationRequired',
      pending: [{ kind: 'email', target: 'j******w@example.com' }],
    });
  });

  it('tells a right code, a wrong one, nothing waiting and a failure apart', () => {
    expect(contactConfirmationOutcomeOf({ kind: 'ok', body: { success: true } })).toEqual({
      kind: 'updated',
    });
    expect(
      contactConfirmationOutcomeOf({
        kind: 'ok',
        body: { success: true, additionalProperties: { code: 'limitExceeded' } },
      }),
    ).toEqual({ kind: 'limitExceeded' });
    expect(
      contactConfirmationOutcomeOf({
        kind: 'refused',
        status: 400,
        message: 'Please check your input.',
        details: [{ field: 'otp', message: messages.profile.contactCodeWrong }],
      }),
    ).toEqual({ kind: 'refused', message: messages.profile.contactCodeWrong });
    expect(
      contactConfirmationOutcomeOf({ kind: 'refused', status: 409, message: null, details: [] }),
    ).toEqual({ kind: 'refused', message: messages.profile.noPendingContactChange });
    expect(contactConfirmationOutcomeOf({ kind: 'failed', reason: 'HTTP 500' })).toEqual({
      kind: 'error',
    });
  });
});
