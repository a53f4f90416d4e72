import type { Queryable } from '../../db/database';
import {
  insertMfaDevices,
  insertUser,
  type NewMfaDevice,
  type NewUser,
  type UserRow,
} from './directory.store';

export interface NewDirectoryEntry {
  user: NewUser;
  /** Second factors; the user id is filled in. */
  devices: Omit<NewMfaDevice, 'userId'>[];
}

/**
 * Creates a person in the directory with their devices. Pass a transaction: the rows belong
 * together, and the seed and online registration both create nothing unless everything is
 * created (a customer's accounts and opening deposits, which banking opens in the same
 * transaction, included).
 */
export async function insertDirectoryEntry(
  tx: Queryable,
  entry: NewDirectoryEntry,
): Promise<{ user: UserRow }> {
  const user = await insertUser(tx, entry.user);
  await insertMfaDevices(
    tx,
    entry.devices.map((device) => ({ ...device, userId: user.id })),
  );
  return { user };
}
