import { describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS, messages } from '@anybank/contracts';
import { marketingViewOf, type CustomerEntry } from './scim.rules';

const JANE: CustomerEntry = {
  id: '3f2a9c1e-0000-4000-8000-000000000001',
  uid: 'jane.doe',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  mobile: '+15551234567',
  street: '123 Main Street',
  city: 'Springfield',
  postalCode: '62701',
};

function accepted(sms: boolean, email: boolean, homeAddress: boolean) {
  return { status: 'accepted', data: { sms, email, homeAddress } };
}

describe('what marketing sees of a customer', () => {
  it('shows every channel of a customer who opted into all three', () => {
    expect(marketingViewOf(JANE, accepted(true, true, true))).toEqual({
      schemas: [SCIM_SCHEMAS.user],
      id: JANE.id,
      uid: 'jane.doe',
      cn: 'Jane Doe',
      mail: 'jane.doe@example.com',
      mobile: '+15551234567',
      street: '123 Main Street',
      l: 'Springfield',
      postalCode: '62701',
    });
  });

  it.each([
    [accepted(true, false, false), { mobile: '+15551234567' }],
    [accepted(false, true, false), { mail: 'jane.doe@example.com' }],
    [
      accepted(false, false, true),
      { street: '123 Main Street', l: 'Springfield', postalCode: '62701' },
    ],
  ])('with %o shows only %o', (consent, contacts) => {
    const { schemas, id, uid, cn, ...shown } = marketingViewOf(JANE, consent);
    expect({ schemas, id, uid, cn }).toEqual({
      schemas: [SCIM_SCHEMAS.user],
      id: JANE.id,
      uid: 'jane.doe',
      cn: 'Jane Doe',
    });
    expect(shown).toEqual(contacts);
  });

  it.each([
    ['no consent', null],
    [
      'a revoked consent',
      { status: 'revoked', data: { sms: true, email: true, homeAddress: true } },
    ],
    [
      'a consent whose data is not a channel choice',
      { status: 'accepted', data: { 'share-balance': ['x'] } },
    ],
  ])('with %s shows the no-consent text and no contact data', (_case, consent) => {
    expect(marketingViewOf(JANE, consent)).toEqual({
      schemas: [SCIM_SCHEMAS.user],
      id: JANE.id,
      uid: 'jane.doe',
      cn: messages.marketing.noConsent,
    });
  });

  it('leaves out the placeholder mobile and blank values even for an opted-in channel', () => {
    const blank = { ...JANE, mobile: '0000000000', street: ' ', city: null };
    expect(marketingViewOf(blank, accepted(true, false, true))).toEqual({
      schemas: [SCIM_SCHEMAS.user],
      id: JANE.id,
      uid: 'jane.doe',
      cn: 'Jane Doe',
      postalCode: '62701',
    });
  });
});
