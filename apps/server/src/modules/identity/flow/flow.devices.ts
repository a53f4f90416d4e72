import type { Database } from '../../../db/database';
import { listMfaDevicesOf, type MfaDeviceRow } from '../../directory';
import type { Factors } from '../factors/factors';
import type { MachineDevice } from './flow.rules';

/**
 * A user's devices as one request reads them: its step, its effects and its answer look at
 * the same rows, read once. Steps that add or change devices forget them (`forget`).
 */
export interface DeviceReader {
  /** Every device of the user (the pairing offer counts them). */
  all(userId: string): Promise<MfaDeviceRow[]>;
  /** The devices usable at sign-in now, each as its factor says (identity/factors). */
  usable(userId: string): Promise<MfaDeviceRow[]>;
  /** The usable devices as the machine sees them. */
  machine(userId: string): Promise<MachineDevice[]>;
  /** The usable device the flow selected, if it still is one. */
  selected(userId: string, deviceId: string | null): Promise<MfaDeviceRow | undefined>;
  forget(): void;
}

export function deviceReader(db: Database, factors: Factors): DeviceReader {
  let read = new Map<string, Promise<MfaDeviceRow[]>>();
  const all = (userId: string) => {
    let devices = read.get(userId);
    if (!devices) {
      devices = listMfaDevicesOf(db, userId);
      read.set(userId, devices);
    }
    return devices;
  };
  const usable = async (userId: string) => factors.usable(await all(userId));
  return {
    all,
    usable,
    machine: async (userId) => factors.asMachine(await usable(userId)),
    selected: async (userId, deviceId) =>
      (await usable(userId)).find((device) => device.id === deviceId),
    forget() {
      read = new Map();
    },
  };
}
