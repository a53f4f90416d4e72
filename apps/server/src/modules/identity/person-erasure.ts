import type { Queryable } from '../../db/database';
import { clearAllPasswordFailures } from './credentials/password.store';
import { revokeEverySignInOf } from './oauth/grant.store';

/**
 * What identity forgets of a person the demo admin deletes (the admin module's deleteUser), in
 * the caller's transaction: the lock-out counter of their username (kept by username, no
 * foreign key) and every sign-in (grants, tokens, sessions). Answers how many grants ended.
 * The rows keyed to the user (flows, codes, push requests, pickup references) go with the
 * directory's entry, by their foreign keys.
 */
export async function forgetSignInsOf(
  tx: Queryable,
  person: { id: string; uid: string },
): Promise<number> {
  await clearAllPasswordFailures(tx, person.uid);
  return revokeEverySignInOf(tx, person.id);
}
