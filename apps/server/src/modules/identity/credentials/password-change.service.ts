import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import { insertAuditEvent, type AuditEvent } from '../../audit';
import { findUserById, setUserPassword } from '../../directory';
import type { SecurityNotices } from '../../messaging';
import type { Principal } from '../oauth/access-token';
import type { RecentAuthentication } from '../oauth/recent-authentication';
import type { SessionsService } from '../oauth/sessions.service';
import { forgetEveryRememberedBrowser } from '../remembered-browsers/remembered-browser.service';
import { hashNewPassword } from './new-password';

export interface PasswordChangeService {
  /**
   * The signed-in customer's new password: checked as every new password is,
   * after a step-up made for it (a fresh sign-in is not enough), stored with its audit event
   * and, when asked, with every other session of the customer ended, all in one transaction.
   * Answers how many sessions ended.
   */
  change(
    principal: Principal,
    input: { newPassword: string; signOutOtherSessions: boolean },
    ip: string,
  ): Promise<{ sessionsEnded: number }>;
}

export function createPasswordChangeService(deps: {
  db: Database;
  recentAuth: Pick<RecentAuthentication, 'requireUnspentStepUp' | 'spendStepUp' | 'stepUpRefusal'>;
  sessions: Pick<SessionsService, 'endAllBut'>;
  notices: SecurityNotices;
}): PasswordChangeService {
  const { db } = deps;
  return {
    async change(principal, input, ip) {
      const user = await findUserById(db, principal.userId);
      if (!user) throw new DomainError('sign_in_required');
      // A customer who signs in with a device has no password in use: switching the sign-in
      // method to Password (document 2 §7) is how one is set.
      if (!user.passwordHash || user.authnPreference !== 'Password') {
        throw new DomainError('no_password_to_change');
      }
      // The cheap check first: a step-up made for this change (a fresh sign-in is not enough),
      // before the strength check and the hash (CPU that a stolen token must not be able to ask
      // for at will). It is spent in the change's transaction, so a refused password keeps it.
      await deps.recentAuth.requireUnspentStepUp(principal);
      // The same door as every other new password (docs/security.md, 2.1.7).
      const passwordHash = await hashNewPassword(input.newPassword, {
        username: user.uid,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
      });
      const change: AuditEvent = {
        type: 'password.changed',
        userId: user.id,
        ip,
        details: { via: 'password-change', otherSessionsSignedOut: input.signOutOtherSessions },
      };
      const sessionsEnded = await db.transaction(async (tx) => {
        // Spent here, once: two changes sent with one step-up get one answer between them.
        if (!(await deps.recentAuth.spendStepUp(tx, principal))) return null;
        await setUserPassword(tx, user.id, passwordHash);
        await insertAuditEvent(tx, change);
        // What the old password earned ends with it, whether or not sessions end too.
        await forgetEveryRememberedBrowser(
          tx,
          { userId: user.id, ip, at: new Date() },
          'password-change',
        );
        return input.signOutOtherSessions
          ? deps.sessions.endAllBut(tx, user.id, principal.grantId, ip, 'password-change')
          : 0;
      });
      if (sessionsEnded === null) throw await deps.recentAuth.stepUpRefusal(user.id);
      await deps.notices.tell(change);
      return { sessionsEnded };
    },
  };
}
