import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PublicConfig } from '@anybank/contracts';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { registerErrorMapping } from './http/errors';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { registerOutboxRoutes } from './modules/messaging/messaging.routes';
import {
  createMessagingService,
  type MessagingService,
} from './modules/messaging/messaging.service';
import { createSmtpTransport, type EmailTransport } from './modules/messaging/smtp-transport';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface ServerDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where the built SPA is; tests that need no pages point it anywhere. */
  webDistDir?: string;
  /** Replaces the SMTP transport built from SMTP_URL (tests). */
  emailTransport?: EmailTransport | null;
}

export interface Server {
  app: FastifyInstance;
  services: { messaging: MessagingService };
}

export function publicConfigOf(config: Config): PublicConfig {
  return {
    productId: config.productId,
    basePath: config.basePath,
    host: config.host,
    publicUrl: config.publicUrl,
    companyId: config.companyId,
    retailSiteUrl: config.retailSiteUrl,
    analyticsMeasurementId: config.analyticsMeasurementId,
    demoHosts: config.demoHosts,
    outboxEnabled: config.outboxEnabled,
  };
}

/** The composition root: configuration, HTTP, error mapping, modules and the static SPA. */
export async function buildServer(deps: ServerDeps): Promise<Server> {
  const { config, database } = deps;
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorMapping(app);
  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(rateLimit, { global: false });

  const emailTransport =
    deps.emailTransport !== undefined
      ? deps.emailTransport
      : config.smtp
        ? createSmtpTransport(config.smtp.url, config.smtp.from)
        : null;
  app.addHook('onClose', async () => emailTransport?.close());
  const messaging = createMessagingService({
    db: database.db,
    email: emailTransport,
    log: app.log,
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database did not answer');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  await app.register(
    async (api) => {
      if (config.outboxEnabled) registerOutboxRoutes(api, messaging);
    },
    { prefix: config.basePath },
  );

  await registerSpa(app, {
    distDir: deps.webDistDir ?? WEB_DIST_DIR,
    config: publicConfigOf(config),
    // With the outbox off, its page is gone too: it would only show an error.
    isPageDisabled: (pathname) =>
      !config.outboxEnabled && pathname.replace(/\/$/, '') === '/outbox',
  });

  return { app, services: { messaging } };
}
