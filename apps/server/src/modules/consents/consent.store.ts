import type { Queryable } from '../../db/database';
import { consents } from '../../db/schema';

export type NewConsent = typeof consents.$inferInsert;

export async function insertConsents(db: Queryable, rows: NewConsent[]): Promise<void> {
  if (rows.length > 0) await db.insert(consents).values(rows);
}
