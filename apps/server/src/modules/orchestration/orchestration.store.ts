import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditEvents, outboxMessages, users } from '../../db/schema';
import type { UserRow } from '../directory/directory.store';
import { countAuditEvents } from '../audit/audit.store';

/** The user with this e-mail address, in any letter case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** Which of a username and an e-mail address already belong to someone. */
export async function takenIdentifiers(
  db: Queryable,
  candidate: { username: string; email: string },
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ uid: users.uid, email: users.email })
    .from(users)
    .where(
      sql`${users.uid} = ${candidate.username.toLowerCase()} or lower(${users.email}) = ${candidate.email.trim().toLowerCase()}`,
    );
  return {
    username: rows.some((row) => row.uid === candidate.username.toLowerCase()),
    email: rows.some((row) => row.email.toLowerCase() === candidate.email.trim().toLowerCase()),
  };
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

/**
 * Serialises the verification attempts of one pending registration until the transaction ends:
 * two guesses at once are counted one after the other.
 */
export async function lockCodeReference(
  tx: Queryable,
  purpose: string,
  reference: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${JSON.stringify([purpose, reference])}, 0))`,
  );
}

/**
 * Wrong codes entered for a reference since `since`. A pending registration has no user yet,
 * so it cannot have a row in one_time_codes; its failures are the audit log's `otp.failed`
 * events, which are recorded anyway.
 */
export function countFailedCodes(
  db: Queryable,
  purpose: string,
  reference: string,
  since: Date,
): Promise<number> {
  return countAuditEvents(
    db,
    'otp.failed',
    since,
    sql`${auditEvents.details}->>'purpose' = ${purpose}`,
    sql`${auditEvents.details}->>'reference' = ${reference}`,
  );
}
