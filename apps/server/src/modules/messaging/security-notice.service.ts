import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { findUserById } from '../directory';
import type { MessagingService } from './messaging.service';
import {
  contactChangeNotice,
  isToldChange,
  securityNoticeFor,
  type ContactChangeFacts,
  type DeviceWordsOf,
  type SecurityChange,
} from './security-notice.rules';

export interface SecurityNotices {
  /**
   * E-mails the account's owner about a change already made and audited (the same event). Call
   * it after the change's transaction commits: a notice of a change that rolled back would be
   * a false alarm. A notice that cannot be sent is logged; the change stands. `alsoTo`: an
   * address that was the account's until this change (a replaced e-mail), told as well — the
   * new address may be the one of whoever took the account over.
   */
  tell(
    change: SecurityChange & { userId?: string | null },
    options?: { alsoTo?: string },
  ): Promise<void>;
  /**
   * Tells the previous e-mail address (or, by SMS, the previous mobile number) that it was
   * replaced: what, when, from which browser, how to get help. After the change commits.
   */
  tellPreviousContact(
    change: ContactChangeFacts & { userId: string; previousValue: string },
  ): Promise<void>;
}

export function createSecurityNotices(deps: {
  db: Database;
  messaging: MessagingService;
  log: FastifyBaseLogger;
  /** A device type in words, as its method declares them (identity's declared devices). */
  deviceWordsOf: DeviceWordsOf;
  clock?: () => Date;
}): SecurityNotices {
  const clock = deps.clock ?? (() => new Date());
  return {
    async tell(change, options = {}) {
      // Most audited events are told to no one: they cost no lookup.
      if (!change.userId || !isToldChange(change.type)) return;
      try {
        const user = await findUserById(deps.db, change.userId);
        if (!user) return;
        const notice = securityNoticeFor(
          change,
          { firstName: user.firstName, username: user.uid },
          clock(),
          deps.deviceWordsOf,
        );
        if (!notice) return;
        const recipients = new Set([user.email.toLowerCase()]);
        if (options.alsoTo) recipients.add(options.alsoTo.toLowerCase());
        for (const to of recipients)
          await deps.messaging.send({ channel: 'email', to, ...notice, userId: user.id });
      } catch (error) {
        deps.log.error({ err: error, change: change.type }, 'security notice not sent');
      }
    },

    async tellPreviousContact(change) {
      try {
        const user = await findUserById(deps.db, change.userId);
        if (!user) return;
        const notice = contactChangeNotice(change, {
          firstName: user.firstName,
          username: user.uid,
        });
        await deps.messaging.send(
          change.kind === 'email'
            ? { channel: 'email', to: change.previousValue, ...notice, userId: user.id }
            : {
                channel: 'sms',
                to: change.previousValue,
                body: `${notice.subject}. ${notice.body}`,
                userId: user.id,
              },
        );
      } catch (error) {
        deps.log.error({ err: error, change: change.kind }, 'contact change notice not sent');
      }
    },
  };
}
