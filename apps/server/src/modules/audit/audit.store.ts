import { and, asc, count, desc, eq, gt, gte, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { AuditRow } from './audit-log';

export async function insertAuditRows(db: Queryable, rows: readonly AuditRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditEvents).values([...rows]);
}

export async function listAuditEvents(db: Queryable, filter: { type?: string; limit: number }) {
  return db
    .select()
    .from(auditEvents)
    .where(filter.type === undefined ? undefined : eq(auditEvents.type, filter.type))
    .orderBy(desc(auditEvents.id))
    .limit(filter.limit);
}

/** Events of one type since a moment that meet every condition. */
export async function countAuditEventsWhere(
  db: Queryable,
  type: string,
  since: Date,
  conditions: readonly (SQL | undefined)[],
): Promise<number> {
  const [row] = await db
    .select({ events: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.type, type), gte(auditEvents.createdAt, since), ...conditions));
  return Number(row?.events ?? 0);
}

/** The user's latest events of one type, newest first (audit_events_user_idx). */
export async function listLatestUserEvents(
  db: Queryable,
  userId: string,
  type: string,
  limit: number,
) {
  return db
    .select({ details: auditEvents.details, createdAt: auditEvents.createdAt })
    .from(auditEvents)
    .where(and(eq(auditEvents.userId, userId), eq(auditEvents.type, type)))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

/** A panel's events after `afterId`, oldest first (audit_events_inspector_idx). */
export async function listPanelEventsAfter(
  db: Queryable,
  inspectorId: string,
  afterId: number,
  limit: number,
) {
  return db
    .select({
      id: auditEvents.id,
      type: auditEvents.type,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.inspectorId, inspectorId), gt(auditEvents.id, afterId)))
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}

/** A panel's last `limit` events, oldest first (audit_events_inspector_idx, read backwards). */
export async function listLastPanelEvents(db: Queryable, inspectorId: string, limit: number) {
  const newestFirst = await db
    .select({
      id: auditEvents.id,
      type: auditEvents.type,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(eq(auditEvents.inspectorId, inspectorId))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return newestFirst.reverse();
}
