import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  adminAccountTierRequestSchema,
  adminSettingsSchema,
  adminThresholdsRequestSchema,
  type AdminSettings,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AuthGuards } from '../identity';
import { createAdminSettingsService } from './admin-settings.service';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

const riskOverrideSchema = z.object({ enabled: z.boolean() });

/**
 * The demo admin's actions (document 2 §2 "Demo admin"). Each acts on the signed-in customer's
 * own entry: a sales engineer demonstrates on the account they are signed in with.
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: AuthGuards; productId: string },
) {
  const settings = createAdminSettingsService({ db: deps.db, productId: deps.productId });
  const settingsAnswers = {
    200: {
      description: 'The settings as they now are (defaults where unset).',
      schema: adminSettingsSchema,
    },
    400: {
      description: 'A value document 2 §5 refuses; each problem is in `details`, nothing changed.',
      codes: INPUT_REFUSALS[400],
    },
    401: { description: 'No valid customer token.', codes: USER_TOKEN_REFUSALS[401] },
    403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
  };

  // The bank's attributes, which the directory refuses to a customer's token.
  app.put(
    ADMIN_THRESHOLDS_PATH,
    {
      config: {
        docs: {
          summary: 'Demo admin: sets the signed-in customer’s transfer thresholds (audited)',
          tag: 'admin',
          caller: 'bearer',
          description:
            'Whole dollars, CIBA at least 1, deny at least 2 and above CIBA (document 2 §5); null is the default.',
          body: adminThresholdsRequestSchema,
          responses: settingsAnswers,
        },
      },
    },
    async (request): Promise<AdminSettings> => {
      const principal = await deps.auth.requireCustomer(request);
      const body = parseInput(adminThresholdsRequestSchema, request.body);
      return settings.setThresholds({ userId: principal.userId, ip: request.ip }, body);
    },
  );

  app.put(
    ADMIN_ACCOUNT_TIER_PATH,
    {
      config: {
        docs: {
          summary: 'Demo admin: sets the signed-in customer’s account tier (audited)',
          tag: 'admin',
          caller: 'bearer',
          description: '`personal` or `premier`; the menu follows at once.',
          body: adminAccountTierRequestSchema,
          responses: settingsAnswers,
        },
      },
    },
    async (request): Promise<AdminSettings> => {
      const principal = await deps.auth.requireCustomer(request);
      const body = parseInput(adminAccountTierRequestSchema, request.body);
      return settings.setAccountTier({ userId: principal.userId, ip: request.ip }, body);
    },
  );

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
            400: { description: 'No `enabled` boolean.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid customer token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = await deps.auth.requireCustomer(request);
      const { enabled } = parseInput(riskOverrideSchema, request.body);
      await settings.setRiskOverride({ userId: principal.userId, ip: request.ip }, enabled);
      return reply.status(204).send();
    },
  );
}
