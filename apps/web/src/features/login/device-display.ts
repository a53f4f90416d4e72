import type { FlowDevice, FlowResponse } from '@anybank/contracts';
import type { FidoCompatibility } from './fido-compatibility';

/**
 * How the login modal lists devices (document 1 §4.5), as pure functions: the sign-in methods
 * of tab 2 and the device types to add on tab 9. Each device's kind (what its method declares,
 * sent by the server) says whether it is a passkey, listed once, or marked '(newest)': the web
 * names no device type, so a new method's devices need no change here (ADR 0026).
 */

/** A passkey: the browser signs with it (its compatibility decides whether it is listed). */
export const isPasskey = (device: FlowDevice) => device.kind.passkey !== null;

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

/** A passkey shows if the browser can use it (a platform one needs FULL) and it is this host's. */
function passkeyUsable(device: FlowDevice, { compatibility, host }: DisplayContext): boolean {
  if (compatibility === 'NONE') return false;
  if (device.kind.passkey === 'platform' && compatibility !== 'FULL') return false;
  return device.rpId === host;
}

const nameOf = (device: FlowDevice) => device.nickname?.trim() || device.name;

/**
 * The sign-in methods to offer, in the server's order (oldest first). Passkeys this browser or
 * host cannot use are left out, and of a kind listed once only the first entry is kept (FIDO2).
 * Several devices a person could mix up (phones of one name, authenticator apps): the newest
 * of them (the last) is marked.
 */
export function displayedDevices(
  devices: readonly FlowDevice[],
  context: DisplayContext,
): DeviceList {
  const listedKinds = new Set<string>();
  const visible = devices.filter((device) => {
    if (isPasskey(device) && !passkeyUsable(device, context)) return false;
    if (!device.kind.listedOnce) return true;
    if (listedKinds.has(device.type)) return false;
    listedKinds.add(device.type);
    return true;
  });

  /** Devices the person could mix up: of one kind and name, or of one kind altogether. */
  const groupOf = (device: FlowDevice): string | null => {
    if (device.kind.newestMarked === 'same-name') return `${device.type}:${nameOf(device)}`;
    if (device.kind.newestMarked === 'same-kind') return device.type;
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

/** An add-device option (document 1 §3.5): the method's key and words, and whether hidden. */
export interface PairingOption {
  key: string;
  label: string;
  hidden: boolean;
}

/**
 * The methods the flow offers to add, as options, as the server lists them: the phone app is
 * always hidden (it pairs itself), a passkey is hidden when the browser has no WebAuthn.
 */
export function pairingOptions(
  methods: NonNullable<FlowResponse['devicePairingMethods']>,
  compatibility: FidoCompatibility,
): PairingOption[] {
  return methods.map((method) => ({
    key: method.deviceType,
    label: method.label,
    hidden:
      method.listed === 'hidden' || (method.listed === 'with-webauthn' && compatibility === 'NONE'),
  }));
}
