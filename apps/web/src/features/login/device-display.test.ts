import { describe, expect, it } from 'vitest';
import type { DeviceKind, FlowDevice } from '@anybank/contracts';
import type { FidoCompatibility } from './fido-compatibility';
import { NEWEST_MARK, displayedDevices, pairingOptions } from './device-display';

const HOST = 'bank.example';

// The kinds as the server's methods declare them (identity's declared devices): the list
// reads only these traits.
const plain = { passkey: null, listedOnce: false, newestMarked: null } as const;
const words = { label: 'L', words: 'w', short: 's' };
const KINDS: Record<string, DeviceKind> = {
  Email: { ...words, ...plain },
  SMS: { ...words, ...plain },
  iPhone: { ...words, ...plain, newestMarked: 'same-name' },
  TOTP: { ...words, ...plain, newestMarked: 'same-kind' },
  FIDO2: { ...words, ...plain, passkey: 'any', listedOnce: true },
  PLATFORM: { ...words, ...plain, passkey: 'platform' },
  SECURITY_KEY: { ...words, ...plain, passkey: 'any' },
};
let next = 0;
function device(type: string, name: string, extra: Partial<FlowDevice> = {}): FlowDevice {
  next += 1;
  const kind = KINDS[type] ?? { ...words, ...plain };
  return { id: `d${next}`, type, kind, name, target: null, rpId: null, ...extra };
}
const email = device('Email', 'Email', { target: 'j*****e@example.com' });
const sms = device('SMS', 'SMS', { target: '+1******4567' });
const iphoneA = device('iPhone', 'iPhone');
const iphoneB = device('iPhone', 'iPhone');
const iphoneOther = device('iPhone', 'Work phone');
const totpA = device('TOTP', 'Authenticator app');
const totpB = device('TOTP', 'Authenticator app');
const fido2A = device('FIDO2', 'FIDO2 authenticator', { rpId: HOST });
const fido2B = device('FIDO2', 'FIDO2 authenticator', { rpId: HOST });
const platform = device('PLATFORM', 'This device (passkey)', { rpId: HOST });
const securityKey = device('SECURITY_KEY', 'Security key', { rpId: HOST });
const foreignKey = device('SECURITY_KEY', 'Security key', { rpId: 'other.example' });

describe('the sign-in method list (§4.5)', () => {
  it.each<{
    case: string;
    devices: FlowDevice[];
    compatibility: FidoCompatibility;
    labels: string[];
    note: boolean;
  }>([
    {
      case: 'plain methods as they come',
      devices: [email, sms],
      compatibility: 'FULL',
      labels: ['Email', 'SMS'],
      note: false,
    },
    {
      case: 'two iPhones of one name: the newest (last) is marked',
      devices: [iphoneA, email, iphoneB],
      compatibility: 'FULL',
      labels: ['iPhone', 'Email', `iPhone ${NEWEST_MARK}`],
      note: true,
    },
    {
      case: 'two iPhones of different names: nothing to mark',
      devices: [iphoneA, iphoneOther],
      compatibility: 'FULL',
      labels: ['iPhone', 'Work phone'],
      note: false,
    },
    {
      case: 'more than one authenticator app: the newest is marked',
      devices: [totpA, sms, totpB],
      compatibility: 'NONE',
      labels: ['Authenticator app', 'SMS', `Authenticator app ${NEWEST_MARK}`],
      note: true,
    },
    {
      case: 'one authenticator app: not marked',
      devices: [totpA, email],
      compatibility: 'NONE',
      labels: ['Authenticator app', 'Email'],
      note: false,
    },
    {
      case: 'no WebAuthn: no FIDO method at all',
      devices: [email, fido2A, platform, securityKey],
      compatibility: 'NONE',
      labels: ['Email'],
      note: false,
    },
    {
      case: 'security keys only: no platform passkey',
      devices: [email, platform, securityKey],
      compatibility: 'SECURITY_KEY_ONLY',
      labels: ['Email', 'Security key'],
      note: false,
    },
    {
      case: 'full support: the platform passkey too',
      devices: [platform, securityKey],
      compatibility: 'FULL',
      labels: ['This device (passkey)', 'Security key'],
      note: false,
    },
    {
      case: "another host's authenticator is left out",
      devices: [foreignKey, email],
      compatibility: 'FULL',
      labels: ['Email'],
      note: false,
    },
    {
      case: 'only the first FIDO2 entry is shown',
      devices: [fido2A, email, fido2B],
      compatibility: 'SECURITY_KEY_ONLY',
      labels: ['FIDO2 authenticator', 'Email'],
      note: false,
    },
  ])('$case', ({ devices, compatibility, labels, note }) => {
    const list = displayedDevices(devices, { compatibility, host: HOST });
    expect(list.devices.map((entry) => entry.label)).toEqual(labels);
    expect(list.showNewestNote).toBe(note);
  });

  it('keeps the device itself with its label, and prefers a nickname', () => {
    const named = device('iPhone', 'iPhone', { nickname: "Jane's phone" });
    const [entry] = displayedDevices([named], { compatibility: 'FULL', host: HOST }).devices;
    expect(entry).toEqual({ device: named, label: "Jane's phone", newest: false });
  });
});

describe('the add-device list (§3.5, §4.5)', () => {
  const ALL = [
    { deviceType: 'SMS', label: 'Text message (SMS)', listed: 'shown' },
    { deviceType: 'Email', label: 'Email', listed: 'shown' },
    { deviceType: 'Mobile', label: 'AnyBank app', listed: 'hidden' },
    { deviceType: 'AuthenticatorApp', label: 'Authenticator app', listed: 'shown' },
    { deviceType: 'FIDO2', label: 'Passkey or security key (FIDO2)', listed: 'with-webauthn' },
  ] as const;

  it.each<[FidoCompatibility, string[]]>([
    ['FULL', ['SMS', 'Email', 'AuthenticatorApp', 'FIDO2']],
    ['SECURITY_KEY_ONLY', ['SMS', 'Email', 'AuthenticatorApp', 'FIDO2']],
    ['NONE', ['SMS', 'Email', 'AuthenticatorApp']],
  ])('with compatibility %s offers %j; Mobile is always hidden', (compatibility, shown) => {
    const options = pairingOptions([...ALL], compatibility);
    expect(options.map((option) => option.key)).toEqual([
      'SMS',
      'Email',
      'Mobile',
      'AuthenticatorApp',
      'FIDO2',
    ]);
    expect(options.filter((option) => !option.hidden).map((option) => option.key)).toEqual(shown);
  });

  it('labels each option with the words the server sends', () => {
    expect(pairingOptions([ALL[3]], 'FULL')).toEqual([
      { key: 'AuthenticatorApp', label: 'Authenticator app', hidden: false },
    ]);
  });
});
