import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditEvents } from '../../db/schema';
import { countAuditEvents } from '../audit';

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
