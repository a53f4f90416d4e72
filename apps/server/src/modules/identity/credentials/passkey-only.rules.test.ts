import { describe, expect, it } from 'vitest';
import { isPasskeyOnly } from './passkey-only.rules';

const passkey = { type: 'PLATFORM', credentialId: 'cred-1' };
const email = { type: 'Email', credentialId: null };
const customer = { userType: 'customer', passwordHash: null, authnPreference: 'Device' };

describe('which accounts are passkey-only', () => {
  it.each([
    ['a customer with no password, Device preference and a passkey', customer, [passkey], true],
    [
      'a customer whose passkey is a security key',
      customer,
      [{ ...passkey, type: 'SECURITY_KEY' }],
      true,
    ],
    ['a customer with a password as well', { ...customer, passwordHash: 'h' }, [passkey], false],
    [
      'a customer who signs in with a password',
      { ...customer, authnPreference: 'Password' },
      [passkey],
      false,
    ],
    ['a customer with no passkey, only an e-mail device', customer, [email], false],
    [
      'a FIDO2 device without a credential',
      customer,
      [{ type: 'FIDO2', credentialId: null }],
      false,
    ],
    [
      'partner staff with no password',
      { ...customer, userType: 'AnyWealthAdvisor' },
      [passkey],
      false,
    ],
  ])('%s', (_name, user, devices, expected) => {
    expect(isPasskeyOnly(user, devices)).toBe(expected);
  });
});
