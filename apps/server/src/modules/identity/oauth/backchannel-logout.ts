import type Provider from 'oidc-provider';
import type { Database } from '../../../db/database';
import { insertAuditEvent } from '../../audit';

/** A client's session to be told of its end: the bank's `sid` for it, and whose it was. */
export interface LogoutNotice {
  accountId: string;
  clientId: string;
  sid: string;
}

/**
 * Tells the clients, in the background, that sessions ended (ADR 0028). Never awaited by the
 * customer's request: an application slow or down does not hold up a sign-out.
 */
export type AnnounceLogout = (notices: readonly LogoutNotice[], via: string) => void;

/** The notices of ended sessions: one per client each session signed in to. */
export function noticesOf(
  accountId: string,
  sessions: readonly { clients: readonly { clientId: string; sid: string }[] }[],
): LogoutNotice[] {
  return sessions.flatMap((session) =>
    session.clients.map(({ clientId, sid }) => ({ accountId, clientId, sid })),
  );
}

interface BackchannelClient {
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

/**
 * OpenID Connect Back-Channel Logout 1.0 for the endings oidc-provider does not see: the
 * sessions service ends sessions in SQL (one transaction with their grants and audit events),
 * so the provider's own end-session path never runs. Each client registered with a
 * `backchannel_logout_uri` gets the provider's logout token (`typ: logout+jwt`, signed with the
 * bank's current ID-token key, `events`, `sub`, `sid`, a fresh `jti`, two minutes), posted by
 * the provider itself (`Client#backchannelLogout`); delivered or not, an audit event says so.
 */
export function createLogoutAnnouncer(deps: {
  db: Database;
  currentProvider: () => Provider;
  warn: (error: unknown) => void;
}): AnnounceLogout {
  async function tell(notice: LogoutNotice, via: string): Promise<void> {
    const client = await deps.currentProvider().Client.find(notice.clientId);
    if (!client?.backchannelLogoutUri) return;
    const event = { clientId: notice.clientId, sid: notice.sid, via };
    try {
      // At run time every client has it (oidc-provider 9); its types leave it out.
      await (client as unknown as BackchannelClient).backchannelLogout(
        notice.accountId,
        notice.sid,
      );
      await insertAuditEvent(deps.db, {
        type: 'backchannel_logout.delivered',
        userId: notice.accountId,
        details: event,
      });
    } catch (error) {
      await insertAuditEvent(deps.db, {
        type: 'backchannel_logout.failed',
        userId: notice.accountId,
        details: { ...event, error: error instanceof Error ? error.message : String(error) },
      });
    }
  }
  return (notices, via) => {
    const seen = new Set<string>();
    const unique = notices.filter((notice) => {
      const key = `${notice.clientId} ${notice.sid}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (unique.length === 0) return;
    // After the caller's work: a transaction that ends sessions commits first.
    setImmediate(() => {
      for (const notice of unique) tell(notice, via).catch(deps.warn);
    });
  };
}
