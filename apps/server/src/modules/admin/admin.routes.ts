import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { parseInput } from '../../http/validation';
import { insertAuditEvent } from '../audit/audit.store';
import type { AuthGuards } from '../identity/oauth/access-token';
import { setHighRiskNextSignIn } from './admin.store';

const riskOverrideSchema = z.object({ enabled: z.boolean() });

/**
 * The demo admin's actions (document 2 §2 "Demo admin"). Each acts on the signed-in customer's
 * own entry: a sales engineer demonstrates on the account they are signed in with.
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: AuthGuards },
) {
  // "Simulate high risk on next sign-in": the next risk evaluation for this user answers HIGH.
  app.put(
    '/api/admin/risk-override',
    {
      config: {
        docs: {
          summary: 'Demo admin: makes the signed-in customer’s next sign-in look high-risk',
          tag: 'admin',
          caller: 'bearer',
          body: riskOverrideSchema,
          responses: {
            204: 'Set (or cleared), and audited.',
            400: 'No `enabled` boolean.',
            401: 'No valid customer token.',
            403: 'Not a customer’s token.',
          },
        },
      },
    },
    async (request, reply) => {
      const principal = await deps.auth.requireCustomer(request);
      const { enabled } = parseInput(riskOverrideSchema, request.body);
      await setHighRiskNextSignIn(deps.db, principal.userId, enabled);
      await insertAuditEvent(deps.db, {
        type: 'admin.action',
        userId: principal.userId,
        ip: request.ip,
        details: { action: 'risk-override', enabled },
      });
      return reply.status(204).send();
    },
  );
}
