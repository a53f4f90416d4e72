import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { bankAccountsHeld, mfaDevices, users } from '../../db/schema';
import { isReservedUsername } from './directory.rules';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type NewMfaDevice = typeof mfaDevices.$inferInsert;

/**
 * The person a username names, or null. A reserved username names no one who signs in or
 * recovers an account (directory.rules.ts, isReservedUsername): an organisation's entry is
 * found by its id alone.
 */
export async function findUserByUid(db: Queryable, uid: string): Promise<UserRow | null> {
  if (isReservedUsername(uid)) return null;
  const [row] = await db.select().from(users).where(eq(users.uid, uid.toLowerCase())).limit(1);
  return row ?? null;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, uid: user.uid.toLowerCase() })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function insertMfaDevices(db: Queryable, rows: NewMfaDevice[]): Promise<void> {
  if (rows.length > 0) await db.insert(mfaDevices).values(rows);
}

/**
 * The ids of the person's accounts in the order of the `accts` session item, from banking's
 * published view of who holds which account.
 */
export async function listAccountIdsOf(db: Queryable, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: bankAccountsHeld.id })
    .from(bankAccountsHeld)
    .where(eq(bankAccountsHeld.ownerId, ownerId))
    .orderBy(asc(bankAccountsHeld.position));
  return rows.map((row) => row.id);
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  // A malformed id would make PostgreSQL raise on the uuid cast: it simply is no user.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type MfaDeviceRow = typeof mfaDevices.$inferSelect;

/**
 * A user's second factors, oldest first (the newest is shown last, §4.5). Devices added in one
 * clock tick (the seed's) fall back to their type's name, so that a list never changes order
 * between two loads.
 */
export async function listMfaDevicesOf(db: Queryable, userId: string): Promise<MfaDeviceRow[]> {
  return db
    .select()
    .from(mfaDevices)
    .where(eq(mfaDevices.userId, userId))
    .orderBy(asc(mfaDevices.createdAt), asc(mfaDevices.type), asc(mfaDevices.id));
}

export async function findMfaDevice(db: Queryable, id: string): Promise<MfaDeviceRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(mfaDevices).where(eq(mfaDevices.id, id)).limit(1);
  return row ?? null;
}

export async function setMfaDevicePublicKey(
  db: Queryable,
  id: string,
  publicKey: string,
): Promise<void> {
  await db.update(mfaDevices).set({ publicKey }).where(eq(mfaDevices.id, id));
}

export async function insertMfaDevice(db: Queryable, row: NewMfaDevice): Promise<MfaDeviceRow> {
  const [inserted] = await db.insert(mfaDevices).values(row).returning();
  if (!inserted) throw new Error('insert into mfa_devices returned no row');
  return inserted;
}

/**
 * Records an accepted authenticator-app time step, only if it is later than the last one: of
 * two requests racing with the same code, one wins and the other is a replay.
 */
export async function recordTotpStep(
  db: Queryable,
  deviceId: string,
  step: number,
): Promise<boolean> {
  const updated = await db
    .update(mfaDevices)
    .set({ lastTotpStep: step, lastUsedAt: new Date() })
    .where(
      and(
        eq(mfaDevices.id, deviceId),
        or(isNull(mfaDevices.lastTotpStep), lt(mfaDevices.lastTotpStep, step)),
      ),
    )
    .returning({ id: mfaDevices.id });
  return updated.length === 1;
}

/**
 * The hash of a new password that passed the new-password check (identity's `hashNewPassword`:
 * the spec's rule, the owner's details, zxcvbn). Only that function makes one, so
 * no code path can store a new password without the check.
 */
export type CheckedPasswordHash = string & { readonly __checkedPassword: true };

/** A new password; the "must change" flag is cleared with it. */
export async function setUserPassword(
  db: Queryable,
  userId: string,
  passwordHash: CheckedPasswordHash,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordMustChange: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * No password any more; the customer signs in with their device (a passkey-only
 * account: no hash, 'Device'). The caller has checked that a passkey exists.
 */
export async function removeUserPassword(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      passwordHash: null,
      passwordMustChange: false,
      authnPreference: 'Device',
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A new name for one of the user's devices of `types`; false when it is not such a device of theirs. */
export async function renameMfaDeviceOf(
  db: Queryable,
  userId: string,
  deviceId: string,
  types: readonly string[],
  nickname: string,
): Promise<boolean> {
  const rows = await db
    .update(mfaDevices)
    .set({ nickname })
    .where(
      and(
        eq(mfaDevices.id, deviceId),
        eq(mfaDevices.userId, userId),
        inArray(mfaDevices.type, [...types]),
      ),
    )
    .returning({ id: mfaDevices.id });
  return rows.length === 1;
}

/** The user proved their identity (a code to their e-mail): true when the user still exists. */
export async function setIdentityVerified(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ identityVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateMfaDeviceCounter(
  db: Queryable,
  deviceId: string,
  signCount: number,
): Promise<void> {
  await db
    .update(mfaDevices)
    .set({ signCount, lastUsedAt: new Date() })
    .where(eq(mfaDevices.id, deviceId));
}

export async function findMfaDeviceByCredentialId(
  db: Queryable,
  credentialId: string,
): Promise<MfaDeviceRow | null> {
  const [row] = await db
    .select()
    .from(mfaDevices)
    .where(eq(mfaDevices.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

/**
 * The user with this e-mail address, in any letter case (the unique index is on lower(email)),
 * or null. As by username, no one finds an organisation by its address.
 */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row && !isReservedUsername(row.uid) ? row : null;
}

/** Which of a username and an e-mail address already belong to someone. */
export async function takenIdentifiers(
  db: Queryable,
  candidate: { username: string; email: string },
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ uid: users.uid, email: users.email })
    .from(users)
    .where(
      sql`${users.uid} = ${candidate.username.toLowerCase()} or lower(${users.email}) = ${candidate.email.trim().toLowerCase()}`,
    );
  return {
    // A reserved username is answered as any username in use (directory.rules.ts).
    username:
      isReservedUsername(candidate.username) ||
      rows.some((row) => row.uid === candidate.username.toLowerCase()),
    email: rows.some((row) => row.email.toLowerCase() === candidate.email.trim().toLowerCase()),
  };
}

/** Writes a user's profile and sign-in fields; false when there is no such user. */
export async function updateUser(
  db: Queryable,
  userId: string,
  fields: Partial<
    Pick<
      NewUser,
      | 'firstName'
      | 'lastName'
      | 'email'
      | 'mobile'
      | 'street'
      | 'city'
      | 'postalCode'
      | 'authnPreference'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteMfaDevices(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(mfaDevices).where(inArray(mfaDevices.id, [...ids]));
}

/** Removes one of the user's devices; false when it is not theirs (or already gone). */
export async function deleteMfaDeviceOf(
  db: Queryable,
  userId: string,
  deviceId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(mfaDevices)
    .where(and(eq(mfaDevices.id, deviceId), eq(mfaDevices.userId, userId)))
    .returning({ id: mfaDevices.id });
  return deleted.length === 1;
}

/** Sets when these devices sign in (a held new contact, the device it replaces). */
export async function setMfaDeviceUseWindow(
  db: Queryable,
  ids: readonly string[],
  window: { inUseFrom: Date | null; inUseUntil: Date | null },
): Promise<void> {
  if (ids.length > 0) {
    await db
      .update(mfaDevices)
      .set({ inUseFrom: window.inUseFrom, inUseUntil: window.inUseUntil })
      .where(inArray(mfaDevices.id, [...ids]));
  }
}
