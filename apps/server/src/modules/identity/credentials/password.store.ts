import { PASSWORD_LOCK } from '@anybank/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { passwordFailures } from '../../../db/schema';
import type { PasswordFailureState, PasswordLockPolicy } from './password.rules';

function toState(row: typeof passwordFailures.$inferSelect): PasswordFailureState {
  return {
    failures: row.failures,
    windowStartedAt: row.windowStartedAt,
    lockedUntil: row.lockedUntil,
  };
}

/**
 * Whose wrong passwords a row counts: a username from one client address (null: none known).
 * The lock is the pair's, so failures from elsewhere never lock the owner out.
 */
export interface PasswordFailureKey {
  uid: string;
  ip: string | null;
}

const keyOf = (key: PasswordFailureKey) =>
  and(eq(passwordFailures.uid, key.uid), eq(passwordFailures.ip, key.ip ?? ''));

/**
 * Counts one wrong password for the pair and returns the new state: `nextFailureState` of
 * password.rules.ts as one `insert … on conflict do update`, so that parallel attempts on
 * PostgreSQL each see the row the previous one left (a read-then-write would lose counts).
 */
export async function recordPasswordFailure(
  db: Queryable,
  key: PasswordFailureKey,
  now: Date,
  policy: PasswordLockPolicy = PASSWORD_LOCK,
): Promise<PasswordFailureState> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lockFromNow = sql`${new Date(now.getTime() + policy.lockMs).toISOString()}::timestamptz`;
  const windowOpenedAfter = sql`${new Date(now.getTime() - policy.windowMs).toISOString()}::timestamptz`;
  // In `do update`, the columns name the row as it was before this failure.
  const restarts = sql`((${passwordFailures.lockedUntil} is not null and ${passwordFailures.lockedUntil} <= ${at})
    or ${passwordFailures.windowStartedAt} <= ${windowOpenedAfter})`;
  const lockOnFirst = 1 >= policy.maxFailures ? lockFromNow : sql`null`;
  const [row] = await db
    .insert(passwordFailures)
    .values({
      uid: key.uid,
      ip: key.ip ?? '',
      failures: 1,
      windowStartedAt: now,
      lockedUntil: 1 >= policy.maxFailures ? new Date(now.getTime() + policy.lockMs) : null,
    })
    .onConflictDoUpdate({
      target: [passwordFailures.uid, passwordFailures.ip],
      set: {
        failures: sql`case when ${restarts} then 1 else ${passwordFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${restarts} then ${at} else ${passwordFailures.windowStartedAt} end`,
        lockedUntil: sql`case
          when ${restarts} then ${lockOnFirst}
          when ${passwordFailures.lockedUntil} is not null then ${passwordFailures.lockedUntil}
          when ${passwordFailures.failures} + 1 >= ${policy.maxFailures} then ${lockFromNow}
          else null end`,
      },
    })
    .returning();
  if (!row) throw new Error('insert into password_failures returned no row');
  return toState(row);
}

export async function readPasswordLock(
  db: Queryable,
  key: PasswordFailureKey,
): Promise<PasswordFailureState | null> {
  const [row] = await db.select().from(passwordFailures).where(keyOf(key)).limit(1);
  return row ? toState(row) : null;
}

/** The latest lock of the username from any address (the help desk's view), or null. */
export async function latestPasswordLock(db: Queryable, uid: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: sql<string | Date | null>`max(${passwordFailures.lockedUntil})` })
    .from(passwordFailures)
    .where(eq(passwordFailures.uid, uid));
  return row?.lockedUntil ? new Date(row.lockedUntil) : null;
}

/** A right password forgets the pair's earlier wrong ones. */
export async function clearPasswordFailures(db: Queryable, key: PasswordFailureKey): Promise<void> {
  await db.delete(passwordFailures).where(keyOf(key));
}

/** A new password, or the help desk's unlock, forgets the username's from every address. */
export async function clearAllPasswordFailures(db: Queryable, uid: string): Promise<void> {
  await db.delete(passwordFailures).where(eq(passwordFailures.uid, uid));
}
