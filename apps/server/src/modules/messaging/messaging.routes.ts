import type { FastifyInstance } from 'fastify';
// Brings in the plugin's typing of the route option `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import { outboxQuerySchema, outboxResponseSchema, type OutboxResponse } from '@anybank/contracts';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { MessagingService } from './messaging.service';
import { RATE_LIMIT_REFUSALS } from '../../http/rate-limits';

/**
 * `GET /api/dev/outbox?to=` — the demo's mailbox and phone. Registered only while OUTBOX=on and
 * DEMO_TOOLS=on:
 * it shows everyone's one-time codes, so a public deployment turns it off (README). Limited
 * per client address like the sign-in calls: reading codes must not outrun guessing them.
 */
export function registerOutboxRoutes(
  app: FastifyInstance,
  deps: { messaging: MessagingService; rateLimit: { max: number; timeWindow: string } },
) {
  app.get(
    '/api/dev/outbox',
    {
      config: {
        rateLimit: deps.rateLimit,
        docs: {
          summary:
            'The demo outbox: e-mails, text messages and pushes sent to one recipient (a demo tool)',
          tag: 'outbox',
          caller: 'anyone',
          description:
            'It shows one-time codes: a public deployment turns it off (`OUTBOX=off` or `DEMO_TOOLS=off`), and the route is gone (404). Only the messages to the recipient named by `to` are listed; without `to` the list is empty.',
          query: outboxQuerySchema,
          responses: {
            200: { description: 'The messages, newest first.', schema: outboxResponseSchema },
            400: { description: 'A malformed query.', codes: INPUT_REFUSALS[400] },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request): Promise<OutboxResponse> => {
      const query = parseInput(outboxQuerySchema, request.query);
      // Without a recipient, nothing: one call must not hand out everyone's codes at once.
      if (!query.to) return { messages: [] };
      return { messages: await deps.messaging.listOutbox(query) };
    },
  );
}
