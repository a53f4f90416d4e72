/* eslint-disable @typescript-eslint/no-non-null-assertion -- the fuzz test's own code, moved
   out of fuzz.api.test.ts to be shared by its shards: test code, where eslint.config allows it. */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_BRANDING_PATH,
  ADMIN_THRESHOLDS_PATH,
  BRANDING_API_PATH,
  BRANDING_LOGO_PATH,
  DEFAULT_BRAND,
  ADVISOR_CONSENTS_API_PATH,
  API_DOCS_PATHS,
  ACCOUNT_ACTIVITY_API_PATH,
  ACCOUNT_ACTIVITY_CSV_API_PATH,
  ACCOUNT_STATEMENTS_API_PATH,
  BALANCES_API_PATH,
  ACCOUNTS_SCOPE,
  OB_TRANSACTIONS_API_PATH,
  PAYMENTS_SCOPE,
  PAYMENT_ACTIVITY_API_PATH,
  PAYMENTS_API_PATH,
  PAYMENT_CONSENTS_API_PATH,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  RETAIL_CALLBACK_PATH,
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_ORDERS_API_PATH,
  RETAIL_RESUBMISSION_API_PATH,
  RECENT_ACTIVITY_API_PATH,
  BANK_CLIENT,
  CLIENT_BALANCES_API_PATH,
  CONNECTED_APPS_API_PATH,
  PASSWORD_CHANGE_API_PATH,
  CONTACT_UNDO_PATH,
  PASSWORDLESS_API_PATH,
  passkeyNamePath,
  SIGN_IN_SESSIONS_API_PATH,
  SIGN_OUT_OTHER_SESSIONS_API_PATH,
  REMEMBERED_BROWSERS_API_PATH,
  RECOVERY_CODES_API_PATH,
  CONSENTS_API_PATH,
  DEMO_PASSWORD,
  DEMO_RESET_PATH,
  INSPECTOR_EVENTS_PATH,
  INSPECTOR_PATH,
  DIRECTORY_API_ROOT,
  FLOW_ACTIONS,
  FLOW_API_PATH,
  STEP_UP_PATH,
  MENU_OPTIONS_API_PATH,
  OAUTH_CONSENT_API_PATH,
  OAUTH_PATHS,
  PARTNER_CLIENTS,
  PICKUP_PATH,
  RISK_API_PATH,
  SCIM_USERS_API_PATH,
  PRESENTER_PATH,
  SIGNING_KEY_ROTATION_PATH,
  TRANSFERS_API_PATH,
  VENDOR_STEPS,
  transferCancellationPath,
  transferConfirmationPath,
  XSRF_HEADER,
  directoryAttributeNames,
  obTransactionsPath,
  directoryEntryPath,
  orchestrationPaths,
  vendorContentType,
  walletPaths,
  widgetTokenResponseSchema,
  RETAIL_SHOP_COMPANY,
} from '@anybank/contracts';
import type { PolicyName } from '../src/config';
import { accounts, consents } from '../src/db/schema';
import { SERVICE_CLIENT_ID } from '../src/modules/identity/oauth/oauth.clients';
import { LOGOUT_SCRIPT_PATH } from '../src/modules/identity/oauth/oidc.pages';
import { startBankingServer, userIdOf } from './banking-server';
import { BrowserSession } from './browser-session';
import { ERROR_SCHEMAS, type ErrorShape } from './error-shapes';
import {
  anyJsonBody,
  hostileAscii,
  hostileAuthorization,
  hostileHeaders,
  hostileQuery,
  hostileSegment,
  hostileString,
  notJsonText,
  refusedJsonBody,
  type BodyText,
  type RequiredField,
} from './hostile-input';
import { partnerToken, signedInToken } from './partner-tokens';
import { announcedOidcEndpoints, fastifyRoutes, routeId, type RouteKey } from './server-routes';
import { PERSON_RISK_PAYLOAD, SignInDriver, type Server } from './sign-in-driver';
import { createConsent, shopOf, shopTokenWithProofs } from './pay-by-bank';
import { presenterCookie } from './presenter';
import { storedState } from './stored-state';
import { testConfig } from './test-config';
import {
  API_DATABASES,
  createTestDatabase,
  DATABASE_KINDS,
  type DatabaseKind,
  type TestDatabase,
} from './test-database';

/**
 * Every JSON endpoint gets FUZZ_RUNS (1,000 by default) generated requests, each with a hostile
 * body, query string and headers at once, and a good token where the endpoint wants one so that
 * the input is checked rather than only the token. None may answer 5xx, every refusal is in the
 * endpoint's documented error shape (docs/api-errors.md), and nothing stored changes: each body
 * is broken in a field the endpoint cannot do without, so a careful server refuses it whole.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** A failure prints its seed: FUZZ_SEED=<seed> replays the same requests. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const config = testConfig();
const ATTRIBUTES = directoryAttributeNames(config.productId);
const XSRF = { [XSRF_HEADER]: '1' };
const CUSTOMER = 'emily.chen';
const PHONE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
  format: 'jwk',
});

/**
 * Counted per request, not anyone's data: the rate limiter's shared counters rise with every
 * call, refused or not; and a session's "last active" moves on (at most once a minute) with
 * every call its token makes (issue 14 §4).
 */
const COUNTERS = ['rate_limit_counters', 'sign_in_sessions'];
/** Counted per request too: each DPoP proof's jti, kept by the provider to refuse its replay. */
const COUNTED_OIDC_MODELS = ['ReplayDetection'];

interface Context {
  tokens: { customer: string; advisor: string; marketing: string; rep: string; widget: string };
  /** The presenter cookie (`name=value`), so the demo admin's brand calls reach their body check. */
  presenterCookie: string;
  customerId: string;
  checkingId: string;
  savingsId: string;
  consentId: string;
  /** A sign-in started in another browser: its flow id, without its interaction cookie. */
  strangersFlowId: string;
  /** The pay-by-bank shop's DPoP-bound token, a proof for a request, and one of its consents. */
  shop: {
    token: string;
    proof: (method: string, url: string) => Promise<string>;
    consentId: string;
    merchantAccountId: string;
  };
}

interface Call {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** How a request is put together: each part may be constant or generated. */
interface Spec {
  method: HTTPMethods;
  path: fc.Arbitrary<string>;
  /** The good bearer token this endpoint wants; sometimes replaced by a hostile header. */
  token?: string | null;
  /** How the good token is presented: `DPoP` for sender-constrained tokens (RFC 9449). */
  scheme?: 'Bearer' | 'DPoP';
  /** Headers the endpoint needs (the anti-forgery header…), set over the hostile ones. */
  headers?: Record<string, string>;
  body?: fc.Arbitrary<BodyText>;
  /** The endpoint's own query parameters, mixed with strangers. */
  query?: readonly string[];
}

interface Target {
  route: RouteKey;
  /** A partner read: audited even when refused, so each request leaves a `partner.read` event. */
  auditedRead?: boolean;
  /** Audit events every refused call writes by design (a wrong presenter secret's). */
  auditedRefusals?: string[];
  /** Which use of the route, where one route serves several (the orchestration policies). */
  variant?: string;
  shape: ErrorShape;
  spec: (context: Context) => Spec | fc.Arbitrary<Call>;
  /** Fewer requests than RUNS, where each costs the harness far more than the server (why). */
  runs?: number;
  /** The shard it runs in, where its place in TARGETS would put it in a busier one (why). */
  shard?: number;
  /** What a careful caller adds to each request as it is sent (a fresh DPoP proof). */
  prepare?: (call: Call, context: Context) => Promise<Call>;
}

function build(spec: Spec): fc.Arbitrary<Call> {
  const authorization = spec.token
    ? fc.oneof(
        { arbitrary: fc.constant(`${spec.scheme ?? 'Bearer'} ${spec.token}`), weight: 8 },
        { arbitrary: hostileAuthorization(spec.token), weight: 2 },
      )
    : fc.option(hostileAuthorization(null), { nil: undefined, freq: 3 });
  return fc
    .record({
      path: spec.path,
      query: hostileQuery(spec.query ?? []),
      headers: hostileHeaders,
      authorization,
      body: spec.body ?? fc.constant(undefined),
    })
    .map(({ path, query, headers, authorization, body }) => {
      const all: Record<string, string> = { ...headers, ...spec.headers };
      if (authorization !== undefined) all.authorization = authorization;
      if (body?.contentType !== undefined) all['content-type'] = body.contentType;
      return {
        method: spec.method,
        url: query ? `${path}?${query}` : path,
        headers: all,
        payload: body?.payload,
      };
    });
}

const constant = (path: string) => fc.constant(path);
/** Mostly the real path, sometimes one with hostile parameters in it. */
const mostly = (path: string, hostile: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: fc.constant(path), weight: 4 }, { arbitrary: hostile, weight: 1 });
const text = (path: string[]): RequiredField => ({ path, kind: 'string' });

function policy(
  name: PolicyName,
  shapeOf: (context: Context) => { token?: string; template: object; required: RequiredField[] },
): Target {
  return {
    route: { method: 'POST', url: '/api/orchestration/:companyId/policy/:policyId/start' },
    variant: name,
    shape: 'api',
    spec: (context) => {
      const { token, template, required } = shapeOf(context);
      return {
        method: 'POST',
        path: mostly(
          orchestrationPaths.policyStart(config.companyId, config.policyIds[name]),
          fc
            .tuple(fc.oneof(fc.constant(config.companyId), hostileSegment), hostileSegment)
            .map(([company, id]) => orchestrationPaths.policyStart(company, id)),
        ),
        token,
        body: refusedJsonBody(template, required),
      };
    },
  };
}

/** A form post to an oidc-provider endpoint: its parameters, known values and hostile ones. */
const OAUTH_PARAMETERS = [
  'grant_type',
  'client_id',
  'client_secret',
  'code',
  'redirect_uri',
  'code_verifier',
  'refresh_token',
  'scope',
  'resource',
  'token',
  'token_type_hint',
  'login_hint',
  'id_token_hint',
  'binding_message',
  'auth_req_id',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'state',
  'nonce',
  'request',
  'request_uri',
  'client_assertion',
  'client_assertion_type',
  'acr_values',
  'prompt',
  'max_age',
  '__proto__',
] as const;
const oauthValue = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      BANK_CLIENT.clientId,
      PARTNER_CLIENTS.AnyWealthAdvisor.clientId,
      SERVICE_CLIENT_ID,
      'client_credentials',
      'authorization_code',
      'refresh_token',
      'urn:openid:params:grant-type:ciba',
      'code',
      'S256',
      'plain',
      'openid banking',
      'https://evil.example/cb',
    ),
    weight: 2,
  },
  { arbitrary: hostileString.filter((value) => value.length < 20_000), weight: 3 },
);
const oauthForm: fc.Arbitrary<BodyText> = fc.oneof(
  {
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...OAUTH_PARAMETERS), oauthValue), { maxLength: 7 })
      .map((pairs) => ({
        payload: new URLSearchParams(pairs).toString(),
        contentType: 'application/x-www-form-urlencoded',
      })),
    weight: 5,
  },
  {
    arbitrary: fc
      .tuple(notJsonText, fc.constantFrom('application/x-www-form-urlencoded', 'application/json'))
      .map(([payload, contentType]) => ({ payload, contentType })),
    weight: 1,
  },
);

function oauthPost(path: string, token?: (context: Context) => string): Target {
  return {
    route: { method: 'POST', url: path },
    shape: 'oauth',
    spec: (context) => ({
      method: 'POST',
      path: constant(path),
      token: token?.(context),
      body: oauthForm,
    }),
  };
}

/** The shard the pay-by-bank targets run in: the one with the fewest requests before them. */
const PAY_BY_BANK_SHARD = 3;

/** A target of the payment API: the shop's token as `DPoP`, each request with its own proof. */
function dpopTarget(
  method: HTTPMethods,
  url: string,
  spec: (context: Context) => Pick<Spec, 'path' | 'body' | 'query'>,
): Target {
  return {
    route: { method, url },
    shape: 'api',
    runs: 300,
    shard: PAY_BY_BANK_SHARD,
    spec: (context) => ({ method, token: context.shop.token, scheme: 'DPoP', ...spec(context) }),
    prepare: async (call, context) =>
      call.headers.authorization === `DPoP ${context.shop.token}`
        ? {
            ...call,
            headers: { ...call.headers, dpop: await context.shop.proof(call.method, call.url) },
          }
        : call,
  };
}

const TARGETS: Target[] = [
  // --- Reads without a body: hostile query strings and headers ------------------------------
  ...[
    ['/healthz', null],
    ['/readyz', null],
    [BRANDING_API_PATH, null],
    [MENU_OPTIONS_API_PATH, 'customer'],
    [BALANCES_API_PATH, 'customer'],
    [RECENT_ACTIVITY_API_PATH, 'customer'],
    ['/api/me', 'customer'],
    ['/api/authn/devices', 'customer'],
  ].map(([path, who]): Target => ({
    route: { method: 'GET', url: path! },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(path!),
      token: who ? context.tokens.customer : null,
    }),
  })),
  {
    route: { method: 'GET', url: API_DOCS_PATHS.document },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(API_DOCS_PATHS.document) }),
    // Its answer is one fixed document of ~340 KB, which `inject` takes ~9 ms to hand back
    // (over HTTP the server sends it as fast as /healthz): a quarter of the whole fuzz at RUNS,
    // for a query string and headers that reach the same code as every other GET's.
    runs: 100,
  },
  {
    route: { method: 'GET', url: '/api/dev/outbox' },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant('/api/dev/outbox'), query: ['to', 'limit'] }),
  },
  {
    route: { method: 'GET', url: CONSENTS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(CONSENTS_API_PATH),
      token: context.tokens.customer,
      query: ['subject', 'definition'],
    }),
  },
  {
    route: { method: 'GET', url: ADVISOR_CONSENTS_API_PATH },
    auditedRead: true,
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(ADVISOR_CONSENTS_API_PATH),
      token: context.tokens.advisor,
      query: ['definition', 'subject'],
    }),
  },
  {
    route: { method: 'GET', url: CLIENT_BALANCES_API_PATH },
    auditedRead: true,
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(CLIENT_BALANCES_API_PATH),
      token: context.tokens.advisor,
      query: ['subject'],
    }),
  },
  // Issue 16 §1: account activity. Each answer reads a page of the seeded ledger, so these
  // send fewer requests: the hostile query is refused by the same schema on every one.
  ...[
    [ACCOUNT_ACTIVITY_API_PATH, ['from', 'to', 'q', 'min', 'max', 'page', 'pageSize']],
    [ACCOUNT_ACTIVITY_CSV_API_PATH, ['from', 'to', 'q', 'min', 'max']],
    [ACCOUNT_STATEMENTS_API_PATH, []],
    [OB_TRANSACTIONS_API_PATH, ['page']],
  ].map(([url, query]): Target => ({
    route: { method: 'GET', url: url as string },
    shape: 'api',
    runs: 300,
    spec: (context) => ({
      method: 'GET',
      path: mostly(
        (url as string).replace(':accountId', context.checkingId),
        hostileSegment.map((id) => (url as string).replace(':accountId', id)),
      ),
      token: context.tokens.customer,
      query: query as string[],
    }),
  })),
  {
    route: { method: 'GET', url: PAYMENT_ACTIVITY_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(PAYMENT_ACTIVITY_API_PATH),
      token: context.tokens.customer,
      query: ['page', 'pageSize'],
    }),
  },
  {
    route: { method: 'GET', url: SCIM_USERS_API_PATH },
    auditedRead: true,
    shape: 'scim',
    spec: (context) => ({
      method: 'GET',
      path: constant(SCIM_USERS_API_PATH),
      token: context.tokens.marketing,
      query: ['filter', 'startIndex', 'count'],
    }),
  },
  {
    route: { method: 'GET', url: `${SCIM_USERS_API_PATH}/:id` },
    auditedRead: true,
    shape: 'scim',
    spec: (context) => ({
      method: 'GET',
      path: fc
        .oneof(fc.constant(context.customerId), fc.uuid(), hostileSegment)
        .map((id) => `${SCIM_USERS_API_PATH}/${id}`),
      token: context.tokens.marketing,
    }),
  },
  {
    // The viewer's files by name: a small one of them, or a hostile name (404 in the API's shape).
    route: { method: 'GET', url: `${API_DOCS_PATHS.page}/:file` },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: fc
        .oneof(fc.constant('api-docs.js'), hostileSegment)
        .map((file) => `${API_DOCS_PATHS.page}/${file}`),
    }),
  },
  {
    route: { method: 'GET', url: '/ext/ref/return' },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: constant('/ext/ref/return'),
      query: ['code', 'state', 'error', 'error_description'],
    }),
  },
  {
    route: { method: 'GET', url: `${DIRECTORY_API_ROOT}/:dn` },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: mostly(
        directoryEntryPath(CUSTOMER),
        hostileSegment.map((dn) => `${DIRECTORY_API_ROOT}/${dn}`),
      ),
      token: context.tokens.customer,
    }),
  },
  {
    route: { method: 'GET', url: `${FLOW_API_PATH}/:flowId` },
    shape: 'flow',
    spec: (context) => ({
      method: 'GET',
      path: fc
        .oneof(fc.constant(context.strangersFlowId), fc.uuid(), hostileSegment)
        .map((id) => `${FLOW_API_PATH}/${id}`),
      token: context.tokens.customer,
    }),
  },
  {
    route: { method: 'GET', url: '/api/mobile/devices/:deviceId/push-requests' },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => `/api/mobile/devices/${id}/push-requests`),
    }),
  },
  {
    route: { method: 'GET', url: '/api/orchestration/:companyId/sdktoken' },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: mostly(
        orchestrationPaths.sdkToken(config.companyId),
        hostileSegment.map((company) => orchestrationPaths.sdkToken(company)),
      ),
    }),
  },

  // --- Writes: every body is broken in a field the endpoint needs ----------------------------
  {
    route: { method: 'PUT', url: `${DIRECTORY_API_ROOT}/:dn` },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: mostly(
        directoryEntryPath(CUSTOMER),
        hostileSegment.map((dn) => `${DIRECTORY_API_ROOT}/${dn}`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody({ [ATTRIBUTES.accountTier]: ['personal'] }, [
        { path: [ATTRIBUTES.accountTier], kind: 'array' },
      ]),
    }),
  },
  {
    route: { method: 'PATCH', url: `${DIRECTORY_API_ROOT}/:dn` },
    shape: 'api',
    spec: (context) => ({
      method: 'PATCH',
      path: mostly(
        directoryEntryPath(CUSTOMER),
        hostileSegment.map((dn) => `${DIRECTORY_API_ROOT}/${dn}`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody(
        {
          modifications: [
            {
              attributeName: ATTRIBUTES.accountTier,
              modificationType: 'set',
              values: ['personal'],
            },
          ],
        },
        [{ path: ['modifications'], kind: 'array' }],
      ),
    }),
  },
  {
    route: { method: 'POST', url: RISK_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(RISK_API_PATH),
      body: refusedJsonBody({ username: CUSTOMER, riskPayload: PERSON_RISK_PAYLOAD }, [
        text(['username']),
        { path: ['riskPayload'], kind: 'object' },
      ]),
    }),
  },
  {
    route: { method: 'PUT', url: '/api/admin/risk-override' },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: constant('/api/admin/risk-override'),
      token: context.tokens.customer,
      body: refusedJsonBody({ enabled: true }, [{ path: ['enabled'], kind: 'boolean' }]),
    }),
  },
  {
    // Issue 12 §3: the demo admin's own API for the bank's attributes.
    route: { method: 'PUT', url: ADMIN_THRESHOLDS_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: constant(ADMIN_THRESHOLDS_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody({ cibaThreshold: '1000', denyThreshold: '10000' }, [
        text(['cibaThreshold']),
        text(['denyThreshold']),
      ]),
    }),
  },
  // --- Issue 15 §5: the bank's brand ----------------------------------------------------------
  {
    // An image, but its query is read (`v`, the version): hostile ones are refused or ignored.
    route: { method: 'GET', url: BRANDING_LOGO_PATH },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(BRANDING_LOGO_PATH), query: ['v'] }),
  },
  {
    route: { method: 'PUT', url: ADMIN_BRANDING_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: constant(ADMIN_BRANDING_PATH),
      token: context.tokens.customer,
      headers: { cookie: context.presenterCookie },
      body: refusedJsonBody(
        {
          bankName: DEFAULT_BRAND.bankName,
          productName: DEFAULT_BRAND.productName,
          primaryColor: DEFAULT_BRAND.primaryColor,
          accentColor: DEFAULT_BRAND.accentColor,
        },
        [text(['bankName']), text(['productName']), text(['primaryColor']), text(['accentColor'])],
      ),
    }),
  },
  {
    // A customer's call restores the brand (audited): the marketing token goes through the
    // whole token check and is refused; the accepted call is branding.api.test.ts's.
    route: { method: 'DELETE', url: ADMIN_BRANDING_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'DELETE',
      path: constant(ADMIN_BRANDING_PATH),
      token: context.tokens.marketing,
      body: anyJsonBody,
    }),
  },
  {
    route: { method: 'PUT', url: ADMIN_ACCOUNT_TIER_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: constant(ADMIN_ACCOUNT_TIER_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody({ accountTier: 'premier' }, [text(['accountTier'])]),
    }),
  },
  {
    // A transfer's code: the body is checked before the transfer is looked up.
    route: { method: 'POST', url: `${TRANSFERS_API_PATH}/:transferId/confirmation` },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: mostly(
        transferConfirmationPath(randomUUID()),
        hostileSegment.map((id) => `${TRANSFERS_API_PATH}/${id}/confirmation`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody({ code: '123456' }, [text(['code'])]),
    }),
  },
  {
    // The code step's Cancel: no body; the customer has no transfer under any of these ids.
    route: { method: 'POST', url: `${TRANSFERS_API_PATH}/:transferId/cancellation` },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: mostly(
        transferCancellationPath(randomUUID()),
        hostileSegment.map((id) => `${TRANSFERS_API_PATH}/${id}/cancellation`),
      ),
      token: context.tokens.customer,
    }),
  },
  {
    route: { method: 'POST', url: SIGNING_KEY_ROTATION_PATH },
    shape: 'api',
    // A customer's call adds a key that stays published for half an hour: a thousand of them
    // would fuzz the key ring, not the route. The marketing token goes through the whole token
    // check and is refused; the accepted call is signing-key-rotation.api.test.ts's.
    spec: (context) => ({
      method: 'POST',
      path: constant(SIGNING_KEY_ROTATION_PATH),
      token: context.tokens.marketing,
      body: anyJsonBody,
    }),
  },
  {
    route: { method: 'POST', url: CONSENTS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(CONSENTS_API_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody(
        {
          subject: context.customerId,
          definition: 'communication',
          data: { sms: false, email: false, homeAddress: false },
        },
        [text(['definition'])],
      ),
    }),
  },
  {
    route: { method: 'PATCH', url: `${CONSENTS_API_PATH}/:consentId` },
    shape: 'api',
    spec: (context) => ({
      method: 'PATCH',
      path: mostly(
        `${CONSENTS_API_PATH}/${context.consentId}`,
        hostileSegment.map((id) => `${CONSENTS_API_PATH}/${id}`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody({ status: 'revoked' }, [text(['status'])]),
    }),
  },
  {
    route: { method: 'POST', url: TRANSFERS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(TRANSFERS_API_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody(
        {
          data: {
            type: 'transfers',
            attributes: {
              from_account_id: context.checkingId,
              to_account_id: context.savingsId,
              amount: '1.00',
              risk_data: PERSON_RISK_PAYLOAD,
            },
          },
        },
        [{ path: ['data'], kind: 'object' }, text(['data', 'type'])],
      ),
    }),
  },
  {
    // No body to break: each call lacks the anti-forgery header or holds a bad token.
    route: { method: 'POST', url: FLOW_API_PATH },
    shape: 'flow',
    spec: (context) =>
      fc
        .record({
          call: build({
            method: 'POST',
            path: constant(FLOW_API_PATH),
            body: anyJsonBody,
          }),
          xsrf: fc.boolean(),
          authorization: hostileAuthorization(context.tokens.customer),
        })
        .map(({ call, xsrf, authorization }) => {
          // The hostile headers never include the anti-forgery one: it is there or not here.
          const headers = xsrf
            ? { ...call.headers, ...XSRF, authorization }
            : { ...call.headers, authorization: `Bearer ${context.tokens.customer}` };
          return { ...call, headers };
        }),
  },
  {
    // Issue 12 §2: starting a step-up. A hostile body, a missing anti-forgery header or a
    // hostile token: each is refused before any flow is made.
    route: { method: 'POST', url: STEP_UP_PATH },
    shape: 'api',
    spec: (context) =>
      fc
        .record({
          call: build({
            method: 'POST',
            path: constant(STEP_UP_PATH),
            body: anyJsonBody,
          }),
          xsrf: fc.boolean(),
          authorization: hostileAuthorization(context.tokens.customer),
        })
        .map(({ call, xsrf, authorization }) => {
          const headers = xsrf
            ? { ...call.headers, ...XSRF, authorization }
            : { ...call.headers, authorization: `Bearer ${context.tokens.customer}` };
          return { ...call, headers };
        }),
  },
  {
    // Somebody else's sign-in, or none: even a well-formed step is refused, so any body goes.
    route: { method: 'POST', url: `${FLOW_API_PATH}/:flowId` },
    shape: 'flow',
    spec: (context) =>
      fc
        .record({
          call: build({
            method: 'POST',
            path: fc
              .oneof(fc.constant(context.strangersFlowId), fc.uuid(), hostileSegment)
              .map((id) => `${FLOW_API_PATH}/${id}`),
            headers: XSRF,
            token: context.tokens.customer,
            body: anyJsonBody,
          }),
          step: fc.oneof(
            fc.constantFrom(...VENDOR_STEPS).map((step) => ({ vendor: step })),
            fc.constantFrom(...FLOW_ACTIONS).map((action) => ({ action })),
            hostileAscii.map((action) => ({ action })),
            fc.constant({}),
          ),
        })
        .map(({ call, step }) => {
          if ('vendor' in step) {
            return {
              ...call,
              headers: {
                ...call.headers,
                'content-type': vendorContentType(config.productId, step.vendor),
              },
            };
          }
          if ('action' in step) {
            const url = new URL(call.url, 'http://x');
            url.searchParams.set('action', step.action);
            return { ...call, url: url.pathname + url.search };
          }
          return call;
        }),
  },
  {
    // "This wasn't me": a token of no change (410), of no shape (400), or none at all.
    route: { method: 'POST', url: CONTACT_UNDO_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(CONTACT_UNDO_PATH),
      headers: XSRF,
      body: refusedJsonBody({ token: 'A'.repeat(43) }, [text(['token'])]),
    }),
  },
  {
    route: { method: 'POST', url: '/api/mobile/activation' },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant('/api/mobile/activation'),
      headers: XSRF,
      body: refusedJsonBody({ username: CUSTOMER, password: DEMO_PASSWORD }, [
        text(['username']),
        text(['password']),
      ]),
    }),
  },
  {
    route: { method: 'POST', url: '/api/mobile/activation/confirm' },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant('/api/mobile/activation/confirm'),
      headers: XSRF,
      body: refusedJsonBody({ username: CUSTOMER, code: '123456', publicKey: PHONE_KEY }, [
        text(['username']),
        text(['code']),
        { path: ['publicKey'], kind: 'object' },
      ]),
    }),
  },
  {
    route: { method: 'POST', url: '/api/mobile/push-requests/:requestId/decision' },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => `/api/mobile/push-requests/${id}/decision`),
      headers: XSRF,
      body: refusedJsonBody(
        {
          deviceId: '6f1c2a4e-8d0b-4c3e-9a57-1b2c3d4e5f60',
          decision: 'approve',
          signature: 'A'.repeat(64),
        },
        [text(['deviceId']), text(['decision']), text(['signature'])],
      ),
    }),
  },
  {
    route: { method: 'POST', url: walletPaths.cards },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(walletPaths.cards),
      headers: XSRF,
      body: refusedJsonBody({ ticket: randomBytes(32).toString('base64url') }, [text(['ticket'])]),
    }),
  },
  {
    // "Reset demo": with the anti-forgery header, every body broken in `confirm`, so that no
    // request resets (and the stored state stays as it was).
    route: { method: 'POST', url: DEMO_RESET_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(DEMO_RESET_PATH),
      headers: XSRF,
      body: refusedJsonBody({ confirm: true }, [{ path: ['confirm'], kind: 'boolean' }]),
    }),
  },
  {
    // Whatever the cookies hold, a browser is the presenter's only with a cookie this server made.
    route: { method: 'GET', url: PRESENTER_PATH },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(PRESENTER_PATH) }),
  },
  {
    // Every secret here is wrong (or no secret at all): refused, each try audited.
    route: { method: 'POST', url: PRESENTER_PATH },
    shape: 'api',
    auditedRefusals: ['presenter.refused'],
    spec: () => ({
      method: 'POST',
      path: constant(PRESENTER_PATH),
      headers: XSRF,
      body: refusedJsonBody({ secret: 'not-the-presenter-secret' }, [text(['secret'])]),
    }),
  },
  {
    route: { method: 'DELETE', url: PRESENTER_PATH },
    shape: 'api',
    spec: () => ({ method: 'DELETE', path: constant(PRESENTER_PATH), headers: XSRF }),
  },
  {
    route: { method: 'POST', url: INSPECTOR_PATH },
    shape: 'api',
    spec: () => ({ method: 'POST', path: constant(INSPECTOR_PATH), headers: XSRF }),
  },
  {
    route: { method: 'DELETE', url: INSPECTOR_PATH },
    shape: 'api',
    spec: () => ({ method: 'DELETE', path: constant(INSPECTOR_PATH), headers: XSRF }),
  },
  {
    // Whatever the cookies hold, a stream opens only for a panel cookie this server signed.
    route: { method: 'GET', url: INSPECTOR_EVENTS_PATH },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant(INSPECTOR_EVENTS_PATH) }),
  },
  {
    route: { method: 'POST', url: '/api/orchestration/:companyId/widget-token' },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: mostly(
        orchestrationPaths.widgetToken(config.companyId),
        hostileSegment.map((company) => orchestrationPaths.widgetToken(company)),
      ),
      headers: XSRF,
      body: anyJsonBody,
    }),
  },
  {
    route: { method: 'POST', url: PICKUP_PATH },
    shape: 'api',
    spec: () => ({ method: 'POST', path: constant(PICKUP_PATH), headers: XSRF, query: ['REF'] }),
  },

  // --- Orchestration policies: widget policies with a widget token, user policies with the
  // user's own token in the body ---------------------------------------------------------------
  policy('REGISTRATION', (context) => ({
    token: context.tokens.widget,
    template: {
      step: 'start',
      firstName: 'Nora',
      lastName: 'Quinn',
      email: 'nora.quinn@example.com',
      username: 'nora.quinn',
      password: DEMO_PASSWORD,
    },
    required: [text(['step']), text(['email']), text(['username']), text(['password'])],
  })),
  {
    // Issue 14 §1: "Create an account with a passkey" (no password; WebAuthn options back).
    ...policy('REGISTRATION', (context) => ({
      token: context.tokens.widget,
      template: {
        step: 'startPasskey',
        firstName: 'Nora',
        lastName: 'Quinn',
        email: 'nora.quinn@example.com',
        username: 'nora.quinn',
      },
      required: [text(['step']), text(['email']), text(['username'])],
    })),
    variant: 'REGISTRATION with a passkey',
  },
  policy('USERNAME_RECOVERY', (context) => ({
    token: context.tokens.widget,
    template: {
      hostname: 'localhost',
      mail: `${CUSTOMER}@example.com`,
      encodedMail: Buffer.from(`${CUSTOMER}@example.com`).toString('base64'),
    },
    required: [text(['hostname']), text(['mail']), text(['encodedMail'])],
  })),
  policy('QR_CODE', (context) => ({
    token: context.tokens.widget,
    template: { keyUri: 'otpauth://totp/AnyBank:emily.chen?secret=JBSWY3DPEHPK3PXP' },
    required: [text(['keyUri'])],
  })),
  policy('DEVICE_UNIQUENESS', (context) => ({
    template: {
      accessToken: context.tokens.customer,
      subject: context.customerId,
      email: 'someone@example.com',
    },
    required: [text(['subject'])],
  })),
  policy('PROFILE_UPDATE', (context) => ({
    template: {
      accessToken: context.tokens.customer,
      hostname: 'localhost',
      rawData: {
        givenName: ['Emily'],
        sn: ['Chen'],
        mail: [`${CUSTOMER}@example.com`],
        mobile: ['+16175550142'],
        street: ['8 Harbor Road'],
        l: ['Boston'],
        postalCode: ['02110'],
      },
    },
    required: [{ path: ['rawData'], kind: 'object' }],
  })),
  policy('SIGN_IN_METHOD', (context) => ({
    template: {
      accessToken: context.tokens.customer,
      rawData: {
        [`${config.productId}UserAuthnPreferences`]: 'Password',
        userPassword: [DEMO_PASSWORD],
      },
    },
    required: [
      { path: ['rawData'], kind: 'object' },
      text(['rawData', `${config.productId}UserAuthnPreferences`]),
    ],
  })),
  policy('PHISHING_EMAIL', (context) => ({
    template: { accessToken: context.tokens.customer, to: `${CUSTOMER}@example.com` },
    required: [text(['to'])],
  })),
  ...(['DELETE_USER', 'RESET_VERIFICATION'] as const).map((name) =>
    // `host` is optional, so it is only ever of the wrong kind, never left out: a body without
    // it is a real request to delete or reset the customer.
    policy(name, (context) => ({
      template: { accessToken: context.tokens.customer, host: 'localhost' },
      required: [{ path: ['host'], kind: 'string', optional: true }],
    })),
  ),
  policy('WALLET_PAIRING', (context) => ({
    template: { accessToken: context.tokens.customer, step: 'start', subject: context.customerId },
    required: [text(['step'])],
  })),
  policy('HELP_DESK', (context) => ({
    template: { accessToken: context.tokens.rep, step: 'start', username: CUSTOMER },
    required: [text(['step']), text(['username'])],
  })),

  // --- Issue 12 §4: the consent page's calls and Connected apps ---------------------------
  {
    route: { method: 'GET', url: CONNECTED_APPS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(CONNECTED_APPS_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // The customer has connected no app: whatever the id, nothing is there to revoke.
    route: { method: 'DELETE', url: `${CONNECTED_APPS_API_PATH}/:clientId` },
    shape: 'api',
    spec: (context) => ({
      method: 'DELETE',
      path: mostly(
        `${CONNECTED_APPS_API_PATH}/retail-checkout`,
        hostileSegment.map((id) => `${CONNECTED_APPS_API_PATH}/${id}`),
      ),
      token: context.tokens.customer,
    }),
  },
  // --- Issue 14 §3: remembered browsers ------------------------------------------------------
  {
    route: { method: 'GET', url: REMEMBERED_BROWSERS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(REMEMBERED_BROWSERS_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // The customer has no remembered browser: any id, well-formed or hostile, is refused.
    route: { method: 'DELETE', url: `${REMEMBERED_BROWSERS_API_PATH}/:browserId` },
    shape: 'api',
    spec: (context) => ({
      method: 'DELETE',
      path: mostly(
        `${REMEMBERED_BROWSERS_API_PATH}/${randomUUID()}`,
        hostileSegment.map((id) => `${REMEMBERED_BROWSERS_API_PATH}/${id}`),
      ),
      token: context.tokens.customer,
    }),
  },
  // --- Issue 14 §4: sessions you can see and end, and the password change --------------------
  {
    route: { method: 'GET', url: SIGN_IN_SESSIONS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(SIGN_IN_SESSIONS_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // No session of the customer has such an id: well-formed or hostile, nothing ends.
    route: { method: 'DELETE', url: `${SIGN_IN_SESSIONS_API_PATH}/:sessionId` },
    shape: 'api',
    spec: (context) => ({
      method: 'DELETE',
      path: mostly(
        `${SIGN_IN_SESSIONS_API_PATH}/${randomUUID()}`,
        hostileSegment.map((id) => `${SIGN_IN_SESSIONS_API_PATH}/${id}`),
      ),
      token: context.tokens.customer,
    }),
  },
  {
    // With a good token this would end the customer's other sessions (stored rows change):
    // only hostile or missing tokens here. The good token's answer: sessions.api.test.ts.
    route: { method: 'POST', url: SIGN_OUT_OTHER_SESSIONS_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(SIGN_OUT_OTHER_SESSIONS_API_PATH),
      token: null,
      body: anyJsonBody,
    }),
  },
  {
    // A good token and a well-formed body would change the password: the body is always one
    // the schema or the new-password check refuses (after the step-up), before any write.
    route: { method: 'POST', url: PASSWORD_CHANGE_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(PASSWORD_CHANGE_API_PATH),
      token: context.tokens.customer,
      body: refusedJsonBody({ newPassword: 'short', signOutOtherSessions: true }, [
        text(['newPassword']),
        { path: ['signOutOtherSessions'], kind: 'boolean', optional: true },
      ]),
    }),
  },
  // --- Issue 14 §1: sign in without a password, passkey names ---------------------------------
  {
    route: { method: 'GET', url: PASSWORDLESS_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(PASSWORDLESS_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // With a good token (and a passkey) this would remove the password: only hostile or missing
    // tokens here. The good token's answers: account-security.api.test.ts.
    route: { method: 'DELETE', url: PASSWORDLESS_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'DELETE',
      path: constant(PASSWORDLESS_API_PATH),
      token: null,
      body: anyJsonBody,
    }),
  },
  {
    // No passkey of the customer has such an id, and the bodies are refused: nothing is renamed.
    route: { method: 'PUT', url: '/api/authn/devices/:deviceId/name' },
    shape: 'api',
    spec: (context) => ({
      method: 'PUT',
      path: mostly(
        passkeyNamePath(randomUUID()),
        hostileSegment.map((id) => `/api/authn/devices/${id}/name`),
      ),
      token: context.tokens.customer,
      body: refusedJsonBody({ name: 'Blue key' }, [text(['name'])]),
    }),
  },
  // --- Issue 14 §2: recovery codes -----------------------------------------------------------
  {
    route: { method: 'GET', url: RECOVERY_CODES_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'GET',
      path: constant(RECOVERY_CODES_API_PATH),
      token: context.tokens.customer,
    }),
  },
  {
    // A new set with a good token would change what is stored: only hostile or missing tokens
    // (and any body) here, each refused before a code is made. The good token's answer and
    // its step-up: recovery-codes.api.test.ts.
    route: { method: 'POST', url: RECOVERY_CODES_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'POST',
      path: constant(RECOVERY_CODES_API_PATH),
      token: null,
      body: anyJsonBody,
    }),
  },
  {
    // This browser holds no consent prompt: every request is refused.
    route: { method: 'GET', url: OAUTH_CONSENT_API_PATH },
    shape: 'api',
    spec: () => ({
      method: 'GET',
      path: constant(OAUTH_CONSENT_API_PATH),
      query: ['interaction'],
    }),
  },
  {
    route: { method: 'POST', url: OAUTH_CONSENT_API_PATH },
    shape: 'api',
    spec: (context) => ({
      method: 'POST',
      path: constant(OAUTH_CONSENT_API_PATH),
      headers: XSRF,
      body: refusedJsonBody({ interaction: context.strangersFlowId, decision: 'allow' }, [
        text(['decision']),
      ]),
    }),
  },

  // --- oidc-provider's JSON endpoints (RFC 6749 errors) -------------------------------------
  oauthPost(OAUTH_PATHS.token),
  oauthPost(OAUTH_PATHS.revocation),
  oauthPost(OAUTH_PATHS.backchannel),
  oauthPost(OAUTH_PATHS.pushedAuthorization),
  oauthPost(OAUTH_PATHS.userinfo, (context) => context.tokens.customer),
  ...[OAUTH_PATHS.userinfo, OAUTH_PATHS.jwks, OAUTH_PATHS.discovery].map((path): Target => ({
    route: { method: 'GET', url: path },
    shape: 'oauth',
    spec: (context) => ({
      method: 'GET',
      path: constant(path),
      token: path === OAUTH_PATHS.userinfo ? context.tokens.customer : null,
    }),
  })),

  // --- Operations ----------------------------------------------------------------------------
  // Issue 17 §3: the metrics behind METRICS_TOKEN, with hostile headers (Authorization among
  // them) and query strings. Last, so that no other target moved between shards: it falls in
  // fuzz-3, which had the fewest.
  {
    route: { method: 'GET', url: '/metrics' },
    shape: 'api',
    spec: () => ({ method: 'GET', path: constant('/metrics') }),
  },

  // --- Pay by bank (issue 16 §2, ADR 0023) ---------------------------------------------------
  // Pinned to the shard with the fewest requests, so that appending them moves no other target.
  // The payment API with the shop's DPoP-bound token and a fresh proof of its key for each
  // request as sent, so that hostile bodies, paths and queries reach the input checks (the
  // hostile Authorization headers go without one). A proof costs a signature, and its jti a
  // row in the provider's replay store: 300 requests each.
  dpopTarget('POST', PAYMENT_CONSENTS_API_PATH, () => ({
    path: constant(PAYMENT_CONSENTS_API_PATH),
    body: refusedJsonBody(
      { amountCents: 4210, currency: 'USD', payeeAccountId: 'x', reference: 'ORDER-1' },
      [text(['currency']), text(['payeeAccountId']), text(['reference'])],
    ),
  })),
  dpopTarget('GET', `${PAYMENT_CONSENTS_API_PATH}/:consentId`, (context) => ({
    path: mostly(
      `${PAYMENT_CONSENTS_API_PATH}/${context.shop.consentId}`,
      fc.oneof(fc.uuid(), hostileSegment).map((id) => `${PAYMENT_CONSENTS_API_PATH}/${id}`),
    ),
  })),
  dpopTarget('POST', PAYMENTS_API_PATH, (context) => ({
    path: constant(PAYMENTS_API_PATH),
    // The shop's own token pays nothing even with a good body (no customer): broken bodies only.
    body: refusedJsonBody(
      {
        consentId: context.shop.consentId,
        amountCents: 4210,
        currency: 'USD',
        payeeAccountId: context.shop.merchantAccountId,
      },
      [text(['consentId']), text(['currency']), text(['payeeAccountId'])],
    ),
  })),
  {
    // This browser holds no payment to confirm: every request is refused.
    route: { method: 'GET', url: PAYMENT_CONSENT_SCREEN_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'GET',
      path: constant(PAYMENT_CONSENT_SCREEN_API_PATH),
      query: ['interaction'],
    }),
  },
  {
    route: { method: 'POST', url: PAYMENT_CONSENT_SCREEN_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: (context) => ({
      method: 'POST',
      path: constant(PAYMENT_CONSENT_SCREEN_API_PATH),
      headers: XSRF,
      // With a one-time code, as the code step sends it: the code is optional, and a stranger's
      // body with any code is refused as one without.
      body: refusedJsonBody(
        {
          interaction: context.strangersFlowId,
          decision: 'allow',
          accountId: context.checkingId,
          code: '123456',
        },
        [text(['decision'])],
      ),
    }),
  },
  // The retail shop's own calls: a broken cart starts nothing at the bank; a browser without
  // the shop's order cookie (or with a forged one) has no order, and its return pays nothing.
  {
    route: { method: 'POST', url: RETAIL_CHECKOUT_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'POST',
      path: constant(RETAIL_CHECKOUT_API_PATH),
      headers: XSRF,
      body: refusedJsonBody({ items: ['merino-socks'] }, [{ path: ['items'], kind: 'array' }]),
    }),
  },
  {
    route: { method: 'GET', url: `${RETAIL_ORDERS_API_PATH}/:orderId` },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'GET',
      path: fc.oneof(fc.uuid(), hostileSegment).map((id) => `${RETAIL_ORDERS_API_PATH}/${id}`),
    }),
  },
  {
    route: { method: 'GET', url: RETAIL_CALLBACK_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'GET',
      path: constant(RETAIL_CALLBACK_PATH),
      query: ['code', 'state', 'iss', 'error', 'error_description'],
    }),
  },
  {
    // The presenter's second submission (a demo tool): a browser without a paid order of its
    // own has nothing to submit, and nothing reaches the bank.
    route: { method: 'POST', url: RETAIL_RESUBMISSION_API_PATH },
    shape: 'api',
    shard: PAY_BY_BANK_SHARD,
    spec: () => ({
      method: 'POST',
      path: fc
        .oneof(fc.uuid(), hostileSegment)
        .map((id) => `${RETAIL_ORDERS_API_PATH}/${id}/resubmission`),
      headers: XSRF,
    }),
  },
  {
    // The shop's own token reading its company's account (issue 16 §2), with hostile pages,
    // paths and headers; a read changes nothing, and is not audited (the company's own data).
    ...dpopTarget('GET', OB_TRANSACTIONS_API_PATH, (context) => ({
      path: mostly(
        obTransactionsPath(context.shop.merchantAccountId),
        hostileSegment.map((id) => OB_TRANSACTIONS_API_PATH.replace(':accountId', id)),
      ),
      query: ['page'],
    })),
    variant: 'the retail shop’s own DPoP token',
  },
];

/** Routes that are not JSON endpoints, and why they are not fuzzed here. */
const NOT_JSON: Record<string, string> = {
  [`GET ${LOGOUT_SCRIPT_PATH}`]: 'a fixed JavaScript file; it reads no input',
  [`GET ${API_DOCS_PATHS.page}`]: 'the API reference’s HTML page; it reads no input',
  [`GET ${API_DOCS_PATHS.oauthRedirect}`]:
    'an HTML page: Swagger UI’s script reads its query in the browser, the server never does',
  [`GET ${OAUTH_PATHS.authorization}`]:
    'a browser redirect to the login modal, or an HTML error page (oidc-provider)',
  [`GET ${OAUTH_PATHS.endSession}`]: 'an HTML sign-out page (oidc-provider)',
};

/** The pay-by-bank shop's token (its own DPoP key), a consent of its own, and proofs on demand. */
async function payingShop(test: TestDatabase, origin: string): Promise<Context['shop']> {
  const merchant = RETAIL_SHOP_COMPANY.accountId;
  const consent = await createConsent(await shopOf(test, origin), merchant, 4210);
  // Both of its scopes: the payment API's, and its company's accounts (issue 16 §2).
  const { token, proof } = await shopTokenWithProofs(
    test,
    origin,
    `${PAYMENTS_SCOPE} ${ACCOUNTS_SCOPE}`,
  );
  return { token, consentId: consent.consentId, merchantAccountId: merchant, proof };
}

/**
 * One database by default (API_DATABASES: PostgreSQL when TEST_DATABASE_URL names one, where the
 * fuzz takes a third of PGlite's time, else PGlite): PGlite is PostgreSQL itself (compiled to
 * WebAssembly), so text encoding, casts and constraints refuse hostile values alike on both, and
 * the fuzz sends one request at a time, so the locking that sets them apart never comes into
 * play. Twice the run time buys nothing; FUZZ_ON_POSTGRES=1 runs it on both (with
 * TEST_DATABASE_URL).
 */
const KINDS: DatabaseKind[] = process.env.FUZZ_ON_POSTGRES ? DATABASE_KINDS : API_DATABASES;

/**
 * The fuzz of every target whose place in TARGETS is `shard` modulo `shards` (1-based): each
 * shard is a test file of its own (fuzz.api.test.ts, fuzz-2…), so that the two workers share
 * the ~60,000 requests instead of one running them all while the other has finished.
 */
export function describeFuzzShard(shard: number, shards: number) {
  describe.each(KINDS)('hostile input to every JSON endpoint, on %s', (kind) => {
    let test: TestDatabase;
    let server: Server;
    let origin: string;
    let context: Context;

    beforeAll(async () => {
      test = await createTestDatabase(kind, { seeded: true });
      ({ server, origin } = await startBankingServer(test, {
        env: { METRICS: 'on', METRICS_TOKEN: randomBytes(32).toString('base64url') },
      }));
      const customerId = await userIdOf(test, CUSTOMER);
      const owned = await test.handle.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.ownerId, customerId))
        .orderBy(accounts.position);
      const [consent] = await test.handle.db
        .select({ id: consents.id })
        .from(consents)
        .where(and(eq(consents.subject, customerId), eq(consents.definitionId, 'communication')));
      const widget = await fetch(
        new URL(orchestrationPaths.widgetToken(config.companyId), origin),
        {
          method: 'POST',
          headers: XSRF,
        },
      );
      context = {
        tokens: {
          customer: await signedInToken(origin, CUSTOMER),
          advisor: await partnerToken(origin, 'AnyWealthAdvisor'),
          marketing: await partnerToken(origin, 'AnyMarketing'),
          rep: await partnerToken(origin, 'CustomerServiceRep'),
          widget: widgetTokenResponseSchema.parse(await widget.json()).access_token,
        },
        presenterCookie: await presenterCookie(server),
        customerId,
        checkingId: owned[0]!.id,
        savingsId: owned[1]!.id,
        consentId: consent!.id,
        strangersFlowId: await new SignInDriver(
          origin,
          undefined,
          new BrowserSession(origin),
        ).authorize(),
        shop: await payingShop(test, origin),
      };
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    // Once, in the first shard: the list of targets is the same in each.
    if (shard === 1) {
      it('fuzzes every JSON endpoint the server serves', async () => {
        const fuzzed = new Set(TARGETS.map((target) => routeId(target.route)));
        const served = fastifyRoutes(server.app)
          .filter((route) => route.method !== 'HEAD')
          .map(routeId);
        const announced = (await announcedOidcEndpoints(origin)).flatMap((url) =>
          TARGETS.filter((target) => target.route.url === url).length > 0 ? [] : [`GET ${url}`],
        );
        const missing = [...served, ...announced].filter((id) => !fuzzed.has(id) && !NOT_JSON[id]);
        expect(missing, 'JSON endpoints without a fuzz target').toEqual([]);
      });
    }

    function describeCall(call: Call): string {
      const cut = (value: string | undefined) =>
        value && value.length > 300 ? `${value.slice(0, 300)}… (${value.length} chars)` : value;
      return JSON.stringify({ ...call, url: cut(call.url), payload: cut(call.payload) });
    }

    const shardTargets = TARGETS.filter(
      (target, index) => (target.shard ?? (index % shards) + 1) === shard,
    );
    it.each(
      shardTargets.map((target) => [routeId(target.route), target.variant ?? '', target] as const),
    )(
      '%s %s: never a 5xx, refusals in the documented shape, nothing stored changes',
      async (_route, _variant, target) => {
        const schema = ERROR_SCHEMAS[target.shape];
        const spec = target.spec(context);
        const calls = 'method' in spec ? build(spec) : spec;
        const options = {
          ignoredTables: COUNTERS,
          oidcModelsLeftOut: COUNTED_OIDC_MODELS,
          auditTypesLeftOut: target.auditedRead ? ['partner.read'] : (target.auditedRefusals ?? []),
        };
        const before = await storedState(test.handle, options);
        await fc.assert(
          fc.asyncProperty(calls, async (call) => {
            const sent = target.prepare ? await target.prepare(call, context) : call;
            const response = await server.app.inject(sent);
            const problem = (reason: string) =>
              new Error(
                `${reason}: ${response.statusCode} ${response.body.slice(0, 500)}\n${describeCall(sent)}`,
              );
            if (response.statusCode >= 500) throw problem('server error');
            if (response.statusCode < 400) return;
            let body: unknown;
            try {
              body = JSON.parse(response.body);
            } catch {
              throw problem('an error that is not JSON');
            }
            const parsed = schema.safeParse(body);
            if (!parsed.success) throw problem(`not the ${target.shape} error shape`);
          }),
          { numRuns: Math.min(target.runs ?? RUNS, RUNS), seed: SEED },
        );
        const after = await storedState(test.handle, options);
        const changed = Object.keys({ ...before, ...after }).filter(
          (table) => before[table] !== after[table],
        );
        expect(changed, 'tables whose rows changed').toEqual([]);
      },
      600_000,
    );
  });
}
