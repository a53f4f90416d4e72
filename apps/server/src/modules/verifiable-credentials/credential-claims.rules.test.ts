import { describe, expect, it } from 'vitest';
import { ageOn, credentialClaims, type HolderFacts } from './credential-claims.rules';

const jane: HolderFacts = {
  firstName: 'Jane',
  lastName: 'Doe',
  birthDate: '1988-04-12',
  street: '123 Main Street',
  city: 'Springfield',
  postalCode: '62701',
  country: 'US',
  identityVerified: false,
  checkingSuffix: '4821',
  bankName: 'AnyBank',
};

describe('a holder’s age', () => {
  it.each([
    ['2006-12-07', '2024-12-07', 18, 'on the 18th birthday'],
    ['2006-12-08', '2024-12-07', 17, 'the day before it'],
    ['2006-01-31', '2024-02-01', 18, 'a month after'],
    ['2000-02-29', '2018-02-28', 17, 'a leap-day birthday the day before'],
    ['2000-02-29', '2018-03-01', 18, 'a leap-day birthday after'],
  ])('born %s is, on %s, %i (%s)', (birth, today, age) => {
    expect(ageOn(birth, new Date(`${today}T12:00:00Z`))).toBe(age);
  });
});

describe('the claims of each credential', () => {
  const today = new Date('2026-12-07T00:00:00Z');

  it('says who the verified customer is, their age as a yes or no, and how the bank knows', () => {
    expect(credentialClaims('verified_customer', jane, today)).toEqual({
      given_name: 'Jane',
      family_name: 'Doe',
      birthdate: '1988-04-12',
      age_over_18: true,
      address: {
        street_address: '123 Main Street',
        locality: 'Springfield',
        postal_code: '62701',
        country: 'US',
      },
      verification_level: 'account_opening',
    });
  });

  it('leaves out what the bank does not hold instead of making it up', () => {
    const claims = credentialClaims(
      'verified_customer',
      {
        ...jane,
        birthDate: null,
        street: null,
        city: null,
        postalCode: null,
        identityVerified: true,
      },
      today,
    );
    expect(claims).not.toHaveProperty('birthdate');
    expect(claims).not.toHaveProperty('age_over_18');
    expect(claims).not.toHaveProperty('address');
    expect(claims.verification_level).toBe('identity_verified');
  });

  it('answers no for a customer under 18', () => {
    expect(
      credentialClaims('verified_customer', { ...jane, birthDate: '2009-09-30' }, today)
        .age_over_18,
    ).toBe(false);
  });

  it('names the account holder with a masked account number', () => {
    expect(credentialClaims('account_holder', jane, today)).toEqual({
      bank_name: 'AnyBank',
      account_number: '•••• 4821',
      holder_name: 'Jane Doe',
    });
  });
});
