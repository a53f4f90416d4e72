import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database';
import { pendingMigrations } from '../db/migrate';

/**
 * What a load balancer and an orchestrator ask. `/healthz`: the process answers
 * and its database does (keep sending it traffic, or restart it). `/readyz`: it can serve this
 * release, which also needs every migration applied; with MIGRATE_ON_START=false an instance
 * may be up before `npm run db:migrate` has run, and must not be sent traffic then.
 */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get(
    '/healthz',
    {
      // Asked every few seconds: no request line at info (a failure is still logged).
      logLevel: 'warn',
      config: {
        docs: {
          summary: 'Whether the server and its database answer (for a load balancer)',
          tag: 'operations',
          caller: 'anyone',
          responses: {
            200: '`{ status: "ok", database: "pglite" | "postgres" }`.',
            503: {
              description: 'The database did not answer.',
              schema: z.object({ status: z.literal('unavailable'), database: z.string() }),
            },
          },
        },
      },
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { status: 'ok', database: database.kind };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database did not answer');
        return reply.status(503).send({ status: 'unavailable', database: database.kind });
      }
    },
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      config: {
        docs: {
          summary: 'Whether the server can serve this release (for an orchestrator)',
          tag: 'operations',
          caller: 'anyone',
          description:
            'Ready when the database answers and holds every migration of this release. Not ready tells which of the two is missing, and how many migrations are.',
          responses: {
            200: '`{ status: "ready", database }`.',
            503: {
              description: 'The database did not answer, or migrations are missing.',
              schema: z.object({
                status: z.literal('not ready'),
                database: z.string(),
                reason: z.enum(['database', 'migrations']),
                pendingMigrations: z.number().int().optional(),
              }),
            },
          },
        },
      },
    },
    async (_request, reply) => {
      let pending: string[];
      try {
        pending = await pendingMigrations(database);
      } catch (error) {
        app.log.error({ err: error }, 'readiness check: database did not answer');
        return reply
          .status(503)
          .send({ status: 'not ready', database: database.kind, reason: 'database' });
      }
      if (pending.length > 0) {
        return reply.status(503).send({
          status: 'not ready',
          database: database.kind,
          reason: 'migrations',
          pendingMigrations: pending.length,
        });
      }
      return { status: 'ready', database: database.kind };
    },
  );
}
