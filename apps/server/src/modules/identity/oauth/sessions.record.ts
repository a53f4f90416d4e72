import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../../db/database';
import { recordSessionSeen } from './sessions.store';

/** A user agent longer than this is cut: it is shown, never parsed for anything that matters. */
const USER_AGENT_KEPT = 512;

/**
 * oidc-provider middleware: once an authorization has issued a code in a signed-in
 * session (a sign-in's resume, or a silent renewal), records the session's browser (user agent),
 * address, sign-in time and that it is active now, for the customer's list of sessions. The
 * provider keeps only what it needs in its `Session` row, and this runs inside the request that
 * saved it, so the list is complete as soon as the browser has its code. Any instance may
 * serve the request: the record is in the database.
 */
export function sessionSeenRecorder(db: Database) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
    if (!oidc || (oidc.route !== 'resume' && oidc.route !== 'authorization')) return;
    const session = oidc.session;
    if (!oidc.entities.AuthorizationCode || !session?.accountId || !session.loginTs) return;
    await recordSessionSeen(db, {
      sessionUid: session.uid,
      userId: session.accountId,
      userAgent: (ctx.get('user-agent') || '').slice(0, USER_AGENT_KEPT),
      ip: ctx.ip,
      signedInAt: new Date(session.loginTs * 1000),
    });
  };
}
