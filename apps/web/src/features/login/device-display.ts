import { PAIRING_METHODS } from '@anybank/contracts';
import type { FlowDevice, LoginDeviceType, PairingMethod } from '@anybank/contracts';
import type { FidoCompatibility } from './fido-compatibility';

/**
 * How the login modal lists devices (document 1 §4.5), as pure functions: the sign-in methods
 * of tab 2 and the device types to add on tab 9.
 */

export const FIDO_TYPES: readonly string[] = [
  'FIDO2',
  'PLATFORM',
  'SECURITY_KEY',
] satisfies LoginDeviceType[];

/** Shown under a list in which a device is marked '(newest)'. */
export const NEWEST_DEVICE_NOTE = 'The most recently added device is at the bottom of the list.';
export const NEWEST_MARK = '(newest)';

export interface DisplayedDevice {
  device: FlowDevice;
  /** What the person reads: the nickname or name, with '(newest)' when it is marked. */
  label: string;
  newest: boolean;
}

export interface DeviceList {
  devices: DisplayedDevice[];
  /** A device is marked '(newest)': the list explains that the newest is at the bottom. */
  showNewestNote: boolean;
}

export interface DisplayContext {
  compatibility: FidoCompatibility;
  /** The page's host name: a FIDO authenticator works only for its own rpId. */
  host: string;
}

const isFido = (device: FlowDevice) => FIDO_TYPES.includes(device.type);

/** A FIDO method shows if the browser can use it (PLATFORM needs FULL) and it is this host's. */
function fidoUsable(device: FlowDevice, { compatibility, host }: DisplayContext): boolean {
  if (compatibility === 'NONE') return false;
  if (device.type === 'PLATFORM' && compatibility !== 'FULL') return false;
  return device.rpId === host;
}

const nameOf = (device: FlowDevice) => device.nickname?.trim() || device.name;

/**
 * The sign-in methods to offer, in the server's order (oldest first). FIDO methods this browser
 * or host cannot use are left out, and only the first FIDO2 entry is kept. Several iPhones of
 * one name, or several authenticator apps: the newest of them (the last) is marked.
 */
export function displayedDevices(
  devices: readonly FlowDevice[],
  context: DisplayContext,
): DeviceList {
  let fido2Shown = false;
  const visible = devices.filter((device) => {
    if (!isFido(device)) return true;
    if (!fidoUsable(device, context)) return false;
    if (device.type !== 'FIDO2') return true;
    if (fido2Shown) return false;
    fido2Shown = true;
    return true;
  });

  /** Devices the person could mix up: iPhones by name, authenticator apps all together. */
  const groupOf = (device: FlowDevice): string | null => {
    if (device.type === 'iPhone') return `iPhone:${nameOf(device)}`;
    if (device.type === 'TOTP') return 'TOTP';
    return null;
  };
  const lastOfGroup = new Map<string, number>();
  const sizeOfGroup = new Map<string, number>();
  visible.forEach((device, index) => {
    const group = groupOf(device);
    if (group === null) return;
    lastOfGroup.set(group, index);
    sizeOfGroup.set(group, (sizeOfGroup.get(group) ?? 0) + 1);
  });

  const displayed = visible.map((device, index) => {
    const group = groupOf(device);
    const newest =
      group !== null && (sizeOfGroup.get(group) ?? 0) > 1 && lastOfGroup.get(group) === index;
    return { device, newest, label: newest ? `${nameOf(device)} ${NEWEST_MARK}` : nameOf(device) };
  });
  return { devices: displayed, showNewestNote: displayed.some((entry) => entry.newest) };
}

/** An add-device option (document 1 §3.5). */
export interface PairingOption {
  key: PairingMethod;
  hidden: boolean;
}

const isPairingMethod = (value: string): value is PairingMethod =>
  (PAIRING_METHODS as readonly string[]).includes(value);

/**
 * The device types the flow offers to add, as options: Mobile is always hidden (the phone app
 * pairs itself), FIDO2 is hidden when the browser has no WebAuthn. Unknown types are dropped.
 */
export function pairingOptions(
  methods: readonly { deviceType: string }[],
  compatibility: FidoCompatibility,
): PairingOption[] {
  return methods
    .map((method) => method.deviceType)
    .filter(isPairingMethod)
    .map((key) => ({
      key,
      hidden: key === 'Mobile' || (key === 'FIDO2' && compatibility === 'NONE'),
    }));
}

export const PAIRING_OPTION_LABELS: Record<PairingMethod, string> = {
  SMS: 'Text message (SMS)',
  Email: 'Email',
  Mobile: 'AnyBank app',
  AuthenticatorApp: 'Authenticator app',
  FIDO2: 'Passkey or security key (FIDO2)',
};
