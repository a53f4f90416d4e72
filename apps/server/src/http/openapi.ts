import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_KEY_HEADER,
  API_ERROR_CODES,
  OAUTH_PATHS,
  XSRF_HEADER,
  messages,
  type ApiErrorCode,
  apiDocsMessages,
  apiErrorMessages,
} from '@anybank/contracts';
import { ANY_ROUTE_CODES, answerOf, declaredBodyOf } from './declared-answers';
import { statusOfError, type errorStatus } from './error-status';

/**
 * The API reference (OpenAPI 3.1, `GET /api/docs/openapi.json`, shown to people at `/api/docs`:
 * http/api-docs.ts), written beside each route rather than apart from it: every route passes `config: { docs }`, naming the zod schemas it already parses its
 * input with (from @anybank/contracts), so the reference shows what the code checks. Routes are
 * collected as Fastify registers them; a route without docs is listed as undocumented, and a
 * test fails on any (apps/server/test/openapi.api.test.ts).
 */

/** Who may call a route, as the reference names it (authorization-matrix.api.test.ts holds who gets what answer). */
export type RouteCaller =
  | 'anyone'
  /** A bearer access token from /as/token.oauth2: a customer's, a partner's or an application's. */
  | 'bearer'
  /**
   * An application's DPoP-bound access token (`Authorization: DPoP <token>`) with a `DPoP` proof
   * of its key for each request (RFC 9449): the pay-by-bank API refuses it as a bearer token.
   */
  | 'dpop'
  /**
   * Either a person's bearer token, or an application's DPoP-bound token with its proof: the
   * Open Banking transactions, which a company's own application reads for its company's
   * accounts (ADR 0023) and customers and the advisor with their bearer tokens.
   */
  | 'bearerOrDpop'
  /** The browser that holds the sign-in's interaction cookie, with the anti-forgery header. */
  | 'browser'
  /** Any caller with the anti-forgery header (a form post from another site cannot add it). */
  | 'xsrf'
  /** An integration holding the company's API key. */
  | 'apiKey'
  /** A scraper holding METRICS_TOKEN, as a bearer token (README "Metrics"). */
  | 'metricsToken';

export interface RouteDocs {
  summary: string;
  /** What the caller should know beyond the summary: limits, order of checks, side effects. */
  description?: string;
  /** The module the route belongs to: the reference groups routes by it. */
  tag: string;
  caller: RouteCaller;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Path parameters are read from the URL (`:id`); this describes them where it helps. */
  params?: Record<string, string>;
  /**
   * Each status the route answers, with what it means and, for a body, its schema. Every answer
   * is checked against these in development and tests (http/declared-answers.ts): its status,
   * a refusal's code, and in tests its body; the refusals any route may answer
   * (`ANY_ROUTE_CODES`, docs/api-errors.md) need no declaration. A refusal's body is the one
   * error body (or `schema`, which extends it); `codes` are the codes this route answers with
   * that status, required for every status a code is answered with (http/error-status.ts): a
   * refusal the route does not list is an undeclared answer, whatever its status.
   */
  responses: RouteResponses;
}

/** The statuses a refusal's code is answered with (http/error-status.ts). */
export type RefusalStatus = (typeof errorStatus)[ApiErrorCode];

/**
 * A route's declared answers: a refusal status names its codes (`RefusalAnswer`), so a
 * declaration without them is a type error; any other status (a success, a redirect, the
 * health check's 503, which is no error body) is described as it is.
 */
export type RouteResponses = { [S in RefusalStatus]?: RefusalAnswer } & {
  [status: number]: string | RouteAnswer;
};

/** One declared status of a route (`RouteDocs.responses`). */
export interface RouteAnswer {
  description: string;
  schema?: z.ZodType;
  type?: string;
  /** The refusal codes this route answers with the status (`RefusalAnswer`). */
  codes?: readonly ApiErrorCode[];
}

/**
 * A set of refusals many routes share, by status (a guard's, a check's): defined once beside
 * what answers them (a customer's token, a zod-checked body, a rate limit) and spread into each
 * route's `codes`.
 */
export type RefusalCodes = { readonly [S in RefusalStatus]?: readonly ApiErrorCode[] };

/** A declared refusal status: the codes this route answers with it, each of that status. */
export interface RefusalAnswer extends RouteAnswer {
  codes: readonly ApiErrorCode[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in the API reference (http/openapi.ts). */
    docs?: RouteDocs;
  }
}

export interface DocumentedRoute {
  method: string;
  url: string;
  docs: RouteDocs | null;
}

/** The routes as Fastify registers them, with their docs: call before any route is added. */
export function collectRouteDocs(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD beside every GET by itself (no route here declares one): the GET
      // documents both.
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, docs: route.config?.docs ?? null });
    }
  });
  return routes;
}

/** Every error code with its status and message, as the reference lists them. */
export function errorCodeTable() {
  return Object.fromEntries(
    API_ERROR_CODES.map((code) => {
      const message = apiErrorMessages[code] as unknown;
      return [
        code,
        {
          status: statusOfError(code),
          message: typeof message === 'string' ? message : '(made from the case)',
          anyRoute: ANY_ROUTE_CODES.has(code),
        },
      ];
    }),
  );
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output') {
  // Dates, transforms and custom checks have no JSON Schema: they show as "any value".
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
}

const SECURITY: Record<RouteCaller, Record<string, string[]>[]> = {
  anyone: [],
  // Either scheme gives the same bearer token: `oauth2` is how the reference's viewer gets one.
  bearer: [{ bearer: [] }, { oauth2: [] }],
  dpop: [{ dpop: [] }],
  bearerOrDpop: [{ bearer: [] }, { oauth2: [] }, { dpop: [] }],
  browser: [{ interactionCookie: [], xsrfHeader: [] }],
  xsrf: [{ xsrfHeader: [] }],
  apiKey: [{ apiKey: [] }],
  metricsToken: [{ metricsToken: [] }],
};

function operationOf(route: DocumentedRoute & { docs: RouteDocs }) {
  const { docs } = route;
  const pathParams = [...route.url.matchAll(/:(\w+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...(docs.params?.[name] ? { description: docs.params[name] } : {}),
  }));
  const queryParams = docs.query ? queryParametersOf(docs.query) : [];
  const responses = Object.fromEntries(
    Object.entries(docs.responses).map(([status, answer]) => {
      const { description, type } = answerOf(answer);
      const body = declaredBodyOf(Number(status), answer);
      return [
        status,
        {
          description,
          ...(body
            ? {
                content: { [type ?? 'application/json']: { schema: jsonSchemaOf(body, 'output') } },
              }
            : {}),
        },
      ];
    }),
  );
  return {
    summary: docs.summary,
    ...(docs.description ? { description: docs.description } : {}),
    tags: [docs.tag],
    operationId: `${route.method.toLowerCase()} ${route.url}`,
    security: SECURITY[docs.caller],
    ...(pathParams.length + queryParams.length > 0
      ? { parameters: [...pathParams, ...queryParams] }
      : {}),
    ...(docs.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(docs.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** A query schema's properties as OpenAPI query parameters. */
function queryParametersOf(query: z.ZodType) {
  const schema = jsonSchemaOf(query, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** The public OAuth client the reference's viewer signs in with, and the scopes it may ask. */
export interface ApiDocsOAuthClient {
  clientId: string;
  scopes: readonly string[];
}

/**
 * The `oauth2` scheme: authorization code (PKCE, the only kind this server accepts) at this
 * server's own endpoints, so that a viewer (the reference's page) offers to sign in and sends
 * the token it gets with each call it tries.
 */
function oauthSchemeOf(serverUrl: string, client: ApiDocsOAuthClient) {
  return {
    type: 'oauth2',
    description: apiDocsMessages.oauthSchemeDescription(client.clientId),
    flows: {
      authorizationCode: {
        authorizationUrl: `${serverUrl}${OAUTH_PATHS.authorization}`,
        tokenUrl: `${serverUrl}${OAUTH_PATHS.token}`,
        scopes: Object.fromEntries(
          client.scopes.map((scope) => [scope, messages.connectedApps.scopeText[scope] ?? scope]),
        ),
      },
    },
  };
}

/** The OpenAPI 3.1 document of the documented routes; `extraPaths` adds ones served elsewhere. */
export function openApiDocument(input: {
  routes: DocumentedRoute[];
  serverUrl: string;
  version: string;
  oauthClient: ApiDocsOAuthClient;
  extraPaths?: Record<string, Record<string, unknown>>;
}) {
  const paths: Record<string, Record<string, unknown>> = { ...input.extraPaths };
  for (const route of input.routes) {
    if (!route.docs) continue;
    const path = route.url.replaceAll(/:(\w+)/g, '{$1}');
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]: operationOf({ ...route, docs: route.docs }),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AnyBank API',
      version: input.version,
      description:
        'The bank’s own API: sign-in flow, banking, consents, directory, partner portals and ' +
        'the phone app. The OAuth 2.0 / OpenID Connect server under /as is described by its ' +
        'discovery document (/.well-known/openid-configuration); its endpoints are listed here too. ' +
        'Every refusal of the bank’s own routes is `{ code, message, details? }`: ' +
        '`components.x-error-codes` lists each code with its status and message; the codes ' +
        'marked `anyRoute` (a malformed body or address, a body too large or of an unread type, ' +
        'the rate limit, an unexpected failure) may answer any route.',
    },
    servers: [{ url: input.serverUrl }],
    components: {
      'x-error-codes': errorCodeTable(),
      securitySchemes: {
        // The viewer's Authorize dialog lists the schemes in this order: the customer's sign-in
        // first, what a person trying the API reaches for.
        oauth2: oauthSchemeOf(input.serverUrl, input.oauthClient),
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token from /as/token.oauth2.',
        },
        dpop: {
          type: 'http',
          // RFC 9449 §7.1 registers "DPoP" as an HTTP authentication scheme.
          scheme: 'DPoP',
          description:
            'An access token bound to the caller’s key (RFC 9449), from /as/token.oauth2 with a DPoP proof; every request carries a new `DPoP` proof header for its method and URL, signed by that key.',
        },
        interactionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: '_interaction',
          description: 'The HttpOnly cookie that binds a sign-in flow to the browser it began in.',
        },
        xsrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: 'Any value: a cross-site form cannot send it, so its presence shows intent.',
        },
        apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The METRICS_TOKEN the server was started with (GET /metrics).',
        },
      },
    },
    paths,
  };
}
