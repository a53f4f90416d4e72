import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type Provider from 'oidc-provider';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { registerApiDocs } from './http/api-docs';
import {
  answerGuardOf,
  installAnswerGuard,
  type UndeclaredAnswerListener,
} from './http/declared-answers';
import { answerFrameworkError, registerErrorMapping } from './http/errors';
import { registerHealthRoutes } from './http/health.routes';
import { registerJsonBodyParser } from './http/json-body';
import { createServerMetrics } from './http/metrics';
import { countRequests, registerMetricsRoute } from './http/metrics.routes';
import { collectRouteDocs } from './http/openapi';
import { demoResetRateLimit, registerRateLimits } from './http/rate-limits';
import { OneLinePerRequest, serializeRequestForLog } from './http/request-log';
import { analyticsOriginOf, registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { httpsServerFactory } from './http/tls';
import type { PemPair } from './http/tls-certificate';
import { createModuleContext } from './module-context';
import { publicConfigOf } from './public-config';
import { registerAdmin } from './modules/admin';
import { registerAudit } from './modules/audit';
import { registerAssistant } from './modules/assistant';
import { accountIdsOf, registerBanking, type BankingService } from './modules/banking';
import { registerBranding } from './modules/branding';
import { communicationConsentsOf, registerConsents } from './modules/consents';
import { registerDirectory } from './modules/directory';
import { registerHelpDesk } from './modules/helpdesk';
import {
  deviceKindOf,
  registerIdentity,
  type AuthGuards,
  type ChallengeService,
  type MethodFactory,
  type TransferApprovals,
} from './modules/identity';
import type { FlowService } from './modules/identity/flow/flow.service';
import { loadServerKeysFor, type ServerKeys } from './modules/identity/keys/keys.service';
import { registerInspector } from './modules/inspector';
import { registerMessaging, type MessagingService } from './modules/messaging';
import type { EmailTransport } from './modules/messaging/smtp-transport';
import { registerOrchestration } from './modules/orchestration';
import { customerPaymentsByApp, paymentConsentLookup, registerPayments } from './modules/payments';
import { registerRetailShop } from './modules/retail-shop';
import {
  createCredentialIssuer,
  registerVerifiableCredentials,
} from './modules/verifiable-credentials';
import { registerWallet } from './modules/wallet';
import { registerDemoResetRoutes } from './seed/demo-reset.routes';
import { seedDemoData } from './seed/seed';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The server package's version, which the API reference carries. */
const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

export interface ServerDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where the built SPA is; tests that need no pages point it anywhere. */
  webDistDir?: string;
  /** Replaces the SMTP transport built from SMTP_URL (tests). */
  emailTransport?: EmailTransport | null;
  /** A test's phone: answers the money approvals the phone-push method asks (CIBA otherwise). */
  transferApprovals?: TransferApprovals;
  /** Ways of proving it is you added to the bank's own (a test's method, ADR 0026). */
  challengeMethods?: readonly MethodFactory[];
  /** What "the last 5 minutes" of the step-up guard are measured against (tests move it). */
  clock?: () => Date;
  /**
   * The server's secrets and signing keys, as main.ts loads them after migrating; without
   * them (tests) they are loaded (on first start: made) from `database`.
   */
  keys?: ServerKeys;
  /**
   * Told of every answer its route does not declare (http/declared-answers.ts); by default the
   * listener the test setup installs, else the guard throws (development) or warns (production).
   */
  onUndeclaredAnswer?: UndeclaredAnswerListener;
  /** Where log lines go (http/log-output.ts); pino's JSON on stdout without it. */
  logOutput?: DestinationStream | undefined;
  /** HTTPS=on: the certificate and key the server serves HTTPS with (http/tls.ts). */
  https?: PemPair;
}

export interface Server {
  app: FastifyInstance;
  services: {
    messaging: MessagingService;
    flows: FlowService;
    auth: AuthGuards;
    provider: Provider;
    banking: BankingService;
    keys: ServerKeys;
    challenges: ChallengeService;
  };
}

/**
 * The composition root: the shared plumbing (configuration, HTTP, error mapping, security
 * headers, rate limits, health, metrics, the API reference, the static SPA), and each module
 * registered in the order of what it needs (docs/architecture.md "How a module is composed").
 */
export async function buildServer(deps: ServerDeps): Promise<Server> {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    // Request logs never hold a code, state or pickup reference (http/request-log.ts).
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequestForLog },
      ...(deps.logOutput ? { stream: deps.logOutput } : {}),
    },
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    frameworkErrors: answerFrameworkError,
    ...(deps.https ? { serverFactory: httpsServerFactory(deps.https) } : {}),
  });
  // Before any route: each one is collected with its docs for the API reference.
  const documentedRoutes = collectRouteDocs(app);
  // Every answer is held to its route's declared statuses, codes and (tests) bodies.
  installAnswerGuard(app, answerGuardOf(config.nodeEnv, deps.onUndeclaredAnswer));
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Every API reads JSON (or a sign-in step's vendor JSON type): a text/plain body is refused
  // 415 before any route sees it, like every other type without a parser (ASVS 13.1.5).
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than MAX_JSON_DEPTH is refused 400 before anything parses or walks it.
  registerJsonBodyParser(app);
  registerErrorMapping(app);
  // With METRICS=on, every request is counted from its arrival (this hook first).
  const metrics = config.metrics ? createServerMetrics({ poolUse: database.poolUse }) : null;
  if (metrics) countRequests(app, metrics, config.basePath);
  registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    basePath: config.basePath,
    analyticsOrigin: analyticsOriginOf(config),
  });
  const keys =
    deps.keys ??
    (await loadServerKeysFor(config, db, {
      onError: (error) => app.log.warn({ err: error }, 'reading the signing keys failed'),
    }));
  app.addHook('onClose', async () => keys.signingKeys.close());
  await app.register(fastifyCookie, { secret: keys.secrets.sessionSecret });

  // Each module builds its services and queues its routes, added below in one API scope.
  const siteUrl = `${config.publicUrl}${config.basePath}`;
  const sharedDatabase = database.kind === 'postgres';
  const modules = { config, db, sharedDatabase, app, siteUrl, clock: deps.clock, metrics };
  const { ctx, addRoutes } = createModuleContext(modules);
  registerAudit(ctx);
  // Before the OAuth server is mounted: a browser with "Behind the scenes" open is watched.
  registerInspector(ctx);
  await registerRateLimits(app, { config, db });
  // The brand's names in the messages sent: the branding module, registered once the guards
  // its admin calls need exist, is asked only when a message is sent.
  const { messaging, notices } = registerMessaging(ctx, {
    emailTransport: deps.emailTransport,
    brandNames: (within) => branding.names(within),
    // A device in words, as its method declares it (identity's declared devices).
    deviceWordsOf: (type) => deviceKindOf(type).words,
  });
  // The credential issuer (ADR 0027): oidc-provider's credential endpoint issues through it.
  const issuer = await createCredentialIssuer(ctx, () => branding.names());
  const identity = await registerIdentity(ctx, {
    credentialIssuance: issuer.port,
    keys,
    messaging,
    notices,
    payments: { consents: paymentConsentLookup(db, deps.clock), byApp: customerPaymentsByApp(db) },
    transferApprovals: deps.transferApprovals,
    challengeMethods: deps.challengeMethods,
  });
  registerPayments(ctx, identity);
  registerRetailShop(ctx, { ...identity, bankCertificate: deps.https?.cert });
  registerDirectory(ctx, {
    ...identity,
    communicationConsents: (customerIds) => communicationConsentsOf(db, customerIds),
  });
  const branding = registerBranding(ctx, identity);
  registerAdmin(ctx, identity);
  const banking = registerBanking(ctx, identity);
  registerAssistant(ctx, { ...identity, version: SERVER_VERSION });
  registerConsents(ctx, {
    ...identity,
    accountIdsOf: (ownerId) => accountIdsOf(db, ownerId),
  });
  const wallet = registerWallet(ctx, identity);
  const credentials = registerVerifiableCredentials(ctx, { ...identity, messaging, ...issuer });
  const helpDesk = registerHelpDesk(ctx, { ...identity, notices, credentials });
  registerOrchestration(ctx, { ...identity, messaging, notices, wallet, helpDesk });

  registerHealthRoutes(app, database);
  if (metrics) registerMetricsRoute(app, { metrics, token: config.metrics?.token ?? null });
  await app.register(
    async (api) => {
      addRoutes(api);
      // The scenario page's "Reset demo": the seed's reset from the browser, a demo tool.
      if (config.demoToolsEnabled) {
        registerDemoResetRoutes(api, {
          presenter: identity.presenter,
          resetDemoData: (ip) => seedDemoData(db, { reset: true, ip }),
          rateLimit: demoResetRateLimit(config),
        });
      }
      registerApiDocs(api, {
        routes: documentedRoutes,
        basePath: config.basePath,
        serverUrl: siteUrl,
        version: SERVER_VERSION,
        ...identity.apiDocs,
      });
    },
    { prefix: config.basePath },
  );

  await registerSpa(app, {
    distDir: deps.webDistDir ?? config.webDistDir ?? WEB_DIST_DIR,
    config: publicConfigOf(config),
    // With the outbox or the demo tools off, their pages are gone too: they would only fail.
    isPageDisabled: (pathname) => {
      const page = pathname.replace(/\/$/, '');
      if (page === '/outbox') return !config.outboxEnabled;
      return (page === '/admin' || page === '/demo') && !config.demoToolsEnabled;
    },
  });

  const { flows, auth, provider, challenges } = identity;
  return { app, services: { messaging, flows, auth, provider, banking, keys, challenges } };
}
