import type { Queryable } from '../../db/database';
import * as contactChanges from './contact-change.store';
import * as store from './directory.store';
import type { UserRow } from './directory.store';

/**
 * The directory's read model of people, published through index.ts (docs/architecture.md
 * "Module import rules", rule 6): the entry a sign-in, a recovery or a service acts on, found
 * by id or username, and the contact history the recovery checks. Each reads in the caller's
 * transaction when `db` is one. The entry is the row identity checks credentials against
 * (the password hash included), so it is handed out whole; the directory's own SQL stays in
 * its stores.
 */

/** The person with this id; null for no one (a malformed id included). */
export function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  return store.findUserById(db, id);
}

/**
 * The person a username names, in any letter case; null for no one. A reserved username names
 * no one who signs in or recovers an account (directory.rules.ts, isReservedUsername).
 */
export function findUserByUid(db: Queryable, uid: string): Promise<UserRow | null> {
  return store.findUserByUid(db, uid);
}

/** Whether an e-mail address belongs to an account other than this user's (any letter case). */
export function emailBelongsToAnother(
  db: Queryable,
  email: string,
  userId: string,
): Promise<boolean> {
  return contactChanges.emailBelongsToAnother(db, email, userId);
}

/** The user's e-mail changes confirmed after `since`, newest first, with the address before. */
export function recentEmailChanges(
  db: Queryable,
  userId: string,
  since: Date,
): Promise<{ previousValue: string; confirmedAt: Date }[]> {
  return contactChanges.recentEmailChanges(db, userId, since);
}
