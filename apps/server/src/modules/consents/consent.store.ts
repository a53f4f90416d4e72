import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { consents } from '../../db/schema';

export type ConsentRow = typeof consents.$inferSelect;
export type NewConsent = typeof consents.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertConsents(db: Queryable, rows: NewConsent[]): Promise<void> {
  if (rows.length > 0) await db.insert(consents).values(rows);
}

export async function insertConsent(db: Queryable, row: NewConsent): Promise<ConsentRow> {
  const [inserted] = await db.insert(consents).values(row).returning();
  if (!inserted) throw new Error('insert into consents returned no row');
  return inserted;
}

/** A subject's consents, newest change first; one definition's only when it is given. */
export async function listConsentsOf(
  db: Queryable,
  subject: string,
  definitionId?: string,
): Promise<ConsentRow[]> {
  return db
    .select()
    .from(consents)
    .where(
      and(
        eq(consents.subject, subject),
        definitionId === undefined ? undefined : eq(consents.definitionId, definitionId),
      ),
    )
    .orderBy(desc(consents.updatedAt), desc(consents.id));
}

/**
 * The subject's consent with this id, locked for update when `forUpdate` (inside a
 * transaction); null for anyone else's, a missing one or an id that is no uuid at all.
 */
export async function findConsentOf(
  db: Queryable,
  id: string,
  subject: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConsentRow | null> {
  // A malformed id would make PostgreSQL raise on the uuid cast: it simply is no consent.
  if (!UUID.test(id)) return null;
  const query = db
    .select()
    .from(consents)
    .where(and(eq(consents.id, id), eq(consents.subject, subject)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateConsent(
  db: Queryable,
  id: string,
  changes: Partial<Omit<NewConsent, 'id' | 'subject' | 'createdAt'>>,
): Promise<ConsentRow> {
  const [row] = await db
    .update(consents)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(consents.id, id))
    .returning();
  if (!row) throw new Error(`consent ${id} vanished during an update`);
  return row;
}

/**
 * Serialises creating a subject's consent of one definition until the transaction ends: the
 * table has no unique key on (subject, definition), and two creates at once must not both
 * find none and insert two.
 */
export async function lockConsentsOf(
  db: Queryable,
  subject: string,
  definitionId: string,
): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${JSON.stringify(['consent', subject, definitionId])}, 0))`,
  );
}
