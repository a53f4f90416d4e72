import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { oidcModels, signInSessions } from '../../../db/schema';

/** One live sign-in session of a user: the provider's `Session` row, with what was recorded. */
export interface SessionRow {
  /** The provider's row id (the session cookie's value): never leaves the server. */
  rowId: string;
  /** The session's uid: stable for its whole life, the id the customer's list shows. */
  uid: string;
  /** The grants the session holds, one per client it signed in to. */
  grantIds: string[];
  /** The clients it signed in to, each with the session's id for it (`sid`, ADR 0028). */
  clients: { clientId: string; sid: string }[];
  /** When the person signed in (the provider's `loginTs`). */
  loginAt: Date | null;
  /** Recorded when the browser got its code (sessions.record.ts); null if never recorded. */
  userAgent: string | null;
  ip: string | null;
  lastActiveAt: Date | null;
}

const live = sql`(${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > now())`;

/**
 * The user's live sessions, read from the provider's own rows (not from what was recorded:
 * a session begun before recording existed must still show, and still end).
 */
export async function listLiveSessions(
  db: Queryable,
  userId: string,
  onlyUid?: string,
): Promise<SessionRow[]> {
  const rows = await db
    .select({
      rowId: oidcModels.id,
      uid: oidcModels.uid,
      grantIds: sql<
        string[] | null
      >`(select array_agg(value->>'grantId') from jsonb_each(coalesce(${oidcModels.payload}->'authorizations', '{}'::jsonb)) where value->>'grantId' is not null)`,
      clients: sql<
        { clientId: string; sid: string }[] | null
      >`(select jsonb_agg(jsonb_build_object('clientId', key, 'sid', value->>'sid')) from jsonb_each(coalesce(${oidcModels.payload}->'authorizations', '{}'::jsonb)) where value->>'sid' is not null)`,
      loginTs: sql<number | null>`(${oidcModels.payload}->>'loginTs')::float8`,
      userAgent: signInSessions.userAgent,
      ip: signInSessions.ip,
      lastActiveAt: signInSessions.lastActiveAt,
    })
    .from(oidcModels)
    .leftJoin(
      signInSessions,
      and(
        eq(signInSessions.sessionUid, oidcModels.uid),
        sql`${signInSessions.userId}::text = ${userId}`,
      ),
    )
    .where(
      and(
        eq(oidcModels.model, 'Session'),
        sql`${oidcModels.payload}->>'accountId' = ${userId}`,
        live,
        onlyUid === undefined ? undefined : eq(oidcModels.uid, onlyUid),
      ),
    );
  return rows.flatMap((row) =>
    row.uid === null
      ? []
      : [
          {
            rowId: row.rowId,
            uid: row.uid,
            grantIds: row.grantIds ?? [],
            clients: row.clients ?? [],
            loginAt: row.loginTs === null ? null : new Date(row.loginTs * 1000),
            userAgent: row.userAgent,
            ip: row.ip,
            lastActiveAt: row.lastActiveAt,
          },
        ],
  );
}

/**
 * Ends sessions for good: every code and token issued under their grants, the grants (the APIs
 * look a token's grant up on every request, so its JWT access tokens answer 401 from the next
 * call on, on every instance), the sessions themselves (their browsers' cookies then find
 * nothing, and a silent renewal asks for a sign-in) and what was recorded of them. Run it in the
 * caller's transaction.
 */
export async function endSessions(db: Queryable, sessions: readonly SessionRow[]): Promise<void> {
  if (sessions.length === 0) return;
  const grantIds = sessions.flatMap((session) => session.grantIds);
  if (grantIds.length > 0) {
    await db.delete(oidcModels).where(inArray(oidcModels.grantId, grantIds));
    await db
      .delete(oidcModels)
      .where(and(eq(oidcModels.model, 'Grant'), inArray(oidcModels.id, grantIds)));
  }
  await db.delete(oidcModels).where(
    and(
      eq(oidcModels.model, 'Session'),
      inArray(
        oidcModels.id,
        sessions.map((session) => session.rowId),
      ),
    ),
  );
  await db.delete(signInSessions).where(
    inArray(
      signInSessions.sessionUid,
      sessions.map((session) => session.uid),
    ),
  );
}

/**
 * Records a session as its browser gets a code: the browser's user agent and address, when the
 * person signed in, and that it is active now. Nothing is written for a user who is gone.
 */
export async function recordSessionSeen(
  db: Queryable,
  seen: { sessionUid: string; userId: string; userAgent: string; ip: string; signedInAt: Date },
): Promise<void> {
  await db.execute(sql`insert into ${signInSessions}
      (session_uid, user_id, user_agent, ip, signed_in_at, last_active_at)
    select ${seen.sessionUid}, id, ${seen.userAgent}, ${seen.ip}, ${seen.signedInAt.toISOString()}::timestamptz, now()
      from directory_people where id::text = ${seen.userId}
    on conflict (session_uid) do update set user_id = excluded.user_id,
      user_agent = excluded.user_agent, ip = excluded.ip,
      signed_in_at = excluded.signed_in_at, last_active_at = excluded.last_active_at`);
}

/**
 * The session was used now: its "last active" moves on, unless it was written within the last
 * `resolutionMs` (by this instance or another one).
 */
export async function touchSession(
  db: Queryable,
  sessionUid: string,
  userId: string,
  resolutionMs: number,
): Promise<void> {
  await db
    .update(signInSessions)
    .set({ lastActiveAt: sql`now()` })
    .where(
      and(
        eq(signInSessions.sessionUid, sessionUid),
        sql`${signInSessions.userId}::text = ${userId}`,
        sql`${signInSessions.lastActiveAt} < now() - make_interval(secs => ${resolutionMs / 1000})`,
      ),
    );
}

/**
 * Forgets what was recorded of sessions that ended by themselves (signed out, expired): the list
 * never shows them (it starts from the live `Session` rows); this only keeps the table small.
 */
export async function purgeEndedSessionRecords(db: Queryable): Promise<void> {
  await db.execute(sql`delete from ${signInSessions} s where not exists (
      select 1 from oidc_models m where m.model = 'Session' and m.uid = s.session_uid
        and (m.expires_at is null or m.expires_at > now()))`);
}
