import type { Queryable } from '../../db/database';
import type { AdminAttributes } from './directory-entry.rules';
import * as entries from './directory-entry.store';
import * as store from './directory.store';
import type { CheckedPasswordHash, MfaDeviceRow, NewMfaDevice, UserRow } from './directory.store';

/**
 * The records identity checks credentials against, and changes as a sign-in, a recovery or a
 * device's registration goes (docs/architecture.md "Module import rules", rule 7: identity
 * depends on the directory, never the reverse), published through index.ts: a person's
 * second-factor devices, their password and verification, and the lock on their entry that
 * serialises changes. Each runs in the caller's transaction when `db` is one, so that a change
 * and its audit event commit together.
 */

// Devices.

/** The user's second factors, oldest first. */
export function listMfaDevicesOf(db: Queryable, userId: string): Promise<MfaDeviceRow[]> {
  return store.listMfaDevicesOf(db, userId);
}

/** The device with this id; null for none (a malformed id included). */
export function findMfaDevice(db: Queryable, id: string): Promise<MfaDeviceRow | null> {
  return store.findMfaDevice(db, id);
}

/** The passkey with this WebAuthn credential id; null for none. */
export function findMfaDeviceByCredentialId(
  db: Queryable,
  credentialId: string,
): Promise<MfaDeviceRow | null> {
  return store.findMfaDeviceByCredentialId(db, credentialId);
}

/** A new second factor of the user. */
export function insertMfaDevice(db: Queryable, row: NewMfaDevice): Promise<MfaDeviceRow> {
  return store.insertMfaDevice(db, row);
}

/** A new name for one of the user's devices of `types`; false when it is not such a device of theirs. */
export function renameMfaDeviceOf(
  db: Queryable,
  userId: string,
  deviceId: string,
  types: readonly string[],
  nickname: string,
): Promise<boolean> {
  return store.renameMfaDeviceOf(db, userId, deviceId, types, nickname);
}

/** The phone app's signing key, once its activation proved it. */
export function setMfaDevicePublicKey(
  db: Queryable,
  deviceId: string,
  publicKey: string,
): Promise<void> {
  return store.setMfaDevicePublicKey(db, deviceId, publicKey);
}

/** A passkey's signature counter after a sign-in it signed. */
export function updateMfaDeviceCounter(
  db: Queryable,
  deviceId: string,
  signCount: number,
): Promise<void> {
  return store.updateMfaDeviceCounter(db, deviceId, signCount);
}

/**
 * Records an accepted authenticator-app time step, only if it is later than the last one: of
 * two requests racing with the same code, one wins and the other is a replay.
 */
export function recordTotpStep(db: Queryable, deviceId: string, step: number): Promise<boolean> {
  return store.recordTotpStep(db, deviceId, step);
}

// The person's entry.

/** The user's entry, locked until the transaction ends: two changes of one entry queue up. */
export function lockUserById(db: Queryable, userId: string): Promise<UserRow | null> {
  return entries.lockUserById(db, userId);
}

/** A new password, checked (identity's hashNewPassword); the "must change" flag is cleared. */
export function setUserPassword(
  db: Queryable,
  userId: string,
  passwordHash: CheckedPasswordHash,
): Promise<void> {
  return store.setUserPassword(db, userId, passwordHash);
}

/** No password any more (a passkey-only account); the caller has checked a passkey exists. */
export function removeUserPassword(db: Queryable, userId: string): Promise<boolean> {
  return store.removeUserPassword(db, userId);
}

/** The user proved their identity (a code to their e-mail): true when the user still exists. */
export function setIdentityVerified(db: Queryable, userId: string): Promise<boolean> {
  return store.setIdentityVerified(db, userId);
}

/** The demo admin's bank attributes (thresholds, tier) of the entry; null: no such user. */
export function updateAdminAttributes(
  db: Queryable,
  userId: string,
  attributes: AdminAttributes,
): Promise<UserRow | null> {
  return entries.updateAdminAttributes(db, userId, attributes);
}
