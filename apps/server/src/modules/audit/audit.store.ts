import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { AuditEventType } from './audit.rules';

export interface AuditEvent {
  type: AuditEventType;
  userId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAuditEvent(db: Queryable, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    type: event.type,
    userId: event.userId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? {},
  });
}

export async function listAuditEvents(db: Queryable, filter: { type?: string; limit: number }) {
  return db
    .select()
    .from(auditEvents)
    .where(filter.type === undefined ? undefined : eq(auditEvents.type, filter.type))
    .orderBy(desc(auditEvents.id))
    .limit(filter.limit);
}
