import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { auditEvents, users } from '../../../db/schema';
import { countAuditEvents } from '../../audit/audit.store';

/** 'signin.failed' events (password.service.ts) for the username since `since`. */
export function countFailedSignInsForUsername(
  db: Queryable,
  uid: string,
  since: Date,
): Promise<number> {
  return countAuditEvents(db, 'signin.failed', since, sql`${auditEvents.details}->>'uid' = ${uid}`);
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
