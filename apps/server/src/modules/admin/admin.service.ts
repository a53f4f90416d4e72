import { apiErrorMessage, messages, type AdminPolicyResponse } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import { findUserById, lockUserById, resetIdentityVerification } from '../directory';
import type { Principal, SessionsService } from '../identity';
import type { MessagingService } from '../messaging';
import { phishingEmailFor, sameEmailAddress } from './admin.rules';
import { deleteUserWithHoldings } from './delete-user';

/** Where an admin action was asked from: the client's address and the host the page named. */
export interface AdminRequest {
  ip: string;
  host?: string;
}

/**
 * The demo admin's user actions (document 2 §2, §4, §7), each on the signed-in customer's own
 * account and each written to the audit log. The orchestration policies call them with the
 * user their access token names.
 */
export interface AdminService {
  /** Removes the customer with everything they own and ends their sign-ins. */
  deleteUser(user: Principal, request: AdminRequest): Promise<AdminPolicyResponse>;
  /** Clears the identity-verified flag. */
  resetVerification(user: Principal, request: AdminRequest): Promise<AdminPolicyResponse>;
  /** Sends the phishing demo e-mail to the customer's own address. */
  sendPhishingEmail(
    user: Principal,
    request: AdminRequest & { to: string },
  ): Promise<AdminPolicyResponse>;
}

function failure(message: string): AdminPolicyResponse {
  return { success: false, additionalProperties: { errorBody: { message } } };
}

function requireCustomer(user: Principal): void {
  if (user.userType !== 'customer') throw new DomainError('admin_customers_only');
}

export function createAdminService(deps: {
  db: Database;
  messaging: MessagingService;
  /** Tells the connected apps the deleted customer's sessions end (ADR 0028). */
  sessions?: Pick<SessionsService, 'announceEveryEnding'>;
}): AdminService {
  const { db, messaging } = deps;

  return {
    async deleteUser(user, request) {
      // The page shows a delete failure's own message (§8): it is answered in the body.
      if (user.userType !== 'customer') return failure(messages.admin.customersOnly);
      const deleted = await db.transaction(async (tx) => {
        const row = await lockUserById(tx, user.userId);
        if (!row) return null;
        await deps.sessions?.announceEveryEnding(tx, row.id, 'deleted');
        const holdings = await deleteUserWithHoldings(tx, row);
        await insertAuditEvent(tx, {
          type: 'admin.action',
          userId: row.id,
          ip: request.ip,
          details: { action: 'delete-user', uid: row.uid, host: request.host ?? null, holdings },
        });
        return row;
      });
      return deleted ? { success: true } : failure(messages.admin.noSuchUser);
    },

    async resetVerification(user, request) {
      requireCustomer(user);
      const changed = await db.transaction(async (tx) => {
        if (!(await resetIdentityVerification(tx, user.userId))) return false;
        await insertAuditEvent(tx, {
          type: 'admin.action',
          userId: user.userId,
          ip: request.ip,
          details: { action: 'reset-verification', host: request.host ?? null },
        });
        return true;
      });
      if (!changed) throw new DomainError('no_such_user');
      return { success: true };
    },

    async sendPhishingEmail(user, request) {
      requireCustomer(user);
      const customer = await findUserById(db, user.userId);
      if (!customer) throw new DomainError('no_such_user');
      // The bank's mail must not carry a phishing message to anybody else: the demo shows it
      // to the customer running it, in their own mailbox.
      if (!sameEmailAddress(request.to, customer.email)) {
        throw new DomainError('admin_phishing_own_address', {
          details: [{ field: 'to', message: apiErrorMessage('admin_phishing_own_address') }],
        });
      }
      const email = phishingEmailFor({
        firstName: customer.firstName,
        lastName: customer.lastName,
        host: request.host,
      });
      // The outbox row and its audit event commit together: no mail the log does not show.
      await db.transaction(async (tx) => {
        const sent = await messaging.send(
          { channel: 'email', to: customer.email, ...email, userId: customer.id },
          tx,
        );
        await insertAuditEvent(tx, {
          type: 'admin.action',
          userId: customer.id,
          ip: request.ip,
          details: { action: 'phishing-email', messageId: sent.id, host: request.host ?? null },
        });
      });
      return { success: true };
    },
  };
}
