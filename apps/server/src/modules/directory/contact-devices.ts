import { CONTACT_CHANGE_RECOVERY_HOLD_MS, MAX_MFA_DEVICES } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { insertAuditEvent, type AuditEvent } from '../audit';
import type { SecurityNotices } from '../messaging';
import { CONTACT_DEVICES } from '../../db/schema/directory';
import {
  contactReplacementWindows,
  deviceInUseAt,
  sameDeviceTarget,
  storedTarget,
  type TargetKind,
} from './directory.rules';
import {
  deleteMfaDevices,
  insertMfaDevice,
  listMfaDevicesOf,
  setMfaDeviceUseWindow,
  type MfaDeviceRow,
} from './directory.store';

/*
 * The sign-in devices that follow a customer's contact details (document 1 §4.4, document 2 §5):
 * a new address or number replaces the device of the old one, held while an older device
 * signs in; a blanked mobile removes its device. Run inside the profile's transactions.
 */

/** A device change made inside the save: audited there, told to the person once it commits. */
export interface DeviceChange {
  event: AuditEvent;
  /** A removed e-mail device's address: its owner may not be the one who changed it. */
  removedAddress?: string;
}

async function recordChange(tx: Queryable, changes: DeviceChange[], change: DeviceChange) {
  await insertAuditEvent(tx, change.event);
  changes.push(change);
}

/** The device that follows each kind of contact detail: its type, and a new one's name. */
export const DEVICE_OF_TARGET: Readonly<Record<TargetKind, { type: string; name: string }>> =
  CONTACT_DEVICES;

/**
 * Replaces the device of one kind whose target was `oldTarget` with one for `newTarget`.
 * Answers false when the new device could not be added because the user is at the limit.
 * With `at` (a confirmed change), while an older device signs in, the new one is held and the
 * old one kept until the hold ends (`contactReplacementWindows`); devices whose time is over
 * are removed.
 */
export async function replaceDevice(
  tx: Queryable,
  userId: string,
  kind: TargetKind,
  oldTarget: string | null,
  newTarget: string | null,
  ip: string,
  changes: DeviceChange[],
  at?: Date,
): Promise<boolean> {
  const { type, name } = DEVICE_OF_TARGET[kind];
  let devices = await listMfaDevicesOf(tx, userId);
  if (at) {
    const over = devices.filter((device) => device.inUseUntil !== null && device.inUseUntil <= at);
    await deleteMfaDevices(
      tx,
      over.map((device) => device.id),
    );
    devices = devices.filter((device) => !over.includes(device));
  }
  const old =
    oldTarget === null
      ? []
      : devices.filter(
          (device) => device.type === type && sameDeviceTarget(kind, device.target, oldTarget),
        );
  const remaining = devices.filter((device) => !old.includes(device));
  // A blanked mobile removes its device, but never the user's last way to confirm it is them.
  if (newTarget === null) {
    if (old.length > 0 && remaining.length > 0) await removeDevices(tx, old, ip, changes);
    return true;
  }
  const alreadyPaired = remaining.some(
    (device) => device.type === type && sameDeviceTarget(kind, device.target, newTarget),
  );
  const windows = contactReplacementWindows(
    at ?? new Date(),
    at !== undefined && !alreadyPaired && devices.some((device) => deviceInUseAt(device, at)),
    CONTACT_CHANGE_RECOVERY_HOLD_MS,
  );
  // Only a device that signs in now is kept for the hold: one still held itself never was a way in.
  const kept = windows.replaced
    ? old.filter((device) => device.inUseUntil === null && deviceInUseAt(device, at ?? new Date()))
    : [];
  await removeDevices(
    tx,
    old.filter((device) => !kept.includes(device)),
    ip,
    changes,
  );
  // The replaced device signs in until the new one does: the owner is never without a way in.
  if (windows.replaced) {
    await setMfaDeviceUseWindow(
      tx,
      kept.map((device) => device.id),
      windows.replaced,
    );
  }
  if (alreadyPaired) return true;
  if (remaining.length >= MAX_MFA_DEVICES) return false;
  const added = await insertMfaDevice(tx, {
    userId,
    type,
    name,
    target: storedTarget(kind, newTarget),
    ...windows.added,
  });
  await recordChange(tx, changes, {
    event: {
      type: 'device.added',
      userId,
      ip,
      details: {
        deviceId: added.id,
        deviceType: type,
        via: 'profile-update',
        ...(windows.added.inUseFrom ? { inUseFrom: windows.added.inUseFrom.toISOString() } : {}),
      },
    },
  });
  return true;
}

async function removeDevices(
  tx: Queryable,
  devices: MfaDeviceRow[],
  ip: string,
  changes: DeviceChange[],
): Promise<void> {
  await deleteMfaDevices(
    tx,
    devices.map((device) => device.id),
  );
  for (const device of devices) {
    await recordChange(tx, changes, {
      event: {
        type: 'device.removed',
        userId: device.userId,
        ip,
        details: { deviceId: device.id, deviceType: device.type, via: 'profile-update' },
      },
      ...(device.type === DEVICE_OF_TARGET.email.type && device.target
        ? { removedAddress: device.target }
        : {}),
    });
  }
}

/** Tells the person of each device change, once the change has committed. */
export async function tellChanges(
  notices: Pick<SecurityNotices, 'tell'>,
  changes: readonly DeviceChange[],
): Promise<void> {
  for (const change of changes) {
    await notices.tell(change.event, { alsoTo: change.removedAddress });
  }
}
