import { sql } from 'drizzle-orm';
import { preparedStatement, queryRows, type Queryable } from '../../../db/database';
import type { pickupReferences } from '../../../db/schema';
import { grantIsLive } from '../oauth/grant-liveness';
import type { PickupUser } from './pickup.rules';

export type NewPickupReference = typeof pickupReferences.$inferInsert;

/**
 * Claims an authorization code and stores the pickup reference issued for it, in one statement
 * (one commit): the reference is written only by the first claim of the code, however many
 * requests race (one insert on the code's hash, the primary key). Answers whether it was.
 */
export async function issuePickupReference(
  db: Queryable,
  claim: { codeHash: string; codeExpiresAt: Date },
  reference: NewPickupReference,
): Promise<boolean> {
  const rows = await queryRows<{ ref_hash: string }>(
    db,
    sql`with claimed as (
        insert into pickup_issued_codes (code_hash, expires_at)
        values (${claim.codeHash}, ${claim.codeExpiresAt.toISOString()}::timestamptz)
        on conflict do nothing
        returning code_hash)
      insert into pickup_references
        (ref_hash, binding_hash, reference_type, grant_id, user_id, expires_at)
      select ${reference.refHash}, ${reference.bindingHash}, ${reference.referenceType},
        ${reference.grantId}, ${reference.userId}::uuid, ${reference.expiresAt.toISOString()}::timestamptz
      from claimed
      returning ref_hash`,
  );
  return rows.length === 1;
}

/** Expired references and code claims are refused already; deleting them keeps tables small. */
export async function deleteExpiredPickupReferences(db: Queryable): Promise<void> {
  await db.execute(sql`delete from pickup_references where expires_at < now()`);
  await db.execute(sql`delete from pickup_issued_codes where expires_at < now()`);
}

/** What a reference hands over, read by the statement that takes it. */
export interface TakenReference {
  /** False once the user signed out (in another tab): the sign-in's grant is gone. */
  grantIsLive: boolean;
  /** Null when the user no longer exists. */
  user: (Omit<PickupUser, 'userType'> & { userType: string }) | null;
  /** The user's accounts, in their order. */
  accountIds: string[];
}

interface TakenRow extends Omit<PickupUser, 'userType' | 'id'> {
  grantIsLive: boolean;
  id: string | null;
  userType: string;
  accountIds: string[] | null;
}

const takeReference = preparedStatement<TakenRow>(
  'pickup_take',
  sql`with taken as (
      delete from pickup_references
      where ref_hash = ${sql.placeholder('refHash')}
        and binding_hash = ${sql.placeholder('bindingHash')}
        and reference_type = ${sql.placeholder('referenceType')}
        and expires_at > now()
      returning user_id, grant_id)
    select ${grantIsLive(sql`taken.grant_id`)} as "grantIsLive",
      u.id, u.uid, u.first_name as "firstName", u.last_name as "lastName", u.email, u.mobile,
      u.street, u.city, u.postal_code as "postalCode", u.user_type as "userType",
      u.authn_preference as "authnPreference",
      (select array_agg(a.id::text order by a.position) from bank_accounts_held a
        where a.owner_id = u.id)
        as "accountIds"
    from taken left join directory_people u on u.id = taken.user_id`,
);

/**
 * Takes a reference for good, in one statement: only with its binding, before it expires, and
 * only once however many requests race for it. The same statement answers what the pickup
 * hands over (the user, their accounts) and whether the sign-in's grant still lives.
 */
export async function consumePickupReference(
  db: Queryable,
  match: { refHash: string; bindingHash: string; referenceType: string },
): Promise<TakenReference | null> {
  const [row] = await takeReference(db, match);
  if (!row) return null;
  const { grantIsLive: live, accountIds, id, ...user } = row;
  return {
    grantIsLive: live,
    user: id === null ? null : { ...user, id },
    accountIds: accountIds ?? [],
  };
}
