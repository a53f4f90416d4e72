import { describe, expect, it } from 'vitest';
import { messages, userDn } from '@anybank/contracts';
import {
  applyChanges,
  changesOfPatch,
  changesOfPut,
  directoryEntryOf,
  uidOfDn,
  type AdminAttributes,
  type RequestedChanges,
} from './directory-entry.rules';

const PRODUCT = 'anybank';
const DEFAULTS: AdminAttributes = {
  cibaThreshold: null,
  denyThreshold: null,
  accountTier: 'personal',
};

describe('which user a DN names', () => {
  it.each([
    ['uid=john.smith,ou=People,dc=anybank,dc=example', 'john.smith'],
    ['UID=John.Smith,OU=people,DC=AnyBank,DC=Example', 'john.smith'],
    ['uid = jane.doe, ou=People, dc=anybank, dc=example', 'jane.doe'],
    ['uid=john.smith,ou=Partners,dc=anybank,dc=example', null],
    ['uid=john.smith,ou=People,dc=other,dc=example', null],
    ['uid=john.smith,ou=People,dc=anybank,dc=example,dc=more', null],
    ['cn=John Smith,ou=People,dc=anybank,dc=example', null],
    ['uid=,ou=People,dc=anybank,dc=example', null],
    ['john.smith', null],
  ])('%s → %s', (dn, uid) => {
    expect(uidOfDn(dn)).toBe(uid);
  });
});

/** Applies a request to the stored attributes; answers the outcome by attribute name. */
function apply(current: AdminAttributes, changes: RequestedChanges) {
  const result = applyChanges(current, changes, PRODUCT);
  if (result.ok) return { next: result.next, changed: result.changed };
  return { problems: Object.fromEntries(result.problems.map((p) => [p.field, p.message])) };
}

describe('changing the admin attributes (document 2 §5 on the server)', () => {
  it.each<{
    rule: string;
    current?: AdminAttributes;
    changes: RequestedChanges;
    expected: ReturnType<typeof apply>;
  }>([
    {
      rule: 'both thresholds are set together',
      changes: { cibaThreshold: ['50'], denyThreshold: ['100'] },
      expected: {
        next: { cibaThreshold: 50, denyThreshold: 100, accountTier: 'personal' },
        changed: ['cibaThreshold', 'denyThreshold'],
      },
    },
    {
      rule: 'CIBA alone is checked against the default deny threshold',
      changes: { cibaThreshold: [20000] },
      expected: { problems: { anybankDenyThreshold: messages.admin.denyAboveCiba } },
    },
    {
      rule: 'CIBA alone below the stored deny threshold is accepted',
      current: { cibaThreshold: 50, denyThreshold: 100, accountTier: 'personal' },
      changes: { cibaThreshold: [99] },
      expected: {
        next: { cibaThreshold: 99, denyThreshold: 100, accountTier: 'personal' },
        changed: ['cibaThreshold'],
      },
    },
    {
      rule: 'deny alone cannot drop to the stored CIBA threshold',
      current: { cibaThreshold: 50, denyThreshold: 100, accountTier: 'personal' },
      changes: { denyThreshold: ['50'] },
      expected: { problems: { anybankDenyThreshold: messages.admin.denyAboveCiba } },
    },
    {
      rule: 'removing both thresholds goes back to the defaults',
      current: { cibaThreshold: 50, denyThreshold: 100, accountTier: 'personal' },
      changes: { cibaThreshold: [], denyThreshold: [] },
      expected: { next: DEFAULTS, changed: ['cibaThreshold', 'denyThreshold'] },
    },
    {
      rule: 'removing only deny is refused when the stored CIBA is above the default deny',
      current: { cibaThreshold: 20000, denyThreshold: 30000, accountTier: 'personal' },
      changes: { denyThreshold: [] },
      expected: { problems: { anybankDenyThreshold: messages.admin.denyAboveCiba } },
    },
    {
      rule: 'a CIBA threshold of 0 breaks the minimum',
      changes: { cibaThreshold: [0], denyThreshold: [100] },
      expected: { problems: { anybankCibaThreshold: messages.admin.cibaTooLow(1) } },
    },
    {
      rule: 'a fraction is not whole dollars',
      changes: { cibaThreshold: ['50'], denyThreshold: ['100.50'] },
      expected: { problems: { anybankDenyThreshold: messages.admin.wholeDollars } },
    },
    {
      rule: 'a threshold takes one value',
      changes: { cibaThreshold: ['50', '60'], denyThreshold: ['100'] },
      expected: {
        problems: { anybankCibaThreshold: 'anybankCibaThreshold takes a single value.' },
      },
    },
    {
      rule: 'the tier becomes premier',
      changes: { accountTier: ['premier'] },
      expected: { next: { ...DEFAULTS, accountTier: 'premier' }, changed: ['accountTier'] },
    },
    {
      rule: 'removing the tier is personal again',
      current: { ...DEFAULTS, accountTier: 'premier' },
      changes: { accountTier: [] },
      expected: { next: DEFAULTS, changed: ['accountTier'] },
    },
    {
      rule: 'an unknown tier is refused',
      changes: { accountTier: ['gold'] },
      expected: { problems: { anybankAccountTier: 'The account tier is personal or premier.' } },
    },
    {
      rule: 'setting what is stored changes nothing',
      current: { cibaThreshold: 50, denyThreshold: 100, accountTier: 'premier' },
      changes: { cibaThreshold: [50], accountTier: ['premier'] },
      expected: {
        next: { cibaThreshold: 50, denyThreshold: 100, accountTier: 'premier' },
        changed: [],
      },
    },
  ])('$rule', ({ current = DEFAULTS, changes, expected }) => {
    expect(apply(current, changes)).toEqual(expected);
  });
});

describe('reading PUT and PATCH bodies', () => {
  const dn = userDn('john.smith');

  it('PUT takes the writable attributes, in any case, and null removes one', () => {
    expect(
      changesOfPut(
        {
          _dn: dn,
          anybankcibathreshold: [50],
          anybankDenyThreshold: null,
          anybankAccountTier: 'premier',
        },
        dn,
        PRODUCT,
      ),
    ).toEqual({
      ok: true,
      changes: { cibaThreshold: [50], denyThreshold: [], accountTier: ['premier'] },
    });
  });

  it('PUT refuses other attributes and a new DN, naming each', () => {
    const result = changesOfPut(
      { _dn: userDn('jane.doe'), mail: ['x@example.com'], anybankCibaThreshold: [50] },
      dn,
      PRODUCT,
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual([
      '_dn',
      'mail',
    ]);
  });

  it('PATCH set replaces values, set without values removes, other types are refused', () => {
    expect(
      changesOfPatch(
        {
          modifications: [
            { attributeName: 'anybankAccountTier', modificationType: 'set', values: ['premier'] },
            { attributeName: 'anybankCibaThreshold', modificationType: 'set' },
          ],
        },
        PRODUCT,
      ),
    ).toEqual({ ok: true, changes: { accountTier: ['premier'], cibaThreshold: [] } });
    const refused = changesOfPatch(
      {
        modifications: [
          { attributeName: 'anybankDenyThreshold', modificationType: 'increment', values: [5] },
          { attributeName: 'userPassword', modificationType: 'set', values: ['Secret123!abc'] },
        ],
      },
      PRODUCT,
    );
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.problems.map((problem) => problem.field)).toEqual([
      'anybankDenyThreshold',
      'userPassword',
    ]);
  });
});

describe('the entry as the API writes it', () => {
  it('lists attributes as values, leaves unset ones out and never carries the password', () => {
    const entry = directoryEntryOf(
      {
        uid: 'john.smith',
        firstName: 'John',
        lastName: 'Smith',
        email: 'john.smith@example.com',
        mobile: null,
        street: '42 Oak Avenue',
        city: 'Portland',
        postalCode: '97201',
        authnPreference: 'Device',
        accountTier: 'personal',
        cibaThreshold: 50,
        denyThreshold: null,
        accountTransferAmountCents: 7500,
      },
      ['acc-1', 'acc-2', 'acc-3'],
      PRODUCT,
    );
    expect(entry).toMatchObject({
      _dn: 'uid=john.smith,ou=People,dc=anybank,dc=example',
      uid: ['john.smith'],
      cn: ['John Smith'],
      l: ['Portland'],
      anybankCibaThreshold: [50],
      anybankAccountTier: ['personal'],
      anybankUserAuthnPreferences: ['Device'],
      anybankAccountTransferAmount: ['75.00'],
      anybankUserAccountIDs: { ids: ['acc-1', 'acc-2', 'acc-3'] },
    });
    expect(entry).not.toHaveProperty('anybankDenyThreshold');
    expect(entry).not.toHaveProperty('mobile');
    expect(entry).not.toHaveProperty('userPassword');
  });
});
