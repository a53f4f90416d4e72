import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { auditEvents, users } from '../../../db/schema';

/** 'signin.failed' events (password.service.ts) for the username since `since`. */
export async function countFailedSignInsForUsername(
  db: Queryable,
  uid: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ failures: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.type, 'signin.failed'),
        gte(auditEvents.createdAt, since),
        sql`${auditEvents.details}->>'uid' = ${uid}`,
      ),
    );
  return row?.failures ?? 0;
}

/** 'signin.failed' events from the address since `since`, whatever the username. */
export async function countFailedSignInsFromIp(
  db: Queryable,
  ip: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ failures: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.type, 'signin.failed'),
        gte(auditEvents.createdAt, since),
        eq(auditEvents.ip, ip),
      ),
    );
  return row?.failures ?? 0;
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
