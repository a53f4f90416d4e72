import { PASSKEY_DEVICE_TYPES } from '../factors/passkey/passkey.device';

/**
 * A passkey-only account: a customer with no password at all, who signs in with
 * their device ('Device' preference) and has at least one passkey, a FIDO2 authenticator that
 * verifies the user (screen lock, fingerprint). Forgot password never applies to such an
 * account; its recovery is an e-mailed code, then a new passkey.
 */
export interface PasskeyOnlyFacts {
  userType: string;
  passwordHash: string | null;
  authnPreference: string;
}

export { PASSKEY_DEVICE_TYPES };

export function isPasskeyOnly(
  user: PasskeyOnlyFacts,
  devices: readonly { type: string; credentialId?: string | null }[],
): boolean {
  return (
    user.userType === 'customer' &&
    user.passwordHash === null &&
    user.authnPreference === 'Device' &&
    devices.some((device) => PASSKEY_DEVICE_TYPES.includes(device.type) && !!device.credentialId)
  );
}
