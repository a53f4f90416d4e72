import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The audit module's table (modules/audit): security events.

/** Security events: sign-ins, lockouts, bot detections, admin actions. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    ip: text('ip'),
    details: jsonb('details').notNull().default({}),
    /**
     * The "Behind the scenes" panel (ADR 0021) of the browser that caused the event (a hash of
     * its panel cookie), only while that panel is open and demo tools are on; otherwise null.
     */
    inspectorId: text('inspector_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_type_idx').on(table.type, table.id),
    index('audit_events_type_time_idx').on(table.type, table.createdAt),
    index('audit_events_user_idx').on(table.userId, table.id),
    index('audit_events_inspector_idx')
      .on(table.inspectorId, table.id)
      .where(sql`${table.inspectorId} is not null`),
  ],
);
