import type { SignInSession } from '@anybank/contracts';
import { SESSION_ACTIVITY_RESOLUTION_MS } from '@anybank/contracts';
import type { Database, Queryable } from '../../../db/database';
import { insertAuditEvent } from '../../audit';
import type { Principal } from './access-token';
import {
  forgetEveryRememberedBrowser,
  type ForgetAllReason,
} from '../remembered-browsers/remembered-browser.service';
import { describeUserAgent } from '../user-agent.rules';
import { noticesOf, type AnnounceLogout } from './backchannel-logout';
import { isActivityWriteDue, placeOfAddress, sessionOrder } from './sessions.rules';
import { endSessions, listLiveSessions, touchSession, type SessionRow } from './sessions.store';

/** Why sessions ended, as the audit event says it. */
export type SessionEndReason =
  | 'customer'
  | 'customer-everywhere-else'
  | 'password-change'
  | 'password-reset'
  | 'contact-change-undone';

export interface SessionsService {
  /** The customer's live sessions: this browser's first, then the most recently active. */
  list(principal: Principal): Promise<SignInSession[]>;
  /** Ends one of the customer's sessions; false when the customer has no live session so named. */
  end(principal: Principal, sessionId: string, ip: string): Promise<boolean>;
  /**
   * Ends every session of the customer but this browser's, and forgets every remembered browser
   * of theirs (this one too: "Sign out everywhere" leaves no browser that skips the second
   * factor); answers how many sessions ended.
   */
  endOthers(principal: Principal, ip: string): Promise<number>;
  /**
   * Ends every session of the user but the one holding `keepGrantId` (null: every one), in the
   * caller's transaction, each with its audit event: the password change and reset use it, so
   * that the new password and the sign-outs commit together. Answers how many ended.
   */
  endAllBut(
    tx: Queryable,
    userId: string,
    keepGrantId: string | null,
    ip: string | null,
    via: SessionEndReason,
  ): Promise<number>;
  /**
   * Forgets every remembered browser of the user, each with its audit event, in the caller's
   * transaction: the sign-ins they earned no longer skip the second factor. Here so that the
   * directory's "This wasn't me" reaches it through the service it is handed, not an import.
   */
  forgetEveryRememberedBrowser(
    tx: Queryable,
    who: { userId: string; ip: string | null; at: Date },
    reason: ForgetAllReason,
  ): Promise<number>;
  /** A token of the session was used: "last active" moves on, at most once a minute. */
  touch(principal: Principal): Promise<void>;
  /**
   * Tells the connected apps that every live session of the user ends, read in the caller's
   * transaction before another module ends them (the demo admin's deletion, ADR 0028).
   */
  announceEveryEnding(tx: Queryable, userId: string, via: string): Promise<void>;
}

/** Sessions whose "last active" this instance wrote lately; beyond this many, the oldest go. */
const TOUCHES_KEPT = 10_000;

/**
 * The customer's sign-in sessions, seen and ended. A session is the provider's
 * (one per browser, `oidc_models`); what the list shows of it beyond that (user agent, address,
 * last active) is recorded beside it (sessions.record.ts, `sign_in_sessions`). Ending one ends
 * its grants, their codes and tokens, and the session, in one transaction with its audit event.
 */
export function createSessionsService(deps: {
  db: Database;
  clock?: () => Date;
  /** Tells the connected apps of the sessions that ended (back-channel logout, ADR 0028). */
  announceLogout?: AnnounceLogout;
}): SessionsService {
  const { db } = deps;
  const announce = deps.announceLogout ?? (() => undefined);
  const clock = deps.clock ?? (() => new Date());
  /** Session uid → when this instance last wrote its "last active" (epoch ms). */
  const touched = new Map<string, number>();

  async function endAndAudit(
    tx: Queryable,
    userId: string,
    sessions: SessionRow[],
    ip: string | null,
    via: SessionEndReason,
  ): Promise<void> {
    await endSessions(tx, sessions);
    for (const session of sessions) {
      await insertAuditEvent(tx, {
        type: 'session.ended',
        userId,
        ip,
        details: { sessionId: session.uid, via, grantsEnded: session.grantIds.length },
      });
    }
  }

  const endAllBut: SessionsService['endAllBut'] = async (tx, userId, keepGrantId, ip, via) => {
    const live = await listLiveSessions(tx, userId);
    const sessions = live.filter(
      (session) => keepGrantId === null || !session.grantIds.includes(keepGrantId),
    );
    await endAndAudit(tx, userId, sessions, ip, via);
    // Every connected app is told, the kept browser's too: signing out everywhere and a new
    // password leave no application session that began with the old trust (ADR 0028).
    announce(noticesOf(userId, live), via);
    return sessions.length;
  };

  const isCurrent = (session: SessionRow, principal: Principal) =>
    session.grantIds.includes(principal.grantId);

  return {
    async list(principal) {
      const rows = await listLiveSessions(db, principal.userId);
      const sessions = rows.map((row) => {
        const { browser, platform } = describeUserAgent(row.userAgent ?? '');
        const signedInAt = row.loginAt ?? row.lastActiveAt ?? clock();
        return {
          id: row.uid,
          browser,
          platform,
          place: row.ip === null ? null : placeOfAddress(row.ip),
          address: row.ip ?? '',
          signedInAt,
          lastActiveAt: row.lastActiveAt ?? signedInAt,
          current: isCurrent(row, principal),
        };
      });
      return sessions.sort(sessionOrder).map((session) => ({
        ...session,
        signedInAt: session.signedInAt.toISOString(),
        lastActiveAt: session.lastActiveAt.toISOString(),
      }));
    },

    async end(principal, sessionId, ip) {
      return db.transaction(async (tx) => {
        // Only the caller's own: another customer's session id finds nothing here.
        const sessions = await listLiveSessions(tx, principal.userId, sessionId);
        if (sessions.length === 0) return false;
        await endAndAudit(tx, principal.userId, sessions, ip, 'customer');
        announce(noticesOf(principal.userId, sessions), 'customer');
        return true;
      });
    },

    async endOthers(principal, ip) {
      return db.transaction(async (tx) => {
        await forgetEveryRememberedBrowser(
          tx,
          { userId: principal.userId, ip, at: clock() },
          'signed-out-everywhere',
        );
        return endAllBut(tx, principal.userId, principal.grantId, ip, 'customer-everywhere-else');
      });
    },

    endAllBut,

    forgetEveryRememberedBrowser,

    async announceEveryEnding(tx, userId, via) {
      announce(noticesOf(userId, await listLiveSessions(tx, userId)), via);
    },

    async touch(principal) {
      const sessionUid = principal.sessionUid;
      if (!sessionUid) return;
      const now = clock().getTime();
      if (!isActivityWriteDue(touched.get(sessionUid), now)) return;
      if (touched.size >= TOUCHES_KEPT) touched.delete(touched.keys().next().value ?? '');
      touched.delete(sessionUid);
      touched.set(sessionUid, now);
      await touchSession(db, sessionUid, principal.userId, SESSION_ACTIVITY_RESOLUTION_MS);
    },
  };
}
