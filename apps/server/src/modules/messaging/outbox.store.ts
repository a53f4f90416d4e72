import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { OutboxChannel, OutboxMessage } from '@anybank/contracts';
import { queryRows, type Queryable } from '../../db/database';
import { outboxMessages } from '../../db/schema';
import { auditEventsRecorded, auditRowsOf, auditStepsAfterSaved, type AuditEvent } from '../audit';

export interface NewOutboxRow {
  /** Chosen by the sender, so that the events telling of the message can name it. */
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  code: string | null;
  payload: Record<string, unknown> | null;
}

type OutboxRow = typeof outboxMessages.$inferSelect;

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel as OutboxChannel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores a message with the audit events that tell of it (a watching panel's "Message sent"),
 * in one statement: one round trip, and both commit together or neither does.
 */
export async function insertOutboxMessage(
  db: Queryable,
  row: NewOutboxRow,
  audit: AuditEvent[] = [],
): Promise<OutboxMessage> {
  const events = auditRowsOf(audit);
  if (events.length === 0) {
    const [inserted] = await db.insert(outboxMessages).values(row).returning();
    if (!inserted) throw new Error('insert into outbox_messages returned no row');
    auditEventsRecorded(audit);
    return toMessage(inserted);
  }
  const steps = [
    sql`saved as (insert into ${outboxMessages}
      (id, channel, recipient, subject, body, code, payload)
      values (${row.id}::uuid, ${row.channel}, ${row.recipient}, ${row.subject}, ${row.body},
        ${row.code}, ${row.payload === null ? null : JSON.stringify(row.payload)}::jsonb)
      returning id, channel, recipient, subject, body, code, created_at)`,
    ...auditStepsAfterSaved(events),
  ];
  const [saved] = await queryRows<Omit<OutboxRow, 'createdAt'> & { createdAt: Date | string }>(
    db,
    sql`with ${sql.join(steps, sql`, `)}
      select id, channel, recipient, subject, body, code, created_at as "createdAt" from saved`,
  );
  if (!saved) throw new Error('insert into outbox_messages returned no row');
  auditEventsRecorded(audit);
  return toMessage({ ...saved, createdAt: new Date(saved.createdAt) });
}

/** Newest first; `recipient` null lists every recipient. */
export async function listOutboxMessages(
  db: Queryable,
  recipient: string | null,
  limit: number,
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(recipient === null ? undefined : eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.sequence))
    .limit(limit);
  return rows.map(toMessage);
}

/**
 * How many e-mails with this subject went to this address since `since`. The outbox holds every
 * message the bank sends (ADR 0003), so it is the count of what was really sent.
 */
export async function countEmailsSentTo(
  db: Queryable,
  recipient: string,
  subject: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, recipient.trim().toLowerCase()),
        eq(outboxMessages.channel, 'email'),
        eq(outboxMessages.subject, subject),
        gte(outboxMessages.createdAt, since),
      ),
    );
  return Number(row?.sent ?? 0);
}
