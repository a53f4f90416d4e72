import { describe, expect, it } from 'vitest';
import { claimValue, shownClaims } from './claim-format';

describe('claimValue', () => {
  it.each([
    ['age_over_18', true, 'Yes'],
    ['age_over_18', false, 'No'],
    ['verification_level', 'identity_verified', 'Identity checked'],
    ['verification_level', 'something_new', 'something_new'],
    [
      'address',
      { street_address: '1 Main St', postal_code: '12345', locality: 'Springfield', country: 'US' },
      '1 Main St, 12345 Springfield, US',
    ],
    ['address', { country: 'US' }, 'US'],
    ['given_name', 'Jane', 'Jane'],
    ['other', { a: 1 }, '{"a":1}'],
  ])('%s %j is %j', (name, value, expected) => {
    expect(claimValue(name, value)).toBe(expected);
  });
});

describe('shownClaims', () => {
  it('lists the type’s claims in its order, labelled, then unknown ones by name', () => {
    const shown = shownClaims('verified_customer', {
      zeta: 'z',
      age_over_18: true,
      given_name: 'Jane',
      alpha: 'a',
    });
    expect(shown.map(({ label, value }) => [label, value])).toEqual([
      ['Given name', 'Jane'],
      ['Over 18', 'Yes'],
      ['alpha', 'a'],
      ['zeta', 'z'],
    ]);
  });
});
