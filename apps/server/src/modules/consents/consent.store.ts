import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { consents, directoryPeople as people } from '../../db/schema';

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

/** The newest consent of one definition of each of these subjects (none for those without). */
export async function latestConsentsOf(
  db: Queryable,
  subjects: readonly string[],
  definitionId: string,
): Promise<Map<string, ConsentRow>> {
  if (subjects.length === 0) return new Map();
  const rows = await db
    .select()
    .from(consents)
    .where(and(inArray(consents.subject, [...subjects]), eq(consents.definitionId, definitionId)))
    .orderBy(asc(consents.updatedAt), asc(consents.id));
  // Oldest first, so the newest of a subject's (there is normally one) is the one kept.
  return new Map(rows.map((row) => [row.subject, row]));
}

export interface SharingClientRow {
  consent: ConsentRow;
  uid: string;
  firstName: string;
  lastName: string;
}

/**
 * Customers whose consent of this definition to this audience is accepted and shares at least
 * one account, ordered by name; one subject's only when it is given.
 */
export async function listSharingClients(
  db: Queryable,
  filter: { definitionId: string; audience: string; subject?: string },
): Promise<SharingClientRow[]> {
  return (
    db
      .select({
        consent: consents,
        uid: people.uid,
        firstName: people.firstName,
        lastName: people.lastName,
      })
      .from(consents)
      // The directory's people view: the client's name and type, in the same statement.
      .innerJoin(people, eq(sql`${people.id}::text`, consents.subject))
      .where(
        and(
          eq(consents.definitionId, filter.definitionId),
          eq(consents.audience, filter.audience),
          eq(consents.status, 'accepted'),
          // A first element exists: the list is not empty (and `->` never raises on odd data).
          sql`(${consents.data} -> 'share-balance' -> 0) is not null`,
          eq(people.userType, 'customer'),
          filter.subject === undefined ? undefined : eq(consents.subject, filter.subject),
        ),
      )
      .orderBy(asc(people.lastName), asc(people.firstName), asc(people.uid))
  );
}

/** Deletes the consents a person gave or acted on; answers how many. */
export async function deleteConsentsOf(db: Queryable, personId: string): Promise<number> {
  const removed = await db
    .delete(consents)
    .where(or(eq(consents.subject, personId), eq(consents.actor, personId)))
    .returning({ id: consents.id });
  return removed.length;
}
