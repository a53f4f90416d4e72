import { PLAIN_DEVICE_KIND, deviceKindWords } from '@anybank/contracts';
import type { DeclaredDevice } from '../../challenge/device-kind';

/**
 * The passkeys (document 1 §4.5): one registered in this browser's platform authenticator
 * (listed where the browser has one: compatibility FULL), a roaming FIDO2 authenticator (only
 * the first listed), a security key.
 */
export const PASSKEY_DEVICES = {
  platform: {
    type: 'PLATFORM',
    kind: { ...deviceKindWords.platformPasskey, ...PLAIN_DEVICE_KIND, passkey: 'platform' },
    stepUp: 'passkey',
  },
  roaming: {
    type: 'FIDO2',
    kind: { ...deviceKindWords.passkey, ...PLAIN_DEVICE_KIND, passkey: 'any', listedOnce: true },
    stepUp: 'passkey',
  },
  securityKey: {
    type: 'SECURITY_KEY',
    kind: { ...deviceKindWords.securityKey, ...PLAIN_DEVICE_KIND, passkey: 'any' },
    stepUp: 'passkey',
  },
} as const satisfies Record<string, DeclaredDevice>;

/** Every passkey device type: a passkey-only account signs in with one of these alone. */
export const PASSKEY_DEVICE_TYPES: readonly string[] = Object.values(PASSKEY_DEVICES).map(
  (device) => device.type,
);
