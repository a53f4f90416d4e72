import { describe, expect, it } from 'vitest';
import { scimUidEquals, scimUidStartsWith } from '@anybank/contracts';
import { InvalidScimFilter, parseUidFilter } from './scim-filter.rules';

describe('SCIM user filters', () => {
  it.each([
    ['uid eq "jane.doe"', { op: 'eq', value: 'jane.doe' }],
    ['UID sw "ja"', { op: 'sw', value: 'ja' }],
    ['userName co "doe"', { op: 'co', value: 'doe' }],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName ew ".doe"', { op: 'ew', value: '.doe' }],
    ['uid pr', { op: 'pr' }],
    [
      'uid sw "ja" or not (uid eq "jane.doe")',
      {
        op: 'or',
        conditions: [
          { op: 'sw', value: 'ja' },
          { op: 'not', condition: { op: 'eq', value: 'jane.doe' } },
        ],
      },
    ],
    [
      'uid sw "j" and uid ne "john.smith"',
      {
        op: 'and',
        conditions: [
          { op: 'sw', value: 'j' },
          { op: 'ne', value: 'john.smith' },
        ],
      },
    ],
  ])('reads %s', (filter, condition) => {
    expect(parseUidFilter(filter)).toEqual(condition);
  });

  it.each([
    ['uid eq', 'not valid SCIM filter syntax'],
    ['uid eq "jane', 'not valid SCIM filter syntax'],
    ['uid is "jane"', 'not valid SCIM filter syntax'],
    ['', 'not valid SCIM filter syntax'],
    [
      'mail eq "jane.doe@example.com"',
      'Only userName (uid) and schemas can be filtered on, not mail.',
    ],
    ['emails[type eq "work"]', 'no multi-valued attribute emails'],
    ['uid gt "a"', 'The operator gt is not supported for uid.'],
    ['uid eq 5', 'uid is compared with a quoted string.'],
    ['uid eq "x" and mobile pr', 'Only userName (uid) and schemas can be filtered on, not mobile.'],
  ])('refuses %j as an invalid filter (%s)', (filter, detail) => {
    expect(() => parseUidFilter(filter)).toThrow(InvalidScimFilter);
    expect(() => parseUidFilter(filter)).toThrow(detail);
  });

  it('reads back what the portals’ filter helpers write, quotes included', () => {
    expect(parseUidFilter(scimUidEquals('jane.doe'))).toEqual({ op: 'eq', value: 'jane.doe' });
    expect(parseUidFilter(scimUidStartsWith('o"b\\x'))).toEqual({ op: 'sw', value: 'o"b\\x' });
  });
});
