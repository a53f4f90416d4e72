import type { Database, Queryable } from '../../db/database';
import { insertDirectoryEntry, type NewDirectoryEntry } from './new-customer';
import {
  deleteMfaDeviceOf,
  findUserById,
  findUserByEmail,
  findUserByUid,
  listMfaDevicesOf,
  takenIdentifiers,
  type MfaDeviceRow,
  type UserRow,
} from './directory.store';

/**
 * The directory's people and their sign-in devices, as other modules read and change them
 * (help desk, orchestration). A method that takes `within` runs in the caller's transaction
 * when given one, so that a change and its audit event commit together.
 */
export interface DirectoryService {
  findUserById(id: string, within?: Queryable): Promise<UserRow | null>;
  findUserByUid(uid: string): Promise<UserRow | null>;
  /** In any letter case: the unique index is on lower(email). */
  findUserByEmail(email: string): Promise<UserRow | null>;
  /** Which of a username and an e-mail address already belong to someone. */
  takenIdentifiers(
    candidate: { username: string; email: string },
    within?: Queryable,
  ): Promise<{ username: boolean; email: boolean }>;
  /** A user's second factors, oldest first. */
  listDevicesOf(userId: string, within?: Queryable): Promise<MfaDeviceRow[]>;
  /** Removes one of the user's devices; false when it is not theirs (or already gone). */
  removeDeviceOf(tx: Queryable, userId: string, deviceId: string): Promise<boolean>;
  /** A new person with their devices: pass a transaction. */
  createEntry(tx: Queryable, entry: NewDirectoryEntry): ReturnType<typeof insertDirectoryEntry>;
}

export function createDirectoryService(deps: { db: Database }): DirectoryService {
  const { db } = deps;
  return {
    findUserById: (id, within = db) => findUserById(within, id),
    findUserByUid: (uid) => findUserByUid(db, uid),
    findUserByEmail: (email) => findUserByEmail(db, email),
    takenIdentifiers: (candidate, within = db) => takenIdentifiers(within, candidate),
    listDevicesOf: (userId, within = db) => listMfaDevicesOf(within, userId),
    removeDeviceOf: (tx, userId, deviceId) => deleteMfaDeviceOf(tx, userId, deviceId),
    createEntry: (tx, entry) => insertDirectoryEntry(tx, entry),
  };
}
