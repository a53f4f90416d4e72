import type { Queryable } from '../../db/database';
import { deleteConsentsOf } from './consent.store';

/**
 * What the consents module forgets of a person the demo admin deletes (the admin module's
 * deleteUser), in the caller's transaction: the consents they gave or acted on (kept by
 * subject, no foreign key). Answers how many.
 */
export function forgetConsentsOf(tx: Queryable, personId: string): Promise<number> {
  return deleteConsentsOf(tx, personId);
}
