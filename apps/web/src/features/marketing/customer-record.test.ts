import { describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS, messages } from '@anybank/contracts';
import type { ScimUser } from '@anybank/contracts';
import { customerSuggestions, mailAddressOf, recordFields } from './customer-record';

function user(fields: Partial<ScimUser> & Pick<ScimUser, 'uid' | 'cn'>): ScimUser {
  const id = `id-${fields.uid}`;
  const meta = { resourceType: 'User' as const, location: `https://bank.test/Users/${id}` };
  return { schemas: [SCIM_SCHEMAS.user], id, userName: fields.uid, meta, ...fields };
}

const JANE = user({
  uid: 'jane.doe',
  cn: 'Jane Doe',
  mail: 'jane.doe@example.com',
  mobile: '+15551234567',
});
const JOHN = user({
  uid: 'john.smith',
  cn: 'John Smith',
  mail: 'john.smith@example.com',
  street: '42 Oak Avenue',
  l: 'Portland',
  postalCode: '97201',
});
const MICHAEL = user({ uid: 'michael.brown', cn: messages.marketing.noConsent });

describe('the Record Overview', () => {
  it('shows the channels a customer opted into and leaves the others blank', () => {
    expect(recordFields(JANE)).toEqual([
      { label: 'Name', value: 'Jane Doe' },
      { label: 'Mail address', value: null },
      { label: 'Email address', value: 'jane.doe@example.com' },
      { label: 'SMS/TXT phone', value: '+15551234567' },
    ]);
    expect(recordFields(JOHN).map((field) => field.value)).toEqual([
      'John Smith',
      '42 Oak Avenue, Portland 97201',
      'john.smith@example.com',
      null,
    ]);
  });

  it('shows the no-consent text as the name of a customer who opted out, and nothing else', () => {
    expect(recordFields(MICHAEL).map((field) => field.value)).toEqual([
      messages.marketing.noConsent,
      null,
      null,
      null,
    ]);
  });

  it('treats the placeholder 0000000000 as blank', () => {
    const placeholder = user({ uid: 'noah.white', cn: 'Noah White', mobile: '0000000000' });
    expect(recordFields(placeholder)[3]).toEqual({ label: 'SMS/TXT phone', value: null });
  });

  it('writes whatever part of the mail address there is', () => {
    expect(mailAddressOf({ street: '42 Oak Avenue' })).toBe('42 Oak Avenue');
    expect(mailAddressOf({ l: 'Portland', postalCode: '97201' })).toBe('Portland 97201');
    expect(mailAddressOf({})).toBeNull();
  });
});

describe('the customer search suggestions', () => {
  it('suggest usernames, with the name of customers who opted in', () => {
    expect(customerSuggestions([JANE, MICHAEL])).toEqual([
      { id: 'jane.doe', label: 'jane.doe', detail: 'Jane Doe' },
      { id: 'michael.brown', label: 'michael.brown' },
    ]);
  });
});
