import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/modules/directory/directory.store';
import {
  InvalidScimFilter,
  parseUidFilter,
  type UidCondition,
} from '../src/modules/directory/scim-filter.rules';
import { searchCustomers } from '../src/modules/directory/scim.store';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

/**
 * Every filter example of RFC 7644 §3.4.2.2, as the marketing lookup answers it. The directory
 * filters on userName (our uid) and schemas; an example naming any other attribute is refused
 * with `invalidFilter`, the RFC's answer (§3.12) for "the specified attribute and filter
 * comparison combination is not supported". The examples the directory answers are run against
 * sample users in a real database, through the SQL the lookup uses.
 */

type Outcome = { finds: string[] } | { refused: string };

/** The sample directory: the RFC's Barbara Jensen, two more customers, and a staff member. */
const CUSTOMERS = ['bjensen', 'jsmith', 'jdoe'];
const STAFF = 'jstaff';
const NOT_FILTERABLE = (attribute: string) =>
  `Only userName (uid) and schemas can be filtered on, not ${attribute}.`;

const RFC_7644_EXAMPLES: [filter: string, outcome: Outcome][] = [
  ['userName eq "bjensen"', { finds: ['bjensen'] }],
  [`name.familyName co "O'Malley"`, { refused: NOT_FILTERABLE('name.familyName') }],
  // userName is not caseExact (RFC 7643 §4.1.1): "J" finds jdoe and jsmith, never staff.
  ['userName sw "J"', { finds: ['jdoe', 'jsmith'] }],
  ['urn:ietf:params:scim:schemas:core:2.0:User:userName sw "J"', { finds: ['jdoe', 'jsmith'] }],
  ['title pr', { refused: NOT_FILTERABLE('title') }],
  ['meta.lastModified gt "2011-05-13T04:42:34Z"', { refused: NOT_FILTERABLE('meta.lastModified') }],
  ['meta.lastModified ge "2011-05-13T04:42:34Z"', { refused: NOT_FILTERABLE('meta.lastModified') }],
  ['meta.lastModified lt "2011-05-13T04:42:34Z"', { refused: NOT_FILTERABLE('meta.lastModified') }],
  ['meta.lastModified le "2011-05-13T04:42:34Z"', { refused: NOT_FILTERABLE('meta.lastModified') }],
  ['title pr and userType eq "Employee"', { refused: NOT_FILTERABLE('title') }],
  ['title pr or userType eq "Intern"', { refused: NOT_FILTERABLE('title') }],
  // Every user's schemas is the core User schema alone: no one has the enterprise extension.
  ['schemas eq "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"', { finds: [] }],
  [
    'userType eq "Employee" and (emails co "example.com" or emails.value co "example.org")',
    { refused: NOT_FILTERABLE('userType') },
  ],
  [
    'userType ne "Employee" and not (emails co "example.com" or emails.value co "example.org")',
    { refused: NOT_FILTERABLE('userType') },
  ],
  ['userType eq "Employee" and (emails.type eq "work")', { refused: NOT_FILTERABLE('userType') }],
  [
    'userType eq "Employee" and emails[type eq "work" and value co "@example.com"]',
    { refused: NOT_FILTERABLE('userType') },
  ],
  [
    'emails[type eq "work" and value co "@example.com"] or ims[type eq "xmpp" and value co "@foo.com"]',
    { refused: 'The directory has no multi-valued attribute emails to filter within.' },
  ],
];

/** The same grammar on what the directory does answer: operators, grouping, negation. */
const ANSWERED: [filter: string, outcome: Outcome][] = [
  [
    'schemas eq "urn:ietf:params:scim:schemas:core:2.0:User"',
    { finds: ['bjensen', 'jdoe', 'jsmith'] },
  ],
  ['userName pr and not (userName eq "BJensen")', { finds: ['jdoe', 'jsmith'] }],
  ['userName ew "smith" or (userName co "ens" and schemas pr)', { finds: ['bjensen', 'jsmith'] }],
  ['userName ne "jdoe"', { finds: ['bjensen', 'jsmith'] }],
  ['userName gt "j"', { refused: 'The operator gt is not supported for uid.' }],
  ['schemas le "z"', { refused: 'The operator le is not supported for schemas.' }],
];

const ALL = [...RFC_7644_EXAMPLES, ...ANSWERED];

function refusalOf(filter: string): InvalidScimFilter | null {
  try {
    parseUidFilter(filter);
    return null;
  } catch (error) {
    if (error instanceof InvalidScimFilter) return error;
    throw error;
  }
}

describe('the filter examples of RFC 7644 §3.4.2.2', () => {
  it('lists all seventeen of them', () => {
    expect(RFC_7644_EXAMPLES).toHaveLength(17);
  });

  it.each(ALL)('%s is parsed or refused as invalidFilter', (filter, outcome) => {
    const refusal = refusalOf(filter);
    if ('refused' in outcome) expect(refusal?.detail).toBe(outcome.refused);
    else expect(refusal).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('the examples the directory answers, on %s', (kind) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const people = [...CUSTOMERS.map((uid) => [uid, 'customer']), [STAFF, 'AnyMarketing']];
    for (const [uid, userType] of people as [string, string][]) {
      await insertUser(test.handle.db, {
        uid,
        firstName: uid.slice(0, 1).toUpperCase(),
        lastName: uid.slice(1),
        email: `${uid}@example.com`,
        userType,
      });
    }
  });
  afterAll(async () => {
    await test.drop();
  });

  const answered = ALL.filter((row): row is [string, { finds: string[] }] => 'finds' in row[1]);
  it.each(answered)('%s finds %j', async (filter, { finds }) => {
    const condition: UidCondition = parseUidFilter(filter);
    const { total, customers } = await searchCustomers(test.handle.db, condition, {
      offset: 0,
      limit: 50,
    });
    expect(customers.map((customer) => customer.uid)).toEqual(finds);
    expect(total).toBe(finds.length);
  });
});
