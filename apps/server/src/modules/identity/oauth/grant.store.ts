import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { directoryPeople, oidcModels } from '../../../db/schema';

/**
 * Ends every OAuth grant of one user with one client, at once (Revoke): each grant
 * row, everything issued under it (codes, refresh and opaque access tokens carry its id), and
 * the link each of the user's sessions keeps to it. The client's JWT access tokens name the
 * grant (`gid`) and the APIs look it up on every request, so they stop working with it.
 * Answers how many grants ended. Run it inside the caller's transaction (`tx`).
 */
export async function endGrantsOf(
  db: Queryable,
  accountId: string,
  clientId: string,
): Promise<number> {
  const grants = await db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(
      and(
        eq(oidcModels.model, 'Grant'),
        sql`${oidcModels.payload}->>'accountId' = ${accountId}`,
        sql`${oidcModels.payload}->>'clientId' = ${clientId}`,
      ),
    );
  const grantIds = grants.map((grant) => grant.id);
  if (grantIds.length > 0) {
    await db.delete(oidcModels).where(inArray(oidcModels.grantId, grantIds));
    await db
      .delete(oidcModels)
      .where(and(eq(oidcModels.model, 'Grant'), inArray(oidcModels.id, grantIds)));
  }
  // A session would otherwise still name the ended grant for this client.
  await db
    .update(oidcModels)
    .set({ payload: sql`${oidcModels.payload} #- array['authorizations', ${clientId}]::text[]` })
    .where(
      and(
        eq(oidcModels.model, 'Session'),
        sql`${oidcModels.payload}->>'accountId' = ${accountId}`,
        sql`${oidcModels.payload}->'authorizations' ? ${clientId}`,
      ),
    );
  return grantIds.length;
}

/** A grant's account, client and scopes, with the account's user type (token-binding.rules). */
export interface GrantBinding {
  accountId: string;
  clientId: string;
  scopes: string[];
  accountUserType: string | null;
}

/**
 * The live grant `grantId` as token-binding.rules checks it, in one read: its account, client
 * and scopes (OpenID and every resource's), and the user type of its account. Null when the
 * grant has ended or never existed.
 */
export async function readGrantBinding(
  db: Queryable,
  grantId: string,
): Promise<GrantBinding | null> {
  const [row] = await db
    .select({
      accountId: sql<string | null>`${oidcModels.payload}->>'accountId'`,
      clientId: sql<string | null>`${oidcModels.payload}->>'clientId'`,
      openidScope: sql<string | null>`${oidcModels.payload}->'openid'->>'scope'`,
      resourceScopes: sql<
        string | null
      >`(select string_agg(value, ' ') from jsonb_each_text(coalesce(${oidcModels.payload}->'resources', '{}'::jsonb)))`,
      accountUserType: directoryPeople.userType,
    })
    .from(oidcModels)
    // The directory's people view (one round trip on every access-token check). Cast the one
    // grant's account id, not every user's id: the join stays on the users' primary key.
    .leftJoin(
      directoryPeople,
      sql`${directoryPeople.id} = case when ${oidcModels.payload}->>'accountId' ~ '^[0-9a-f-]{36}$' then (${oidcModels.payload}->>'accountId')::uuid end`,
    )
    .where(
      and(
        eq(oidcModels.model, 'Grant'),
        eq(oidcModels.id, grantId),
        sql`(${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > now())`,
      ),
    )
    .limit(1);
  if (!row?.accountId || !row.clientId) return null;
  return {
    accountId: row.accountId,
    clientId: row.clientId,
    scopes: `${row.openidScope ?? ''} ${row.resourceScopes ?? ''}`.split(' ').filter(Boolean),
    accountUserType: row.accountUserType,
  };
}

/**
 * Ends every sign-in of the user: their grants with every code and token issued under them,
 * their sessions and pending back-channel requests (all rows whose payload names the user).
 * Access tokens are JWTs checked against their grant, so they stop working at once.
 * `payload->>'accountId'` has no index: this runs only when an account is deleted. Answers
 * how many grants ended.
 */
export async function revokeEverySignInOf(db: Queryable, userId: string): Promise<number> {
  const ofUser = sql`${oidcModels.payload}->>'accountId' = ${userId}`;
  const grantIds = db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, 'Grant'), ofUser));
  const removed = await db
    .delete(oidcModels)
    .where(or(inArray(oidcModels.grantId, grantIds), ofUser))
    .returning({ model: oidcModels.model });
  return removed.filter((row) => row.model === 'Grant').length;
}
