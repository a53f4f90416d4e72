import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  isRegisteredAssistant,
  messages,
  isUserType,
  type ConnectedApp,
  type ConsentDecision,
  type ConsentRequest,
} from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent, latestEventBy } from '../../audit';
import { findUserById } from '../../directory';
import { appNameOf, grantedScopes, mergedConsent, needsConsent } from './client-scopes.rules';
import {
  deleteClientConsent,
  findClientConsent,
  listClientConsents,
  saveClientConsent,
} from './connected-apps.store';
import { endGrantsOf } from './grant.store';
import { interactionHandle, type InteractionPort, type PendingConsent } from './interaction.port';

export interface ConnectedAppsService {
  /** The applications the customer let in, oldest first. */
  list(userId: string): Promise<ConnectedApp[]>;
  /** Forgets the consent and ends the application's grants and tokens; false: not connected. */
  revoke(userId: string, clientId: string, ip: string): Promise<boolean>;
  /** The consent request this browser holds, for the interaction the page names. */
  pending(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<ConsentRequest>;
  /** Records the customer's answer; answers where the browser goes next. */
  decide(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    decision: ConsentDecision,
  ): Promise<string>;
}

const REQUEST_ENDED = () => new DomainError('consent_request_not_found');

/**
 * Connected apps: the consent an application other than the bank's own needs
 * before it gets a sign-in, remembered per customer and client, and revoked from Privacy &
 * Security. The OAuth server reads the remembered consent in `loadExistingGrant`.
 */
export function createConnectedAppsService(deps: {
  db: Database;
  interactions: InteractionPort;
  /** The payments the customer decided, by application (the payments module's, ADR 0023). */
  paymentsOf?: (userId: string) => Promise<ReadonlyMap<string, ConnectedApp['payments']>>;
  /** The name a self-registered client (an assistant, ADR 0029) gave itself; null: none. */
  registeredName?: (clientId: string) => Promise<string | null>;
}): ConnectedAppsService {
  const { db, interactions } = deps;

  /**
   * What the customer reads as the application's name. An assistant chose its own name when
   * it registered, so it is said as such: nothing stops one calling itself "AnyBank".
   */
  async function nameOf(clientId: string): Promise<string> {
    if (!isRegisteredAssistant(clientId)) return appNameOf(clientId);
    const registered = (await deps.registeredName?.(clientId))?.trim();
    return messages.connectedApps.registeredAssistant(registered || clientId);
  }

  /** This browser's consent prompt, if it is the one the page names. */
  async function pendingOf(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
  ): Promise<PendingConsent> {
    const pending = await interactions.pendingConsent(interactionHandle(request, reply));
    // One `_interaction` cookie per browser: a page left open in another tab names another one.
    if (!pending || pending.uid !== uid || !needsConsent(pending.clientId)) throw REQUEST_ENDED();
    return pending;
  }

  async function grantedFor(pending: PendingConsent) {
    const user = await findUserById(db, pending.accountId);
    if (!user || !isUserType(user.userType)) throw REQUEST_ENDED();
    const granted = grantedScopes(pending.clientId, pending.requestedScopes, user.userType);
    return { user, scopes: [...granted.oidc, ...granted.api] };
  }

  return {
    async list(userId) {
      const consents = await listClientConsents(db, userId);
      const payments = (await deps.paymentsOf?.(userId)) ?? new Map();
      const names = await Promise.all(consents.map((consent) => nameOf(consent.clientId)));
      // What each assistant did last for the customer (ADR 0029), from the audit log.
      const lastUses = consents.some((consent) => isRegisteredAssistant(consent.clientId))
        ? await latestEventBy(db, { userId, type: 'assistant.used', detail: 'clientId' })
        : new Map<string, { at: Date; details: Record<string, unknown> }>();
      return consents.map((consent, index) => {
        const lastUse = lastUses.get(consent.clientId);
        return {
          clientId: consent.clientId,
          name: names[index] ?? consent.clientId,
          ...(lastUse
            ? { lastUsed: { at: lastUse.at.toISOString(), what: String(lastUse.details.what) } }
            : {}),
          scopes: consent.scopes,
          connectedAt: consent.createdAt.toISOString(),
          ...(payments.has(consent.clientId) ? { payments: payments.get(consent.clientId) } : {}),
        };
      });
    },

    async revoke(userId, clientId, ip) {
      return db.transaction(async (tx) => {
        const existed = await deleteClientConsent(tx, userId, clientId);
        if (!existed) return false;
        const grantsEnded = await endGrantsOf(tx, userId, clientId);
        await insertAuditEvent(tx, {
          type: 'oauth.app_revoked',
          userId,
          ip,
          details: { clientId, grantsEnded },
        });
        return true;
      });
    },

    async pending(request, reply, uid) {
      const pending = await pendingOf(request, reply, uid);
      const { user, scopes } = await grantedFor(pending);
      return {
        clientId: pending.clientId,
        appName: await nameOf(pending.clientId),
        accountName: `${user.firstName} ${user.lastName}`,
        scopes,
      };
    },

    async decide(request, reply, uid, decision) {
      const pending = await pendingOf(request, reply, uid);
      if (decision === 'deny') {
        await insertAuditEvent(db, {
          type: 'oauth.consent_refused',
          userId: pending.accountId,
          ip: request.ip,
          details: { clientId: pending.clientId },
        });
        return interactions.abort(
          interactionHandle(request, reply),
          'the customer did not allow this application',
        );
      }
      const { scopes } = await grantedFor(pending);
      await db.transaction(async (tx) => {
        const earlier = await findClientConsent(tx, pending.accountId, pending.clientId);
        const agreed = mergedConsent(earlier?.scopes ?? [], scopes);
        await saveClientConsent(tx, pending.accountId, pending.clientId, agreed);
        await insertAuditEvent(tx, {
          type: 'oauth.consent_given',
          userId: pending.accountId,
          ip: request.ip,
          details: { clientId: pending.clientId, scopes: agreed },
        });
      });
      return interactions.finishConsent(interactionHandle(request, reply));
    },
  };
}
