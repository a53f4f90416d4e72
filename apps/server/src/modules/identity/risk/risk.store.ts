import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { auditEvents, users } from '../../../db/schema';
import { countAuditEvents } from '../../audit/audit.store';

/**
 * 'signin.failed' events (password.service.ts) for the username since `since`, and since the
 * help desk last unlocked the username ('signin.unlocked'): a customer the bank verified and
 * unlocked starts afresh, or the earlier failures would keep refusing them for the window.
 */
export function countFailedSignInsForUsername(
  db: Queryable,
  uid: string,
  since: Date,
): Promise<number> {
  const lastUnlock = sql`(select max(${auditEvents.createdAt}) from ${auditEvents}
    where ${auditEvents.type} = 'signin.unlocked' and ${auditEvents.details}->>'uid' = ${uid})`;
  return countAuditEvents(
    db,
    'signin.failed',
    since,
    sql`${auditEvents.details}->>'uid' = ${uid}`,
    sql`(${lastUnlock} is null or ${auditEvents.createdAt} > ${lastUnlock})`,
  );
}

/** 'signin.failed' events from the address since `since`, whatever the username. */
export function countFailedSignInsFromIp(db: Queryable, ip: string, since: Date): Promise<number> {
  return countAuditEvents(db, 'signin.failed', since, eq(auditEvents.ip, ip));
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
