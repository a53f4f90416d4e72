import type { FastifyBaseLogger } from 'fastify';
import { apiErrorMessage, type OutboxChannel, type OutboxMessage } from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { DomainError } from '../../domain-error';
import { normaliseRecipient, recipientSearchKey } from './messaging.rules';
import { countEmailsSentTo, insertOutboxMessage, listOutboxMessages } from './outbox.store';
import type { EmailTransport } from './smtp-transport';

export interface OutgoingMessage {
  channel: OutboxChannel;
  to: string;
  subject?: string;
  body: string;
  /** The one-time code the message carries, shown by the outbox so a demo can read it. */
  code?: string;
  /** Structured context for push requests (what is approved, from where, amount). */
  payload?: Record<string, unknown>;
}

export interface MessagingService {
  /**
   * Stores the message in the outbox (the delivery channel) and sends e-mail by SMTP when set.
   * `within` is the caller's transaction: the message is stored with the caller's own write.
   */
  send(message: OutgoingMessage, within?: Queryable): Promise<OutboxMessage>;
  listOutbox(query: { to?: string; limit: number }): Promise<OutboxMessage[]>;
  /** E-mails with this subject sent to this address since `since` (per-address limits). */
  countEmailsSentTo(recipient: string, subject: string, since: Date): Promise<number>;
}

export function createMessagingService(deps: {
  db: Database;
  email: EmailTransport | null;
  log: FastifyBaseLogger;
}): MessagingService {
  return {
    async send(message, within = deps.db) {
      const recipient = normaliseRecipient(message.channel, message.to);
      if (!recipient.ok) {
        throw new DomainError('message_not_sendable', {
          message: apiErrorMessage('message_not_sendable', recipient.reason),
        });
      }
      const stored = await insertOutboxMessage(within, {
        channel: message.channel,
        recipient: recipient.recipient,
        subject: message.subject ?? null,
        body: message.body,
        code: message.code ?? null,
        payload: message.payload ?? null,
      });
      if (message.channel === 'email' && deps.email) {
        // The outbox already holds the message: a mail server that is down must not fail the
        // sign-in or transfer that sent it. The failure is logged for the operator.
        deps.email
          .send({
            to: recipient.recipient,
            subject: message.subject ?? 'AnyBank',
            text: message.body,
          })
          .catch((error: unknown) =>
            deps.log.error({ err: error, messageId: stored.id }, 'SMTP delivery failed'),
          );
      }
      return stored;
    },
    listOutbox({ to, limit }) {
      return listOutboxMessages(deps.db, to === undefined ? null : recipientSearchKey(to), limit);
    },
    countEmailsSentTo(recipient, subject, since) {
      return countEmailsSentTo(deps.db, recipient, subject, since);
    },
  };
}
