import { and, asc, like, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';
import { isPersonalCustomer, literal } from './scim.store';

/** A customer as the advisor's search finds them: who they are, nothing they share. */
export interface FoundClient {
  id: string;
  uid: string;
  firstName: string;
  lastName: string;
}

/**
 * Personal customers (never staff, never a business) whose username or "First Last" name holds
 * `text`, without regard to case; by last name, first name, username; at most `limit`.
 */
export async function findClientsByNameOrUid(
  db: Queryable,
  text: string,
  limit: number,
): Promise<FoundClient[]> {
  const pattern = `%${literal(text.toLowerCase())}%`;
  const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
  return db
    .select({
      id: users.id,
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(isPersonalCustomer, or(like(users.uid, pattern), like(fullName, pattern))))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.uid))
    .limit(limit);
}
