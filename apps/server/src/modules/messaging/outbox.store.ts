import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { OutboxChannel, OutboxMessage } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { outboxMessages } from '../../db/schema';

export interface NewOutboxRow {
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

export async function insertOutboxMessage(
  db: Queryable,
  row: NewOutboxRow,
): Promise<OutboxMessage> {
  const [inserted] = await db.insert(outboxMessages).values(row).returning();
  if (!inserted) throw new Error('insert into outbox_messages returned no row');
  return toMessage(inserted);
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
