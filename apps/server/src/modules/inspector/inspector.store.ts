import { and, asc, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { StoredEvent } from './inspector.rules';

/** A panel's events after `afterId`, oldest first (audit_events_inspector_idx). */
export async function listPanelEvents(
  db: Queryable,
  inspectorId: string,
  afterId: number,
  limit: number,
): Promise<StoredEvent[]> {
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
