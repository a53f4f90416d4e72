import type { FastifyInstance } from 'fastify';
import { outboxQuerySchema, type OutboxResponse } from '@anybank/contracts';
import { parseInput } from '../../http/validation';
import type { MessagingService } from './messaging.service';

/**
 * `GET /api/dev/outbox?to=` — the demo's mailbox and phone. Registered only while OUTBOX=on:
 * it shows everyone's one-time codes, so a public deployment turns it off (README).
 */
export function registerOutboxRoutes(app: FastifyInstance, messaging: MessagingService) {
  app.get('/api/dev/outbox', async (request): Promise<OutboxResponse> => {
    const query = parseInput(outboxQuerySchema, request.query);
    return { messages: await messaging.listOutbox(query) };
  });
}
