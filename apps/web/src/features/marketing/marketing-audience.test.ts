import { describe, expect, it } from 'vitest';
import { BLANK_PLACEHOLDER, SCIM_SCHEMAS, messages } from '@anybank/contracts';
import type { ScimUser } from '@anybank/contracts';
import {
  campaignResults,
  channelReach,
  reachableCustomers,
  segmentCounts,
  segmentOf,
} from './marketing-audience';

function user(fields: Partial<ScimUser> & Pick<ScimUser, 'uid' | 'cn'>): ScimUser {
  const id = `id-${fields.uid}`;
  const meta = { resourceType: 'User' as const, location: `https://bank.test/Users/${id}` };
  return { schemas: [SCIM_SCHEMAS.user], id, userName: fields.uid, meta, ...fields };
}

/** As SCIM returns the seeded customers: only the channels each opted into. */
const USERS: ScimUser[] = [
  user({ uid: 'ava.thomas', cn: messages.marketing.noConsent }),
  user({
    uid: 'emily.chen',
    cn: 'Emily Chen',
    mail: 'e@example.com',
    mobile: '+16175550142',
    street: '8 Harbor Road',
    l: 'Boston',
    postalCode: '02110',
  }),
  user({ uid: 'jane.doe', cn: 'Jane Doe', mail: 'j@example.com', mobile: '+15551234567' }),
  user({
    uid: 'john.smith',
    cn: 'John Smith',
    mail: 'js@example.com',
    street: '42 Oak Avenue',
    l: 'Portland',
    postalCode: '97201',
  }),
  user({ uid: 'mia.jackson', cn: 'Mia Jackson', street: '18 Canal Street', l: 'New Orleans' }),
  user({ uid: 'michael.brown', cn: 'Michael Brown' }),
  user({ uid: 'placeholder', cn: 'Pat Holder', mobile: BLANK_PLACEHOLDER }),
];

describe('the marketing audience', () => {
  const customers = reachableCustomers(USERS);

  it('keeps the customers who opted in, each with the channels SCIM gave for them', () => {
    expect(
      customers.map((customer) => [customer.uid, customer.channels.join(','), customer.city]),
    ).toEqual([
      ['emily.chen', 'email,sms,post', 'Boston'],
      ['jane.doe', 'email,sms', null],
      ['john.smith', 'email,post', 'Portland'],
      ['mia.jackson', 'post', 'New Orleans'],
      ['michael.brown', '', null],
      ['placeholder', '', null],
    ]);
    expect(customers.map((customer) => customer.name)).not.toContain(messages.marketing.noConsent);
  });

  it('counts how many customers each channel reaches', () => {
    expect(channelReach(customers)).toEqual({ email: 3, sms: 2, post: 3 });
    expect(channelReach([])).toEqual({ email: 0, sms: 0, post: 0 });
  });

  it('names a segment by the channels chosen together, largest segment first', () => {
    expect(segmentOf(['post', 'email'])).toBe('E-mail and Postal mail');
    expect(segmentOf(['email', 'sms', 'post'])).toBe('E-mail, SMS/TXT, and Postal mail');
    expect(segmentCounts(customers)).toEqual([
      { segment: 'Opted in, no contact details', count: 2 },
      { segment: 'E-mail and Postal mail', count: 1 },
      { segment: 'E-mail and SMS/TXT', count: 1 },
      { segment: 'E-mail, SMS/TXT, and Postal mail', count: 1 },
      { segment: 'Postal mail', count: 1 },
    ]);
  });

  it("sends each campaign to its channel's reach and applies its sample rates", () => {
    const results = campaignResults(
      [{ name: 'Spring', channel: 'email', openRate: 0.5, responseRate: 0.34 }],
      { email: 3, sms: 2, post: 3 },
    );
    expect(results).toEqual([
      {
        campaign: { name: 'Spring', channel: 'email', openRate: 0.5, responseRate: 0.34 },
        sent: 3,
        opened: 2,
        responded: 1,
      },
    ]);
  });
});
