import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
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

/**
 * An audit event's insert as one step (a CTE) of a caller's single-statement write, made only
 * when `condition` holds in that statement: the write and its event commit together, or
 * neither does, with no transaction of several round trips. The values may be a prepared
 * statement's placeholders; `details` is JSON text.
 */
export function auditEventInsertWhen(
  type: AuditEventType,
  values: { userId: unknown; ip: unknown; details: unknown },
  condition: SQL,
): SQL {
  return sql`insert into ${auditEvents} (type, user_id, ip, details)
    select ${type}, ${values.userId}::uuid, ${values.ip}::text, ${values.details}::jsonb
    where ${condition}`;
}

export async function listAuditEvents(db: Queryable, filter: { type?: string; limit: number }) {
  return db
    .select()
    .from(auditEvents)
    .where(filter.type === undefined ? undefined : eq(auditEvents.type, filter.type))
    .orderBy(desc(auditEvents.id))
    .limit(filter.limit);
}

/**
 * Events of one type since a moment, narrowed by more conditions (on `details` or `ip`): the
 * velocity and attempt counts read the audit log, which every failure is written to anyway.
 */
export async function countAuditEvents(
  db: Queryable,
  type: AuditEventType,
  since: Date,
  ...conditions: SQL[]
): Promise<number> {
  const [row] = await db
    .select({ events: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.type, type), gte(auditEvents.createdAt, since), ...conditions));
  return Number(row?.events ?? 0);
}
