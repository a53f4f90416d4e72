import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import {
  RETAIL_CALLBACK_PATH,
  RETAIL_SHOP_CLIENT_ID,
  RETAIL_SHOP_COMPANY,
  type PublicConfig,
} from '@anybank/contracts';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { registerHealthRoutes } from './http/health.routes';
import { createServerMetrics } from './http/metrics';
import { countRequests, registerMetricsRoute } from './http/metrics.routes';
import { answerFrameworkError, registerErrorMapping } from './http/errors';
import {
  checkDeclaredStatuses,
  undeclaredStatusListener,
  type UndeclaredStatusListener,
} from './http/declared-statuses';
import { registerJsonBodyParser } from './http/json-body';
import {
  demoResetRateLimit,
  registerRateLimits,
  signInRateLimit,
  usernameLookupRateLimit,
} from './http/rate-limits';
import { OneLinePerRequest, serializeRequestForLog } from './http/request-log';
import { analyticsOriginOf, registerSecurityHeaders } from './http/security-headers';
import { httpsServerFactory } from './http/tls';
import type { PemPair } from './http/tls-certificate';
import { registerSpa } from './http/spa';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import {
  registerInspectorRoutes,
  watchRequestsOfOpenPanels,
} from './modules/inspector/inspector.routes';
import { createInspectorService } from './modules/inspector';
import { registerActivityRoutes } from './modules/banking/activity.routes';
import { createActivityService } from './modules/banking/activity.service';
import { registerAdvisorBalanceRoutes } from './modules/banking/advisor-balances.routes';
import { createClientBalancesService } from './modules/banking/advisor-balances.service';
import { registerBankingRoutes } from './modules/banking/banking.routes';
import {
  createBankingService,
  type BankingService,
  type TransferApprovals,
} from './modules/banking/banking.service';
import { registerOrchestrationRoutes } from './modules/orchestration/orchestration.routes';
import { createOrchestrationService } from './modules/orchestration/orchestration.service';
import { registerAdvisorConsentRoutes } from './modules/consents/advisor-consents.routes';
import { createAdvisorConsentService } from './modules/consents/advisor-consents.service';
import { registerConsentRoutes } from './modules/consents/consent.routes';
import { createConsentService } from './modules/consents/consent.service';
import { registerDirectoryEntryRoutes } from './modules/directory/directory-entry.routes';
import { createDirectoryEntryService } from './modules/directory/directory-entry.service';
import { registerDirectoryRoutes } from './modules/directory/directory.routes';
import { registerContactUndoRoutes } from './modules/directory/contact-undo.routes';
import { createContactUndoService } from './modules/directory/contact-undo.service';
import { registerScimRoutes } from './modules/directory/scim.routes';
import { createScimService } from './modules/directory/scim.service';
import { createHelpDeskService } from './modules/helpdesk/helpdesk.service';
import { createOtpService } from './modules/identity/credentials/otp.service';
import { createPasswordService } from './modules/identity/credentials/password.service';
import { registerMobileRoutes } from './modules/identity/devices/mobile.routes';
import { createMobileActivationService } from './modules/identity/devices/mobile.service';
import { createSecurityNotices } from './modules/messaging/security-notice.service';
import { createPushService, type PushService } from './modules/identity/devices/push.service';
import { cibaConfiguration, completeBackchannelRequest } from './modules/identity/oauth/ciba';
import { createCibaTransferApprovals } from './modules/identity/oauth/ciba-approvals';
import { createSecretBox } from './modules/identity/devices/secret-box';
import { registerFlowRoutes } from './modules/identity/flow/flow.routes';
import { createFactors } from './modules/identity/factors/factors';
import { registerRecoveryCodeRoutes } from './modules/identity/factors/recovery-code/recovery-code.routes';
import { createRecoveryCodeService } from './modules/identity/factors/recovery-code/recovery-code.service';
import { createFlowService, type FlowService } from './modules/identity/flow/flow.service';
import { registerStepUpRoutes } from './modules/identity/flow/step-up.routes';
import { createRecentAuthentication } from './modules/identity/oauth/recent-authentication';
import { createAuthGuards, type AuthGuards } from './modules/identity/oauth/access-token';
import { createInteractionPort } from './modules/identity/oauth/interaction.port';
import { registerConnectedAppsRoutes } from './modules/identity/oauth/connected-apps.routes';
import { createConnectedAppsService } from './modules/identity/oauth/connected-apps.service';
import { registerSessionRoutes } from './modules/identity/oauth/sessions.routes';
import { createSessionsService } from './modules/identity/oauth/sessions.service';
import { purgeEndedSessionRecords } from './modules/identity/oauth/sessions.store';
import { registerPasswordChangeRoutes } from './modules/identity/credentials/password-change.routes';
import { registerPasswordlessRoutes } from './modules/identity/credentials/passwordless.routes';
import { createPasswordlessService } from './modules/identity/credentials/passwordless.service';
import { createPasswordChangeService } from './modules/identity/credentials/password-change.service';
import {
  API_DOCS_CLIENT_ID,
  isSelfServiceClient,
  userTypeOfClient,
} from './modules/identity/oauth/oauth.clients';
import { scopesClientMayRequest } from './modules/identity/oauth/client-scopes.rules';
import { purgeExpiredOidcModels } from './modules/identity/oauth/oidc.adapter';
import { mountOidcProvider } from './modules/identity/oauth/oidc.mount';
import { createOidcProvider } from './modules/identity/oauth/oidc.provider';
import { createPaymentInteractionPort } from './modules/identity/oauth/payment-interaction.port';
import { loadClientKeyPair } from './modules/identity/keys/client-key';
import {
  createPaymentConsentService,
  paymentConsentLookup,
  customerPaymentsByApp,
  registerPaymentConsentRoutes,
} from './modules/payments';
import {
  createBankPort,
  createOrderSeal,
  createRetailShopService,
  registerRetailShopRoutes,
} from './modules/retail-shop';
import { providerFollowingKeys } from './modules/identity/oauth/oidc.current';
import { readGrantBinding } from './modules/identity/oauth/grant.store';
import { loadServerKeysFor, type ServerKeys } from './modules/identity/keys/keys.service';
import { registerSigningKeyRoutes } from './modules/identity/keys/keys.routes';
import { registerPresenterRoutes } from './modules/identity/keys/presenter.routes';
import { createPresenterGuard } from './modules/identity/keys/presenter';
import { registerPickupRoutes } from './modules/identity/pickup/pickup.routes';
import { createPickupService } from './modules/identity/pickup/pickup.service';
import { registerRiskRoutes } from './modules/identity/risk/risk.routes';
import { DEFAULT_RISK_POLICY } from './modules/identity/risk/risk.rules';
import { createRiskService } from './modules/identity/risk/risk.service';
import { registerRememberedBrowserRoutes } from './modules/identity/remembered-browsers/remembered-browser.routes';
import { createRememberedBrowserService } from './modules/identity/remembered-browsers/remembered-browser.service';
import { insertAuditEvent } from './modules/audit/audit.store';
import { countAuditEventsIn } from './modules/audit/audit-metrics';
import { registerOutboxRoutes } from './modules/messaging/messaging.routes';
import {
  createMessagingService,
  type MessagingService,
} from './modules/messaging/messaging.service';
import { createSmtpTransport, type EmailTransport } from './modules/messaging/smtp-transport';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import { collectRouteDocs } from './http/openapi';
import { registerApiDocs } from './http/api-docs';
import { oauthEndpointPaths } from './modules/identity/oauth/oidc.docs';
import { createWalletService } from './modules/wallet/wallet.service';
import { registerBrandingRoutes } from './modules/branding/branding.routes';
import { createBrandingService } from './modules/branding/branding.service';
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
  /** How a transfer above the CIBA threshold is approved on the customer's phone. */
  transferApprovals?: TransferApprovals;
  /** What "the last 5 minutes" of the step-up guard are measured against (tests move it). */
  clock?: () => Date;
  /**
   * The server's secrets and signing keys, as main.ts loads them after migrating; without
   * them (tests) they are loaded (on first start: made) from `database`.
   */
  keys?: ServerKeys;
  /**
   * Told of every answer whose status its route does not declare (http/declared-statuses.ts);
   * by default the listener the test setup installs, none in production.
   */
  onUndeclaredStatus?: UndeclaredStatusListener;
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
  };
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
    analyticsCollectorUrl: config.analyticsCollectorUrl,
    demoHosts: config.demoHosts,
    outboxEnabled: config.outboxEnabled,
    demoToolsEnabled: config.demoToolsEnabled,
    phoneCountry: config.phoneDefaultCountry,
    policyIds: {
      registration: config.policyIds.REGISTRATION,
      usernameRecovery: config.policyIds.USERNAME_RECOVERY,
      deviceUniqueness: config.policyIds.DEVICE_UNIQUENESS,
      qrCode: config.policyIds.QR_CODE,
      profileUpdate: config.policyIds.PROFILE_UPDATE,
      signInMethod: config.policyIds.SIGN_IN_METHOD,
      walletPairing: config.policyIds.WALLET_PAIRING,
      phishingEmail: config.policyIds.PHISHING_EMAIL,
      deleteUser: config.policyIds.DELETE_USER,
      resetVerification: config.policyIds.RESET_VERIFICATION,
      helpDesk: config.policyIds.HELP_DESK,
    },
  };
}

/** The composition root: configuration, HTTP, error mapping, modules and the static SPA. */
export async function buildServer(deps: ServerDeps): Promise<Server> {
  const { config, database } = deps;
  const app = Fastify({
    // Request logs never hold a code, state or pickup reference (http/request-log.ts).
    logger: { level: config.logLevel, serializers: { req: serializeRequestForLog } },
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    frameworkErrors: answerFrameworkError,
    ...(deps.https ? { serverFactory: httpsServerFactory(deps.https) } : {}),
  });
  // Before any route: each one is collected with its docs for the API reference.
  const documentedRoutes = collectRouteDocs(app);
  // In tests, an answer with a status its route does not declare fails the test.
  const onUndeclaredStatus = deps.onUndeclaredStatus ?? undeclaredStatusListener();
  if (onUndeclaredStatus) checkDeclaredStatuses(app, onUndeclaredStatus);
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
  // Issue 17 §3: with METRICS=on, every request is counted from its arrival (this hook first).
  const metrics = config.metrics ? createServerMetrics({ poolUse: database.poolUse }) : null;
  if (metrics) {
    countRequests(app, metrics, config.basePath);
    const stopCounting = countAuditEventsIn(metrics);
    app.addHook('onClose', async () => stopCounting());
  }
  registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    basePath: config.basePath,
    analyticsOrigin: analyticsOriginOf(config),
  });
  const keys =
    deps.keys ??
    (await loadServerKeysFor(config, database.db, {
      onError: (error) => app.log.warn({ err: error }, 'reading the signing keys failed'),
    }));
  app.addHook('onClose', async () => keys.signingKeys.close());
  const { secrets } = keys;
  await app.register(fastifyCookie, { secret: secrets.sessionSecret });
  // Issue 15 §1: a browser with "Behind the scenes" open has what it causes recorded for it.
  if (config.demoToolsEnabled) watchRequestsOfOpenPanels(app);
  await registerRateLimits(app, { config, db: database.db });

  const emailTransport =
    deps.emailTransport !== undefined
      ? deps.emailTransport
      : config.smtp
        ? createSmtpTransport(config.smtp.url, config.smtp.from)
        : null;
  app.addHook('onClose', async () => emailTransport?.close());
  // Issue 15 §5: the brand the site, the messages and the phone show (modules/branding).
  const branding = createBrandingService({
    db: database.db,
    defaults: config.brand,
    basePath: config.basePath,
    storedBrandApplies: config.demoToolsEnabled,
  });
  const messaging = createMessagingService({
    db: database.db,
    email: emailTransport,
    log: app.log,
    brandNames: (within) => branding.names(within),
  });
  const notices = createSecurityNotices({ db: database.db, messaging, log: app.log });

  const db = database.db;
  // The phone's decision on a transfer completes its CIBA request: the provider and the push
  // service need each other, so each finds the other through these late references.
  const pushRef: { current?: PushService } = {};
  const ciba = cibaConfiguration({
    db,
    push: () => {
      if (!pushRef.current) throw new Error('push service used before it was created');
      return pushRef.current;
    },
  });
  // Issue 16 §2: the pay-by-bank shop's key pair, made on first start; the bank registers only
  // its public half, and asks the payments module about the consents its requests name.
  const retailShopKey = await loadClientKeyPair(db, config.keyEncryptionKey, RETAIL_SHOP_CLIENT_ID);
  const payments = {
    retailShopJwk: retailShopKey.publicJwk,
    consents: paymentConsentLookup(db, deps.clock),
  };
  // A new provider serves /as/* whenever the published signing keys change (oidc.current.ts).
  const providers = providerFollowingKeys(keys.signingKeys, () => {
    const built = createOidcProvider(config, db, keys, { ciba, payments });
    built.on('end_session.success', (ctx) => {
      void insertAuditEvent(db, {
        type: 'signout',
        userId: ctx.oidc.session?.accountId ?? null,
        ip: ctx.ip,
        details: { clientId: ctx.oidc.client?.clientId ?? null },
      }).catch((error: unknown) => app.log.error({ err: error }, 'audit of sign-out failed'));
    });
    return built;
  });
  app.addHook('onClose', async () => providers.close());
  // The services use the first provider's models (grants, interactions, codes): they sign
  // nothing, and what they read and write is in the database every provider shares.
  const provider = providers.current();
  await mountOidcProvider(app, () => providers.current(), config.basePath);
  const purge = setInterval(
    () => {
      purgeExpiredOidcModels(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'purging expired OAuth rows failed'),
      );
      purgeEndedSessionRecords(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'purging the records of ended sessions failed'),
      );
    },
    15 * 60 * 1000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  // Issue 14 §4: the customer's sign-in sessions; a token's use is their "last active".
  const sessions = createSessionsService({ db, clock: deps.clock });
  const auth = createAuthGuards(config, provider, {
    signingKeys: keys.signingKeys,
    readGrantBinding: (grantId) => readGrantBinding(db, grantId),
    audit: (event) => insertAuditEvent(db, event),
    sessionUsed: (principal) => sessions.touch(principal),
  });
  // The demo admin's "high risk on next sign-in" is a demo tool: ignored with DEMO_TOOLS=off.
  const risk = createRiskService({
    db,
    adminOverrideEnabled: config.demoToolsEnabled,
    policy: {
      ...DEFAULT_RISK_POLICY,
      unknownUsernamesPerMinute: usernameLookupRateLimit(config).max,
    },
  });
  const passwords = createPasswordService({ db });
  const otp = createOtpService({ db, signingSecret: secrets.signingSecret });
  const push = createPushService({
    db,
    messaging,
    onDecided: async (request, approved) => {
      const cibaRequestId = (request.context as { cibaRequestId?: string }).cibaRequestId;
      if (request.kind === 'transfer' && cibaRequestId) {
        await completeBackchannelRequest(provider, cibaRequestId, approved);
      }
    },
  });
  pushRef.current = push;
  const webauthn = {
    rpId: config.host,
    rpName: 'AnyBank',
    origin: new URL(config.publicUrl).origin,
  };
  const secretBox = createSecretBox(secrets.signingSecret);
  // Issue 14 §2: recovery codes, a factor of their own; a new set needs a step-up (the guard,
  // built below from the factors, is asked only when a set is made).
  const recoveryCodes = createRecoveryCodeService({
    db,
    secret: secrets.signingSecret,
    notices,
    recentAuth: {
      requireStepUpForChange: (who) => recentAuth.requireStepUpForChange(who),
    },
    clock: deps.clock,
  });
  // The sign-in factors, once: the flow asks them everything about a device, and the step-up
  // guard which devices can be used now.
  const factors = createFactors({
    db,
    otp,
    messaging,
    passwords,
    push,
    secrets: secretBox,
    webauthn,
    recoveryCodes,
    notices,
    phoneCountry: config.phoneDefaultCountry,
    clock: deps.clock,
  });
  // Sensitive changes need a recent sign-in or step-up (issue 12 §2).
  const recentAuth = createRecentAuthentication({
    db,
    usableDevices: factors.usable,
    windowMs: config.stepUpWindowMs,
    clock: deps.clock,
  });
  // Issue 14 §3: browsers that stand in for the second factor at low risk, for 30 days.
  const rememberedBrowsers = createRememberedBrowserService({
    db,
    risk,
    notices,
    clock: deps.clock,
  });
  const flows = createFlowService({
    db,
    rememberedBrowsers,
    sessions,
    interactions: createInteractionPort(provider),
    messaging,
    passwords,
    otp,
    risk,
    push,
    secrets: secretBox,
    webauthn,
    factors,
    userTypeOfClient,
    isSelfServiceClient,
    notices,
    recentAuth,
    clock: deps.clock,
  });
  const pickup = createPickupService({ config, db, provider });
  // The customer's phone (CIBA) approves transfers and pay-by-bank payments above the threshold.
  const approvals = deps.transferApprovals ?? createCibaTransferApprovals({ config, secrets, app });
  const banking = createBankingService({
    db,
    approvals,
    otp,
    messaging,
  });
  const wallet = createWalletService({ config, db, signingKeys: keys.signingKeys });
  const helpDesk = createHelpDeskService({ db, otp, push, messaging, notices });
  const orchestration = createOrchestrationService({
    config,
    db,
    messaging,
    notices,
    auth,
    recentAuth,
    otp,
    wallet,
    helpDesk,
    serverSecrets: secrets,
  });

  registerHealthRoutes(app, database);
  if (metrics) registerMetricsRoute(app, { metrics, token: config.metrics?.token ?? null });

  // Where the API is reached from outside, for the absolute links some answers carry.
  const siteUrl = `${config.publicUrl}${config.basePath}`;
  // Pay by bank (ADR 0023): DPoP-bound tokens (the payment API's, and a company's own application reading
  // its accounts), checked by the same verifier as every other token, in its DPoP mode.
  const dpop = auth.dpop;
  await app.register(
    async (api) => {
      const signInLimit = signInRateLimit(config);
      if (config.outboxEnabled) registerOutboxRoutes(api, { messaging, rateLimit: signInLimit });
      // This one tells whether a username exists: a tenth of the other sign-in calls' limit.
      registerRiskRoutes(api, { risk, rateLimit: usernameLookupRateLimit(config) });
      registerFlowRoutes(api, { config, flows, auth });
      registerStepUpRoutes(api, { config, flows, auth });
      registerRememberedBrowserRoutes(api, { auth, rememberedBrowsers });
      registerRecoveryCodeRoutes(api, { auth, recoveryCodes });
      // Issue 14 §4: where the customer is signed in, and a password change that may end it.
      registerSessionRoutes(api, { auth, sessions });
      registerPasswordlessRoutes(api, {
        auth,
        passwordless: createPasswordlessService({ db, recentAuth, notices }),
      });
      registerPasswordChangeRoutes(api, {
        config,
        auth,
        passwordChange: createPasswordChangeService({ db, recentAuth, sessions, notices }),
      });
      registerPickupRoutes(api, { config, pickup });
      // Issue 12 §4: the consent page of other applications, and the customer's Connected apps.
      registerConnectedAppsRoutes(api, {
        config,
        auth,
        connectedApps: createConnectedAppsService({
          db,
          interactions: createInteractionPort(provider),
          paymentsOf: customerPaymentsByApp(db),
        }),
      });
      // Issue 16 §2: payment consents and payments (DPoP-bound tokens), and the consent screen.
      registerPaymentConsentRoutes(api, {
        config,
        dpop,
        payments: createPaymentConsentService({
          db,
          interactions: createPaymentInteractionPort(provider),
          approvals,
          otp,
          messaging,
          clock: deps.clock,
        }),
      });
      // Issue 16 §2: the retail shop, another company: it reaches the bank at its public URL
      // with its own key and client, never through a service of this server. Its account
      // number is what the bank told the merchant: its company's, an organisation the bank
      // knows by id (contracts' organisations.ts).
      registerRetailShopRoutes(api, {
        config,
        shop: createRetailShopService({
          bank: createBankPort({
            bankUrl: siteUrl,
            privateJwk: retailShopKey.privateJwk,
            callbackUrl: `${siteUrl}${RETAIL_CALLBACK_PATH}`,
            // HTTPS=on: the shop trusts the certificate this server serves (and no other).
            ...(deps.https ? { bankCertificate: deps.https.cert } : {}),
          }),
          seal: createOrderSeal(retailShopKey.privateJwk.d),
          payeeAccountId: RETAIL_SHOP_COMPANY.accountId,
        }),
      });
      registerDirectoryRoutes(api, { db, auth });
      // The previous address's "This wasn't me" link undoes a contact change (step-up.ts).
      registerContactUndoRoutes(api, {
        config,
        undo: createContactUndoService({ db, sessions, clock: deps.clock }),
      });
      registerDirectoryEntryRoutes(api, {
        auth,
        entries: createDirectoryEntryService({ db, productId: config.productId }),
      });
      // The demo tools that change the bank for everyone ask for the presenter's cookie.
      const presenter = createPresenterGuard({ db, secret: secrets.presenterSecret });
      // The brand is read by anyone; its admin calls exist only with the demo tools.
      registerBrandingRoutes(api, {
        branding,
        auth,
        presenter,
        demoToolsEnabled: config.demoToolsEnabled,
      });
      // A demo tool: with DEMO_TOOLS=off the whole demo admin API is gone (404).
      // The key rotation call is the demo admin's too; `npm run keys:rotate` works regardless.
      if (config.demoToolsEnabled) {
        registerAdminRoutes(api, { db, auth, productId: config.productId });
        registerSigningKeyRoutes(api, {
          config,
          db,
          auth,
          presenter,
          signingKeys: keys.signingKeys,
        });
        registerPresenterRoutes(api, { config, presenter });
        // Issue 15 §2: the scenario page's "Reset demo", the seed's reset from the browser.
        registerDemoResetRoutes(api, {
          presenter,
          resetDemoData: (ip) => seedDemoData(db, { reset: true, ip }),
          rateLimit: demoResetRateLimit(config),
        });
        // Issue 15 §1: "Behind the scenes", this browser's own events.
        registerInspectorRoutes(api, {
          config,
          inspector: createInspectorService({ db }),
          rateLimit: signInLimit,
          // PGlite has one owner process: no other instance can write a panel's events.
          otherInstances: database.kind === 'postgres',
        });
      }
      registerBankingRoutes(api, { auth, banking, siteUrl });
      registerActivityRoutes(api, {
        auth,
        activity: createActivityService({ db }),
        siteUrl,
        dpop,
      });
      registerOrchestrationRoutes(api, { config, orchestration });
      registerConsentRoutes(api, { auth, consents: createConsentService({ db }) });
      // The partner portals' data: each shows only what customers consented to share.
      registerAdvisorConsentRoutes(api, {
        auth,
        advisorConsents: createAdvisorConsentService({ db }),
      });
      registerAdvisorBalanceRoutes(api, {
        auth,
        clientBalances: createClientBalancesService({ db, productId: config.productId }),
        productId: config.productId,
      });
      registerScimRoutes(api, { auth, scim: createScimService({ db, siteUrl }) });
      registerMobileRoutes(api, {
        config,
        activation: createMobileActivationService({
          db,
          passwords,
          risk,
          otp,
          messaging,
          notices,
        }),
        push,
      });
      registerWalletRoutes(api, { config, wallet });
      registerApiDocs(api, {
        routes: documentedRoutes,
        basePath: config.basePath,
        serverUrl: siteUrl,
        version: SERVER_VERSION,
        // The viewer's Authorize: the reference's own public client (issue 15 §4).
        oauthClient: {
          clientId: API_DOCS_CLIENT_ID,
          scopes: scopesClientMayRequest(API_DOCS_CLIENT_ID),
        },
        extraPaths: oauthEndpointPaths(),
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

  return { app, services: { messaging, flows, auth, provider, banking, keys } };
}
