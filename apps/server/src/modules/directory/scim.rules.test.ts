import { describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS, messages } from '@anybank/contracts';
import { marketingViewOf, scimPage, type CustomerEntry } from './scim.rules';

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

const SITE = 'https://bank.test/base';
/** What every view carries whatever the consent: SCIM's own attributes. */
const SCIM_OWN = {
  schemas: [SCIM_SCHEMAS.user],
  id: JANE.id,
  userName: 'jane.doe',
  uid: 'jane.doe',
  meta: { resourceType: 'User', location: `${SITE}/api/scim/v2/Users/${JANE.id}` },
};

function accepted(sms: boolean, email: boolean, homeAddress: boolean) {
  return { status: 'accepted', data: { sms, email, homeAddress } };
}

describe('what marketing sees of a customer', () => {
  it('shows every channel of a customer who opted into all three', () => {
    expect(marketingViewOf(JANE, accepted(true, true, true), SITE)).toEqual({
      ...SCIM_OWN,
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
    const { schemas, id, userName, uid, meta, cn, ...shown } = marketingViewOf(JANE, consent, SITE);
    expect({ schemas, id, userName, uid, meta, cn }).toEqual({ ...SCIM_OWN, cn: 'Jane Doe' });
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
    expect(marketingViewOf(JANE, consent, SITE)).toEqual({
      ...SCIM_OWN,
      cn: messages.marketing.noConsent,
    });
  });

  it('leaves out the placeholder mobile and blank values even for an opted-in channel', () => {
    const blank = { ...JANE, mobile: '0000000000', street: ' ', city: null };
    expect(marketingViewOf(blank, accepted(true, false, true), SITE)).toEqual({
      ...SCIM_OWN,
      cn: 'Jane Doe',
      postalCode: '62701',
    });
  });
});

describe('SCIM paging', () => {
  it.each([
    [
      { startIndex: 1, count: 10 },
      { startIndex: 1, count: 10 },
    ],
    // RFC 7644 §3.4.2.4: below 1 is 1, a negative count is 0.
    [
      { startIndex: 0, count: -1 },
      { startIndex: 1, count: 0 },
    ],
    [
      { startIndex: -7, count: 0 },
      { startIndex: 1, count: 0 },
    ],
    // More than a page asks for a full page.
    [
      { startIndex: 3, count: 500 },
      { startIndex: 3, count: 50 },
    ],
  ])('reads %o as %o', (query, page) => {
    expect(scimPage(query)).toEqual(page);
  });
});
