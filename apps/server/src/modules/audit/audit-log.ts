import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditEvents } from '../../db/schema';
import { isTraceOnly, type AuditEventType } from './audit.rules';
import { insertAuditRows } from './audit.store';
import { currentInspectorId, panelEventWritten } from './inspector-context';
import { auditEventsRecorded } from './recorded-events';

/**
 * The audit log as other modules write it, published through index.ts: an event recorded in
 * the caller's transaction, or as steps of the caller's own single statement (the SQL of those
 * steps on audit_events is written here, by the table's owner; the caller only places them).
 */

export interface AuditEvent {
  type: AuditEventType;
  userId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
  /**
   * The "Behind the scenes" panel the event belongs to (ADR 0021). Left out: the panel
   * watching the current request, if any. Given: an event caused elsewhere on behalf of a
   * watched browser (the phone deciding that browser's push request).
   */
  inspectorId?: string | null;
}

export type AuditRow = Required<Omit<AuditEvent, 'details'>> & {
  details: Record<string, unknown>;
};

/**
 * The rows these events are written as now: each names the panel watching, and a panel-only
 * event (TRACE_EVENT_TYPES) is dropped when no panel watches.
 */
export function auditRowsOf(events: readonly AuditEvent[]): AuditRow[] {
  const watching = currentInspectorId();
  return events.flatMap((event) => {
    const inspectorId = event.inspectorId === undefined ? watching : event.inspectorId;
    if (inspectorId === null && isTraceOnly(event.type)) return [];
    if (inspectorId !== null) panelEventWritten(inspectorId);
    return [
      {
        type: event.type,
        userId: event.userId ?? null,
        ip: event.ip ?? null,
        details: event.details ?? {},
        inspectorId,
      },
    ];
  });
}

/** Records the event, in the caller's transaction when `db` is one. */
export async function insertAuditEvent(db: Queryable, event: AuditEvent): Promise<void> {
  await insertAuditRows(db, auditRowsOf([event]));
  auditEventsRecorded([event]);
}

/**
 * An audit event's insert as one step (a CTE) of a caller's single-statement write, made only
 * when `condition` holds in that statement: the write and its event commit together, or
 * neither does, with no transaction of several round trips. The values may be a prepared
 * statement's placeholders; `details` is JSON text. The caller tells `auditEventsRecorded`
 * when the statement wrote it.
 */
export function auditEventInsertWhen(
  type: AuditEventType,
  values: { userId: unknown; ip: unknown; details: unknown; inspectorId: unknown },
  condition: SQL,
): SQL {
  return sql`insert into ${auditEvents} (type, user_id, ip, details, inspector_id)
    select ${type}, ${values.userId}::uuid, ${values.ip}::text, ${values.details}::jsonb,
      ${values.inspectorId}::text
    where ${condition}`;
}

/**
 * The audit rows' inserts as steps of a caller's `with` statement, named `audit_0`, `audit_1`…,
 * each made only when the caller's step `saved` wrote a row: the caller's write and its events
 * commit together, in one statement. The caller tells `auditEventsRecorded` once it has.
 */
export function auditStepsAfterSaved(rows: readonly AuditRow[]): SQL[] {
  return rows.map((event, index) => {
    const insert = auditEventInsertWhen(
      event.type,
      { ...event, details: JSON.stringify(event.details) },
      sql`exists (select 1 from saved)`,
    );
    return sql`${sql.raw(`audit_${index}`)} as (${insert})`;
  });
}
