import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_BRAND,
  apiErrorMessage,
  fillBrand,
  type BrandNames,
  type OutboxChannel,
  type OutboxMessage,
} from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { DomainError } from '../../domain-error';
import { maskedRecipient, normaliseRecipient, recipientSearchKey } from './messaging.rules';
import { currentPanelViewer } from '../audit';
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
  /**
   * The customer the message is for, when the sender knows: a watching "Behind the scenes"
   * panel is told of the message only when its browser has shown it is this customer
   * (audit/inspector-context.ts). Left out, no panel hears of it.
   */
  userId?: string;
}

/** Whether a watching panel may be told of a message to `userId` (see OutgoingMessage.userId). */
function panelMayHear(userId: string | undefined): boolean {
  return userId !== undefined && userId === currentPanelViewer();
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
  /**
   * A template with the current brand's names in its slots (ADR 0020), for text that is
   * kept before it is sent (a push request's title, which the phone reads).
   */
  branded(text: string, within?: Queryable): Promise<string>;
}

/** Where the current brand's names come from (the branding module), read per message. */
export type BrandNamesSource = (within: Queryable) => Promise<BrandNames>;

/** A push request's payload carries its title: the phone shows it as sent. */
function brandedPayload(
  payload: Record<string, unknown> | undefined,
  names: BrandNames,
): Record<string, unknown> | null {
  if (!payload) return null;
  const context = payload.context as { title?: unknown } | undefined;
  if (typeof context?.title !== 'string') return payload;
  return { ...payload, context: { ...context, title: fillBrand(context.title, names) } };
}

export function createMessagingService(deps: {
  db: Database;
  email: EmailTransport | null;
  log: FastifyBaseLogger;
  /** The brand's names; the default brand without it (tests of other modules). */
  brandNames?: BrandNamesSource;
}): MessagingService {
  const brandNames: BrandNamesSource = deps.brandNames ?? (() => Promise.resolve(DEFAULT_BRAND));
  return {
    async send(unbranded, within = deps.db) {
      // Read in the sender's transaction: the outer handle inside one would wait on it.
      const names = await brandNames(within);
      const message = {
        ...unbranded,
        subject: unbranded.subject === undefined ? undefined : fillBrand(unbranded.subject, names),
        body: fillBrand(unbranded.body, names),
      };
      const recipient = normaliseRecipient(message.channel, message.to);
      if (!recipient.ok) {
        throw new DomainError('message_not_sendable', {
          message: apiErrorMessage('message_not_sendable', recipient.reason),
        });
      }
      const id = randomUUID();
      const stored = await insertOutboxMessage(
        within,
        {
          id,
          channel: message.channel,
          recipient: recipient.recipient,
          subject: message.subject ?? null,
          body: message.body,
          code: message.code ?? null,
          payload: brandedPayload(message.payload, names),
        },
        // What a watching "Behind the scenes" panel is told (ADR 0021; never the body or code):
        // nothing when no panel watches, nor when its browser has not shown it is the customer
        // the message is for (an anonymous forgot password for someone else's username).
        panelMayHear(message.userId)
          ? [
              {
                type: 'message.sent',
                details: {
                  channel: message.channel,
                  to: maskedRecipient(message.channel, recipient.recipient),
                  subject: message.subject ?? null,
                  hasCode: message.code !== undefined,
                  messageId: id,
                  outboxRecipient: recipient.recipient,
                },
              },
            ]
          : [],
      );
      if (message.channel === 'email' && deps.email) {
        // The outbox already holds the message: a mail server that is down must not fail the
        // sign-in or transfer that sent it. The failure is logged for the operator.
        deps.email
          .send({
            to: recipient.recipient,
            subject: message.subject ?? names.bankName,
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
    async countEmailsSentTo(recipient, subject, since) {
      // The messages were stored under the brand of their day: counted under the current one,
      // a renamed bank starts the per-address count afresh, which only ever allows more.
      const names = await brandNames(deps.db);
      return countEmailsSentTo(deps.db, recipient, fillBrand(subject, names), since);
    },
    async branded(text, within = deps.db) {
      return fillBrand(text, await brandNames(within));
    },
  };
}
