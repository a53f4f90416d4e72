import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import {
  BANK_CLIENT,
  PARTNER_CLIENTS,
  XSRF_HEADER,
  directoryAttributeNames,
  orchestrationPaths,
} from '@anybank/contracts';
import type { PolicyName } from '../src/config';
import { SERVICE_CLIENT_ID } from '../src/modules/identity/oauth/oauth.clients';
import type { ErrorShape } from './error-shapes';
import {
  hostileString,
  notJsonText,
  refusedJsonBody,
  type BodyText,
  type RequiredField,
} from './hostile-input';
import {
  hostileAuthorization,
  hostileHeaders,
  hostileQuery,
  hostileSegment,
} from './hostile-request';
import type { RouteKey } from './server-routes';
import { testConfig } from './test-config';

// What a fuzz target is (fuzz-suite.ts runs them): how its requests are built, the context
// of tokens and ids it draws on, and the helpers the target lists share.

export const config = testConfig();
export const ATTRIBUTES = directoryAttributeNames(config.productId);
export const XSRF = { [XSRF_HEADER]: '1' };
export const CUSTOMER = 'emily.chen';
export const PHONE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
  format: 'jwk',
});
export interface Context {
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

export interface Call {
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

export interface Target {
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

export function build(spec: Spec): fc.Arbitrary<Call> {
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

export const constant = (path: string) => fc.constant(path);
/** Mostly the real path, sometimes one with hostile parameters in it. */
export const mostly = (path: string, hostile: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: fc.constant(path), weight: 4 }, { arbitrary: hostile, weight: 1 });
export const text = (path: string[]): RequiredField => ({ path, kind: 'string' });

export function policy(
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

export function oauthPost(path: string, token?: (context: Context) => string): Target {
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
export const PAY_BY_BANK_SHARD = 3;

/** A target of the payment API: the shop's token as `DPoP`, each request with its own proof. */
export function dpopTarget(
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
