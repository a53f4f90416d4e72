/**
 * What a new passkey is called, from the AAGUID its authenticator reports at
 * registration: the well-known ones by their maker's name, the rest by what kind of device it
 * is. The customer can rename it; the name is only for them to tell their passkeys apart.
 * AAGUIDs from the community list (github.com/passkeydeveloper/passkey-authenticator-aaguids).
 */
export const KNOWN_AAGUIDS: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain (Managed)',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  'b84e4048-15dc-4dd0-8640-f4f60813c8af': 'NordPass',
  '50726f74-6f6e-5061-7373-50726f746f6e': 'Proton Pass',
  'fdb141b2-5d84-443e-8a35-4698c205a502': 'KeePassXC',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
  'cb69481e-8ff7-4039-93ec-0a2729a154a8': 'YubiKey 5 Series',
  'ee882879-721c-4913-9775-3dfcce97072a': 'YubiKey 5 Series',
  'fa2b99dc-9e39-4257-8f92-4a30d23c4118': 'YubiKey 5 Series with NFC',
  '2fc0579f-8113-47ea-b116-bb5a8db9202a': 'YubiKey 5 Series with NFC',
  'a4e9fc6d-4cbe-4758-b8ba-37598bb5bbaa': 'Security Key NFC by Yubico',
  '0bb43545-fd2c-4185-87dd-feb0b2916ace': 'Security Key NFC by Yubico',
};

/** The all-zero AAGUID: an authenticator that does not say what it is (most do not, on purpose). */
const UNKNOWN_AAGUID = '00000000-0000-0000-0000-000000000000';

/** The longest name a customer may give a passkey. */
export const PASSKEY_NAME_MAX = 64;

/**
 * The passkey's name from its AAGUID, or `fallback` (what kind of device it is: "This device
 * (passkey)", "Security key") when the authenticator is not known or does not say.
 */
export function passkeyNameOf(aaguid: string | null | undefined, fallback: string): string {
  const key = aaguid?.trim().toLowerCase() ?? '';
  if (key === '' || key === UNKNOWN_AAGUID) return fallback;
  return KNOWN_AAGUIDS[key] ?? fallback;
}

/** A customer's new name for a passkey, cleaned; null when it is empty or too long. */
export function cleanPasskeyName(input: string): string | null {
  // Control characters would break the one-line list and the e-mails that name the device.
  const printable = [...input]
    .map((char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 ? ' ' : char))
    .join('');
  const name = printable.replace(/\s+/g, ' ').trim();
  return name.length >= 1 && name.length <= PASSKEY_NAME_MAX ? name : null;
}
