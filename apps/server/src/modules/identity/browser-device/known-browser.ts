import { DEVICE_COOKIE_MAX_AGE_S } from '@anybank/contracts';
import type { Queryable } from '../../../db/database';
import { countAuditEvents } from '../../audit';

/**
 * Whether the browser whose device cookie hashes to `deviceHash` has signed in as this user
 * (null: a username that exists for no one) within the cookie's lifetime: a 'signin.succeeded'
 * event (flow.effects.ts) names it. The same statement runs whether the user exists or not.
 */
export async function hasSignedInFrom(
  db: Queryable,
  userId: string | null,
  deviceHash: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - DEVICE_COOKIE_MAX_AGE_S * 1000);
  const events = await countAuditEvents(db, {
    type: 'signin.succeeded',
    since,
    userId,
    details: { device: deviceHash },
  });
  return events > 0;
}
