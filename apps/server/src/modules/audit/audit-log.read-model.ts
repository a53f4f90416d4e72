import { and, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { AuditEventType } from './audit.rules';
import {
  countAuditEventsWhere,
  listLastPanelEvents,
  listLatestUserEvents,
  listPanelEventsAfter,
} from './audit.store';

/**
 * The audit log's read models, published through index.ts: the velocity and attempt counts
 * other modules decide on (the log has every failure anyway), the risk engine's failed
 * sign-ins, and a "Behind the scenes" panel's events. Callers say what they count; only this
 * module writes SQL on audit_events.
 */

/** Which events' details match: each field reads as the text, each list holds the value. */
export interface AuditDetailsMatch {
  /** `details->>field = value` for each field. */
  details?: Readonly<Record<string, string>>;
  /** `details->field` is a JSON list holding `value`, for each field. */
  listsHolding?: Readonly<Record<string, string>>;
}

export interface AuditEventCount extends AuditDetailsMatch {
  type: AuditEventType;
  /** Events recorded at or after this moment. */
  since: Date;
  /**
   * Events about this user. Null counts none: the caller's user does not exist, and the
   * same statement still runs, so its timing does not say so.
   */
  userId?: string | null;
  /** Besides the above, at least one of these matches (none given: no such condition). */
  anyOf?: readonly AuditDetailsMatch[];
}

function detailsCondition(match: AuditDetailsMatch): SQL[] {
  return [
    ...Object.entries(match.details ?? {}).map(
      ([field, value]) => sql`${auditEvents.details}->>${field} = ${value}`,
    ),
    ...Object.entries(match.listsHolding ?? {}).map(
      ([field, value]) =>
        sql`${auditEvents.details}->${field} @> ${JSON.stringify([value])}::jsonb`,
    ),
  ];
}

/**
 * The latest event of a type about the user for each value of one of its details (the latest
 * use of each assistant, by `clientId`), among the user's last 500 of that type.
 */
export async function latestEventBy(
  db: Queryable,
  query: { userId: string; type: AuditEventType; detail: string },
): Promise<Map<string, { at: Date; details: Record<string, unknown> }>> {
  const latest = new Map<string, { at: Date; details: Record<string, unknown> }>();
  for (const row of await listLatestUserEvents(db, query.userId, query.type, 500)) {
    const details = (row.details ?? {}) as Record<string, unknown>;
    const key = details[query.detail];
    if (typeof key === 'string' && !latest.has(key)) {
      latest.set(key, { at: row.createdAt, details });
    }
  }
  return latest;
}

/** How many events of a type since a moment match the count's conditions. */
export function countAuditEvents(db: Queryable, query: AuditEventCount): Promise<number> {
  return countAuditEventsWhere(db, query.type, query.since, [
    query.userId === undefined ? undefined : sql`${auditEvents.userId} = ${query.userId}::uuid`,
    ...detailsCondition(query),
    query.anyOf === undefined
      ? undefined
      : or(...query.anyOf.map((m) => and(...detailsCondition(m)))),
  ]);
}

/** A "Behind the scenes" panel's events after `afterId`, oldest first, at most `limit`. */
export function panelEventsAfter(
  db: Queryable,
  inspectorId: string,
  afterId: number,
  limit: number,
): Promise<{ id: number; type: string; details: unknown; createdAt: Date }[]> {
  return listPanelEventsAfter(db, inspectorId, afterId, limit);
}

/**
 * A panel's last `limit` events, oldest first: what a panel opened late replays (its browser
 * is watched from its first page, ADR 0021).
 */
export function lastPanelEvents(
  db: Queryable,
  inspectorId: string,
  limit: number,
): Promise<{ id: number; type: string; details: unknown; createdAt: Date }[]> {
  return listLastPanelEvents(db, inspectorId, limit);
}
