import { sql } from 'drizzle-orm';
import { DEVICE_COOKIE_MAX_AGE_S } from '@anybank/contracts';
import type { Queryable } from '../../../db/database';
import { auditEvents, users } from '../../../db/schema';
import { countAuditEvents } from '../../audit';

/**
 * Whether the browser whose device cookie hashes to `deviceHash` has signed in as `uid` within
 * the cookie's lifetime: a 'signin.succeeded' event (flow.effects.ts) names it. Read by the
 * username's text, the same statement whether it exists or not.
 */
export async function hasSignedInFrom(
  db: Queryable,
  uid: string,
  deviceHash: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - DEVICE_COOKIE_MAX_AGE_S * 1000);
  const events = await countAuditEvents(
    db,
    'signin.succeeded',
    since,
    sql`${auditEvents.userId} = (select ${users.id} from ${users} where ${users.uid} = ${uid})`,
    sql`${auditEvents.details}->>'device' = ${deviceHash}`,
  );
  return events > 0;
}
