import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  accounts,
  consents,
  ledgerEntries,
  mfaDevices,
  oidcModels,
  passwordFailures,
  transfers,
  users,
} from '../../db/schema';

export async function setHighRiskNextSignIn(
  db: Queryable,
  userId: string,
  on: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ highRiskNextSignIn: on, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Reset verification: the next step that needs a verified identity asks for it again. */
export async function clearIdentityVerified(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ identityVerified: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Ends every sign-in of the user: their grants with every code and token issued under them,
 * their sessions and pending back-channel requests (all rows whose payload names the user).
 * Access tokens are JWTs checked against their grant, so they stop working at once.
 * `payload->>'accountId'` has no index: this runs only when an account is deleted.
 */
export async function revokeEverySignInOf(db: Queryable, userId: string): Promise<number> {
  const ofUser = sql`${oidcModels.payload}->>'accountId' = ${userId}`;
  const grantIds = db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, 'Grant'), ofUser));
  const removed = await db
    .delete(oidcModels)
    .where(or(inArray(oidcModels.grantId, grantIds), ofUser))
    .returning({ model: oidcModels.model });
  return removed.filter((row) => row.model === 'Grant').length;
}

/** What a deleted user owned, counted for the audit log. */
export interface DeletedHoldings {
  accounts: number;
  transfers: number;
  ledgerEntries: number;
  devices: number;
  consents: number;
  grants: number;
}

async function countOf(query: PromiseLike<{ rows: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.rows ?? 0);
}

/**
 * Deletes a customer and everything that is theirs, in the caller's transaction: consents
 * (kept by subject, no foreign key), the lock-out counter of their username, their sign-ins,
 * then the user row, whose foreign keys cascade to accounts, the accounts' ledger entries,
 * transfers, devices, push requests, one-time codes, flows and pickup references.
 *
 * Ledger consistency: a transfer moves money only between the owner's own accounts (the
 * banking rules refuse any other), so each ledger entry and transfer touches this customer's
 * accounts alone and goes with them; no other account's balance or history changes, and no
 * entry is left pointing at a missing account. The audit log and the outbox keep their rows:
 * the first is the security record (it says the user was deleted), the second is mail
 * already delivered.
 */
export async function deleteUserWithHoldings(
  db: Queryable,
  user: { id: string; uid: string },
): Promise<DeletedHoldings> {
  const owned = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.ownerId, user.id));
  const holdings = {
    accounts: await countOf(
      db.select({ rows: count() }).from(accounts).where(eq(accounts.ownerId, user.id)),
    ),
    transfers: await countOf(
      db.select({ rows: count() }).from(transfers).where(eq(transfers.userId, user.id)),
    ),
    ledgerEntries: await countOf(
      db
        .select({ rows: count() })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.accountId, owned)),
    ),
    devices: await countOf(
      db.select({ rows: count() }).from(mfaDevices).where(eq(mfaDevices.userId, user.id)),
    ),
  };
  const removedConsents = await db
    .delete(consents)
    .where(or(eq(consents.subject, user.id), eq(consents.actor, user.id)))
    .returning({ id: consents.id });
  await db.delete(passwordFailures).where(eq(passwordFailures.uid, user.uid));
  const grants = await revokeEverySignInOf(db, user.id);
  await db.delete(users).where(eq(users.id, user.id));
  return { ...holdings, consents: removedConsents.length, grants };
}
