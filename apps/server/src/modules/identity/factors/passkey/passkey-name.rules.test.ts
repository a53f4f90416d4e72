import { describe, expect, it } from 'vitest';
import {
  KNOWN_AAGUIDS,
  PASSKEY_NAME_MAX,
  cleanPasskeyName,
  passkeyNameOf,
} from './passkey-name.rules';

describe('a new passkey’s name', () => {
  it.each([
    ['ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4', 'Google Password Manager'],
    ['FBFC3007-154E-4ECC-8C0B-6E020557D7BD', 'iCloud Keychain'],
    ['cb69481e-8ff7-4039-93ec-0a2729a154a8', 'YubiKey 5 Series'],
    ['00000000-0000-0000-0000-000000000000', 'Security key'],
    ['12345678-1234-1234-1234-123456789abc', 'Security key'],
    [null, 'Security key'],
  ])('from AAGUID %s is %s', (aaguid, name) => {
    expect(passkeyNameOf(aaguid, 'Security key')).toBe(name);
  });

  it('knows every listed AAGUID in its lowercase form', () => {
    for (const aaguid of Object.keys(KNOWN_AAGUIDS)) {
      expect(aaguid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

describe('a name the customer gives', () => {
  it.each([
    ['  My phone  ', 'My phone'],
    ['Work\nkey\t2', 'Work key 2'],
    ['', null],
    ['   ', null],
    ['x'.repeat(PASSKEY_NAME_MAX), 'x'.repeat(PASSKEY_NAME_MAX)],
    ['x'.repeat(PASSKEY_NAME_MAX + 1), null],
  ])('%j becomes %j', (input, name) => {
    expect(cleanPasskeyName(input)).toBe(name);
  });
});
