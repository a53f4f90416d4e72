import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { auditEvents, users } from '../../../db/schema';
import { countAuditEvents } from '../../audit/audit.store';

/**
 * Which 'signin.failed' events (password.service.ts) count for the username: those since the
 * help desk last unlocked it ('signin.unlocked'). A customer the bank verified and unlocked
 * starts afresh, or the earlier failures would keep refusing them for the window.
 */
function failureOfUsername(uid: string): SQL {
  const lastUnlock = sql`(select max(${auditEvents.createdAt}) from ${auditEvents}
    where ${auditEvents.type} = 'signin.unlocked' and ${auditEvents.details}->>'uid' = ${uid})`;
  return sql`(${auditEvents.details}->>'uid' = ${uid}
    and (${lastUnlock} is null or ${auditEvents.createdAt} > ${lastUnlock}))`;
}

/** 'signin.failed' events for the username since `since` (and its last unlock). */
export function countFailedSignInsForUsername(
  db: Queryable,
  uid: string,
  since: Date,
): Promise<number> {
  return countAuditEvents(db, 'signin.failed', since, failureOfUsername(uid));
}

/**
 * The risk engine's two velocity counts in one statement: 'signin.failed' events since `since`
 * for the username (as countFailedSignInsForUsername) and from the address, whatever the
 * username (0 without an address).
 */
export async function countFailedSignIns(
  db: Queryable,
  of: { uid: string; ip: string | null },
  since: Date,
): Promise<{ usernameFailures: number; ipFailures: number }> {
  const fromIp = of.ip === null ? sql`false` : sql`${auditEvents.ip} = ${of.ip}`;
  const [row] = await db
    .select({
      usernameFailures: sql`count(*) filter (where ${failureOfUsername(of.uid)})`.mapWith(Number),
      ipFailures: sql`count(*) filter (where ${fromIp})`.mapWith(Number),
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.type, 'signin.failed'),
        gte(auditEvents.createdAt, since),
        sql`(${auditEvents.details}->>'uid' = ${of.uid} or ${fromIp})`,
      ),
    );
  return { usernameFailures: row?.usernameFailures ?? 0, ipFailures: row?.ipFailures ?? 0 };
}

/**
 * Takes the demo admin's "high risk on next sign-in" flag if it is set: true once, then false.
 * One conditional update, so two evaluations at the same moment cannot both see it.
 */
export async function consumeHighRiskOverride(db: Queryable, userId: string): Promise<boolean> {
  const taken = await db
    .update(users)
    .set({ highRiskNextSignIn: false, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.highRiskNextSignIn, true)))
    .returning({ id: users.id });
  return taken.length === 1;
}
