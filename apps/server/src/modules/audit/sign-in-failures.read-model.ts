import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditEvents } from '../../db/schema';
import { countAuditEventsWhere } from './audit.store';

/**
 * The audit log's read model of failed sign-ins, published through index.ts for identity's
 * risk engine and sign-in lock: the counts they decide on, read from the 'signin.failed' and
 * 'signin.unlocked' events every sign-in writes anyway.
 */

/**
 * Which 'signin.failed' events (identity's password.service.ts) count for the username: those since the
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
  return countAuditEventsWhere(db, 'signin.failed', since, [failureOfUsername(uid)]);
}

/** What the risk engine counts of an address's and a username's failed sign-ins. */
export interface FailedSignInCounts {
  /** For the username from this address, since `since` (and its last unlock). */
  pairFailures: number;
  /** For the username from any other address, since `since` (and its last unlock). */
  usernameFailuresElsewhere: number;
  /** From the address, whatever the username, since `since`. */
  ipFailures: number;
  /** How long ago the address's latest one was, at `now`; null when there is none. */
  lastIpFailureAgoMs: number | null;
  /** From the address naming no known user (user_id null), since `minuteAgo`. */
  unknownUsernamesLastMinute: number;
}

/**
 * The risk engine's counts in one statement over the 'signin.failed' events since `since`:
 * the username's (as countFailedSignInsForUsername) from this address and from the others, the
 * address's whatever the username, the
 * time of the address's latest, and the address's failures naming no known user in the last
 * minute (0 and null without an address).
 */
export async function countFailedSignIns(
  db: Queryable,
  of: { uid: string; ip: string | null },
  window: { since: Date; minuteAgo: Date; now: Date },
): Promise<FailedSignInCounts> {
  const fromIp = of.ip === null ? sql`false` : sql`${auditEvents.ip} = ${of.ip}`;
  const [row] = await db
    .select({
      pairFailures: sql`count(*) filter (where ${failureOfUsername(of.uid)} and ${fromIp})`.mapWith(
        Number,
      ),
      usernameFailuresElsewhere: sql`count(*) filter (where ${failureOfUsername(of.uid)}
        and (${fromIp}) is not true)`.mapWith(Number),
      ipFailures: sql`count(*) filter (where ${fromIp})`.mapWith(Number),
      lastIpFailureAt: sql<
        string | Date | null
      >`max(${auditEvents.createdAt}) filter (where ${fromIp})`,
      unknownUsernamesLastMinute: sql`count(*) filter (where ${fromIp}
        and ${auditEvents.userId} is null
        and ${auditEvents.createdAt} >= ${window.minuteAgo.toISOString()})`.mapWith(Number),
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.type, 'signin.failed'),
        gte(auditEvents.createdAt, window.since),
        sql`(${auditEvents.details}->>'uid' = ${of.uid} or ${fromIp})`,
      ),
    );
  const last = row?.lastIpFailureAt ? new Date(row.lastIpFailureAt) : null;
  return {
    pairFailures: row?.pairFailures ?? 0,
    usernameFailuresElsewhere: row?.usernameFailuresElsewhere ?? 0,
    ipFailures: row?.ipFailures ?? 0,
    lastIpFailureAgoMs: last === null ? null : Math.max(0, window.now.getTime() - last.getTime()),
    unknownUsernamesLastMinute: row?.unknownUsernamesLastMinute ?? 0,
  };
}
