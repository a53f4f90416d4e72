import { describe, expect, it } from 'vitest';
import { declaredDevice, deviceKindOf } from './declared-devices';

describe('the device types the bank’s methods declare', () => {
  // Document 1 §4.5: which devices are passkeys (PLATFORM needs a platform authenticator),
  // listed once (FIDO2), or marked '(newest)' among those a person could mix up.
  it.each([
    [
      'iPhone',
      'AnyBank app',
      'the {{productName}} app on a phone',
      'push',
      null,
      false,
      'same-name',
    ],
    [
      'SMS',
      'Text message (SMS)',
      'a mobile number for text-message codes',
      'sms_code',
      null,
      false,
      null,
    ],
    ['Email', 'Email', 'an e-mail address for codes', 'email_code', null, false, null],
    [
      'TOTP',
      'Authenticator app',
      'an authenticator app',
      'authenticator_code',
      null,
      false,
      'same-kind',
    ],
    ['FIDO2', 'Passkey or security key', 'a passkey', 'passkey', 'any', true, null],
    ['PLATFORM', 'Passkey on this device', 'a passkey', 'passkey', 'platform', false, null],
    ['SECURITY_KEY', 'Security key', 'a security key', 'passkey', 'any', false, null],
  ] as const)(
    'declares %s as "%s" ("%s"), stepping up by %s',
    (type, label, words, stepUp, passkey, listedOnce, newestMarked) => {
      expect(declaredDevice(type)).toMatchObject({
        type,
        stepUp,
        kind: { label, words, passkey, listedOnce, newestMarked },
      });
    },
  );

  it('names a type no method declares plainly, and offers no step-up with it', () => {
    expect(declaredDevice('Pager')).toBeNull();
    expect(deviceKindOf('Pager')).toMatchObject({ label: 'Sign-in method', passkey: null });
  });
});
