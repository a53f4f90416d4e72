import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';

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
