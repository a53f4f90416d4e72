import { describe, expect, it } from 'vitest';
import {
  adminSettingsOf,
  checkThresholds,
  directoryEntryPath,
  otherTier,
  parseWholeNumber,
  userDn,
} from './admin';
import { messages } from './messages';

const { admin } = messages;

/** Document 2 §5 "Admin thresholds", row by row: what the form and the server both answer. */
const THRESHOLD_TABLE: {
  rule: string;
  ciba: unknown;
  deny: unknown;
  expected: { ciba: number; deny: number } | { ciba?: string; deny?: string };
}[] = [
  {
    rule: 'the defaults are accepted',
    ciba: '1000',
    deny: '10000',
    expected: { ciba: 1000, deny: 10000 },
  },
  {
    rule: 'the e2e pair 50/100 is accepted',
    ciba: '50',
    deny: '100',
    expected: { ciba: 50, deny: 100 },
  },
  { rule: 'the smallest pair is CIBA 1, deny 2', ciba: 1, deny: 2, expected: { ciba: 1, deny: 2 } },
  {
    rule: 'spaces around a number are ignored',
    ciba: ' 75 ',
    deny: '150 ',
    expected: { ciba: 75, deny: 150 },
  },
  { rule: 'CIBA is required', ciba: '', deny: '100', expected: { ciba: admin.cibaRequired } },
  { rule: 'deny is required', ciba: '50', deny: '  ', expected: { deny: admin.denyRequired } },
  {
    rule: 'both missing are both reported',
    ciba: undefined,
    deny: null,
    expected: { ciba: admin.cibaRequired, deny: admin.denyRequired },
  },
  {
    rule: 'CIBA is whole dollars',
    ciba: '1.5',
    deny: '100',
    expected: { ciba: admin.wholeDollars },
  },
  { rule: 'deny is whole dollars', ciba: '50', deny: 99.5, expected: { deny: admin.wholeDollars } },
  {
    rule: 'letters are not a number',
    ciba: 'ten',
    deny: '100',
    expected: { ciba: admin.wholeDollars },
  },
  {
    rule: 'an exponent is not a whole number',
    ciba: '1e3',
    deny: '1e4',
    expected: { ciba: admin.wholeDollars, deny: admin.wholeDollars },
  },
  { rule: 'CIBA minimum is 1', ciba: '0', deny: '100', expected: { ciba: admin.cibaTooLow(1) } },
  {
    rule: 'a negative CIBA is below the minimum',
    ciba: '-3',
    deny: '100',
    expected: { ciba: admin.cibaTooLow(1) },
  },
  { rule: 'deny minimum is 2', ciba: '50', deny: '1', expected: { deny: admin.denyTooLow(2) } },
  {
    rule: 'a threshold above a billion dollars is refused',
    ciba: '50',
    deny: '1000000001',
    expected: { deny: admin.thresholdTooHigh('$1,000,000,000') },
  },
  {
    rule: 'CIBA equal to deny is refused',
    ciba: '100',
    deny: '100',
    expected: { deny: admin.denyAboveCiba },
  },
  {
    rule: 'CIBA above deny is refused',
    ciba: '150',
    deny: '100',
    expected: { deny: admin.denyAboveCiba },
  },
  {
    rule: 'CIBA 1 with deny 1 breaks the deny minimum, not the order',
    ciba: '1',
    deny: '1',
    expected: { deny: admin.denyTooLow(2) },
  },
];

describe('admin thresholds (document 2 §5)', () => {
  it.each(THRESHOLD_TABLE)('$rule', ({ ciba, deny, expected }) => {
    const result = checkThresholds({ ciba, deny });
    if ('ciba' in expected && typeof expected.ciba === 'number') {
      expect(result).toEqual({ ok: true, ...expected });
      return;
    }
    expect(result.ok).toBe(false);
    const byField = Object.fromEntries(
      (result.ok ? [] : result.problems).map((problem) => [problem.field, problem.message]),
    );
    expect(byField).toEqual(expected);
  });

  it('the order message is the spec’s, word for word', () => {
    expect(admin.denyAboveCiba).toBe(
      'Please enter a Deny Minimum Threshold that is greater than the CIBA Minimum Threshold',
    );
  });

  it.each([
    ['', 'blank'],
    [undefined, 'blank'],
    ['42', 42],
    ['+7', 7],
    [12, 12],
    [12.5, null],
    ['12.0', null],
    [true, null],
  ] as const)('parseWholeNumber(%j) is %j', (input, expected) => {
    expect(parseWholeNumber(input)).toBe(expected);
  });
});

describe('the directory entry of the admin page', () => {
  it('names a user by uid under People of the base DN, in one encoded path segment', () => {
    expect(userDn('john.smith')).toBe('uid=john.smith,ou=People,dc=anybank,dc=example');
    expect(directoryEntryPath('john.smith')).toBe(
      '/api/directory/v1/uid%3Djohn.smith%2Cou%3DPeople%2Cdc%3Danybank%2Cdc%3Dexample',
    );
  });

  it('reads stored thresholds and tier, and the defaults when they are unset', () => {
    expect(
      adminSettingsOf(
        {
          _dn: userDn('john.smith'),
          anybankCibaThreshold: [50],
          anybankDenyThreshold: ['100'],
          anybankAccountTier: ['premier'],
        },
        'anybank',
      ),
    ).toEqual({ cibaThreshold: 50, denyThreshold: 100, accountTier: 'premier' });
    expect(adminSettingsOf({ _dn: userDn('jane.doe') }, 'anybank')).toEqual({
      cibaThreshold: 1000,
      denyThreshold: 10000,
      accountTier: 'personal',
    });
  });

  it('toggles the tier personal ↔ premier', () => {
    expect(otherTier('personal')).toBe('premier');
    expect(otherTier('premier')).toBe('personal');
  });
});
