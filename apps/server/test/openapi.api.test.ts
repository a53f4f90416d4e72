import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_DOCS_PATHS,
  BALANCES_API_PATH,
  CONSENTS_API_PATH,
  OAUTH_PATHS,
  OB_TRANSACTIONS_API_PATH,
  PAYMENTS_API_PATH,
  PAYMENT_CONSENTS_API_PATH,
  TRANSFERS_API_PATH,
} from '@anybank/contracts';
import { API_DOCS_CLIENT_ID } from '../src/modules/identity/oauth/client-scopes.rules';
import { isApiPath } from '../src/http/api-paths';
import { startBankingServer } from './banking-server';
import { announcedOidcEndpoints, fastifyRoutes } from './server-routes';
import type { Server } from './sign-in-driver';
import { createTestDatabase, type TestDatabase } from './test-database';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

/**
 * The API reference at /api/docs/openapi.json (OpenAPI 3.1): every route the server serves is in it, the
 * OAuth endpoints its discovery document announces as well, and its schemas are valid JSON
 * Schema (2020-12, as OpenAPI 3.1 uses) that accept what the routes accept.
 */
describe('the API reference', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let document: Document;

  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    const response = await fetch(new URL(API_DOCS_PATHS.document, origin));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    document = (await response.json()) as Document;
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const operation = (path: string, method: string) => document.paths[path]?.[method.toLowerCase()];

  it('is an OpenAPI 3.1 document of this server', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'AnyBank API', version: expect.any(String) });
    expect(document.servers).toEqual([{ url: origin }]);
  });

  it('documents every route the server serves, each with a summary, a group and its answers', () => {
    const served = fastifyRoutes(server.app).filter(
      (route) => route.method !== 'HEAD' && isApiPath(route.url, ''),
    );
    expect(served.length).toBeGreaterThan(30);
    const undocumented = served
      .filter((route) => !operation(route.url.replaceAll(/:(\w+)/g, '{$1}'), route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented, 'routes missing from the reference').toEqual([]);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, described] of Object.entries(item)) {
        expect(described.summary, `${method} ${path}`).toMatch(/\w/);
        expect(described.tags, `${method} ${path}`).toHaveLength(1);
        expect(Object.keys(described.responses).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  it('documents every endpoint the OAuth server announces', async () => {
    const announced = await announcedOidcEndpoints(origin);
    expect(announced.length).toBeGreaterThan(5);
    expect(announced.filter((path) => !document.paths[path])).toEqual([]);
  });

  it('names only security schemes it defines', () => {
    const defined = new Set(Object.keys(document.components.securitySchemes));
    for (const item of Object.values(document.paths)) {
      for (const described of Object.values(item)) {
        for (const requirement of described.security ?? []) {
          for (const scheme of Object.keys(requirement as object))
            expect(defined).toContain(scheme);
        }
      }
    }
  });

  it('lists each refusal status with the route’s own codes, each a code of that status', () => {
    const table = (document.components as { 'x-error-codes'?: Record<string, { status: number }> })[
      'x-error-codes'
    ];
    expect(Object.keys(table ?? {}).length).toBeGreaterThan(100);
    let declared = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, described] of Object.entries(item)) {
        for (const [status, answer] of Object.entries(described.responses)) {
          if (Number(status) < 400) continue;
          const schema = answer.content?.['application/json']?.schema as
            { properties?: { code?: { enum?: string[]; type?: string } } } | undefined;
          const code = schema?.properties?.code;
          // SCIM's and the health check's bodies carry no code; every other refusal names its own.
          if (!code) continue;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          expect(code.enum, `${where} declares its codes`).toBeDefined();
          for (const each of code.enum ?? []) {
            expect(table?.[each]?.status, `${where}: ${each}`).toBe(Number(status));
          }
          declared += 1;
        }
      }
    }
    expect(declared).toBeGreaterThan(200);
    // No status stands for every code of it: a customer's token refuses with its own three.
    const devices = operation('/api/authn/devices', 'GET')?.responses['401'];
    expect(devices?.content?.['application/json']?.schema).toMatchObject({
      properties: {
        code: { enum: ['sign_in_required', 'session_ended', 'dpop_proof_required'] },
      },
    });
  });

  it('has schemas a JSON Schema 2020-12 validator compiles', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    let compiled = 0;
    for (const item of Object.values(document.paths)) {
      for (const described of Object.values(item)) {
        const bodies = [
          ...Object.values(described.requestBody?.content ?? {}),
          ...Object.values(described.responses).flatMap((answer) =>
            Object.values(answer.content ?? {}),
          ),
        ];
        for (const { schema } of bodies) {
          ajv.compile(schema);
          compiled += 1;
        }
      }
    }
    expect(compiled).toBeGreaterThan(30);
  });

  it('describes request bodies as the routes check them: a good transfer passes, a bad one not', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const transfer = operation(TRANSFERS_API_PATH, 'POST');
    const validate = ajv.compile(transfer?.requestBody?.content['application/json']?.schema ?? {});
    const attributes = {
      from_account_id: '5f0c1a9e-8a53-4c57-9d47-3a4a1d1f2b10',
      to_account_id: '7e2b0c4d-1f6a-4d8e-b3c2-9a8b7c6d5e4f',
      amount: '25.00',
    };
    expect(
      validate({ data: { type: 'transfers', attributes } }),
      JSON.stringify(validate.errors),
    ).toBe(true);
    // The route refuses these whole before it reads any account (400): so does the schema.
    expect(validate({ data: { type: 'payments', attributes } })).toBe(false);
    expect(
      validate({ data: { type: 'transfers', attributes: { ...attributes, amount: [] } } }),
    ).toBe(false);

    const consent = operation(CONSENTS_API_PATH, 'POST');
    expect(consent?.requestBody?.content['application/json']?.schema).toBeDefined();
    // A refusal is answered in the one error shape.
    expect(transfer?.responses['400']?.content?.['application/json']?.schema).toMatchObject({
      properties: { message: { type: 'string' } },
    });
  });
});

/**
 * The reference for people (ADR 0019): /api/docs is Swagger UI on the document,
 * served from the swagger-ui-dist package under the site's strict CSP, with an Authorize that
 * signs in through this server's own OAuth (authorization code + PKCE, the reference's client).
 */
describe('the API reference page', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startBankingServer(test));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, origin), { headers });

  /** The files a page loads (`<script src>`, `<link href>`), as absolute paths. */
  const linkedFiles = (html: string) =>
    [...html.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map(
      ([, url = '']) => url.replaceAll('&amp;', '&'),
    );

  it('is an HTML page with Swagger UI on the document, its Authorize set to the reference’s client', async () => {
    const page = await get(API_DOCS_PATHS.page);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<div id="swagger-ui"');
    expect(html).toContain(`data-document-url="${API_DOCS_PATHS.document}"`);
    expect(html).toContain(`data-oauth-client-id="${API_DOCS_CLIENT_ID}"`);
    expect(html).toContain(`data-oauth-redirect-url="${origin}${API_DOCS_PATHS.oauthRedirect}"`);
    expect(html).toContain('data-oauth-scopes="openid banking consent"');
    const files = linkedFiles(html);
    expect(files.map((file) => file.split('?')[0])).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/api-docs.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/api-docs.js',
    ]);
    // Every file is this server's own, and answers.
    for (const file of files) {
      expect(file, 'served by this server, not a CDN').toMatch(/^\/api\/docs\//);
      const answer = await get(file);
      expect(answer.status, file).toBe(200);
      expect((await answer.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
  });

  it('runs under the site’s strict CSP: no inline script or style, nothing from another origin', async () => {
    const page = await get(API_DOCS_PATHS.page);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\bstyle=/);
    const home = await get('/healthz');
    expect(csp).toBe(home.headers.get('content-security-policy'));
  });

  it('serves Swagger UI’s bundle from the package, gzipped when asked, cached by version', async () => {
    const html = await (await get(API_DOCS_PATHS.page)).text();
    const bundle = linkedFiles(html).find((file) => file.includes('swagger-ui-bundle.js'))!;
    expect(bundle).toMatch(/\?v=\d+\.\d+\.\d+$/);
    const plain = await get(bundle, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-type')).toContain('text/javascript');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const text = await plain.text();
    expect(text).toContain('SwaggerUIBundle');
    const compressed = await get(bundle, { 'accept-encoding': 'gzip' });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    // fetch inflates it: the same script.
    expect(await compressed.text()).toBe(text);
  });

  it('answers 404 for any other file name', async () => {
    for (const name of [
      'index.html',
      '..%2Fpackage.json',
      'swagger-initializer.js',
      'constructor',
    ]) {
      const answer = await get(`${API_DOCS_PATHS.page}/${name}`);
      expect(answer.status, name).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('has a sign-in return page that hands the code over with Swagger UI’s script and leaks no referrer', async () => {
    const answer = await get(`${API_DOCS_PATHS.oauthRedirect}?code=abc&state=xyz`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const [script] = linkedFiles(await answer.text());
    expect(script).toMatch(/^\/api\/docs\/oauth2-redirect\.js\?v=/);
    expect(await (await get(script!)).text()).toContain('swaggerUIRedirectOauth2');
  });

  it('declares the oauth2 scheme at this server’s endpoints, the one redirect URI its client has', async () => {
    const document = (await (await get(API_DOCS_PATHS.document)).json()) as Document & {
      components: {
        securitySchemes: {
          oauth2?: {
            type: string;
            flows: {
              authorizationCode?: {
                authorizationUrl: string;
                tokenUrl: string;
                scopes: Record<string, string>;
              };
            };
          };
          dpop?: { type: string; scheme: string };
        };
      };
    };
    const scheme = document.components.securitySchemes.oauth2;
    expect(scheme?.type).toBe('oauth2');
    // The viewer's Authorize dialog offers the customer's sign-in first.
    expect(Object.keys(document.components.securitySchemes)[0]).toBe('oauth2');
    expect(scheme?.flows.authorizationCode).toMatchObject({
      authorizationUrl: `${origin}${OAUTH_PATHS.authorization}`,
      tokenUrl: `${origin}${OAUTH_PATHS.token}`,
    });
    expect(Object.keys(scheme?.flows.authorizationCode?.scopes ?? {})).toEqual([
      'openid',
      'banking',
      'consent',
    ]);
    // A customer API may be called with the token the viewer gets.
    expect(document.paths[BALANCES_API_PATH]?.get?.security).toEqual([
      { bearer: [] },
      { oauth2: [] },
    ]);
    // The payment API refuses a bearer token: the reference names DPoP (RFC 9449) for it alone,
    // not the viewer's bearer token, which would only earn a 401 there.
    expect(document.components.securitySchemes.dpop).toMatchObject({
      type: 'http',
      scheme: 'DPoP',
    });
    expect(document.paths[PAYMENTS_API_PATH]?.post?.security).toEqual([{ dpop: [] }]);
    expect(document.paths[PAYMENT_CONSENTS_API_PATH]?.post?.security).toEqual([{ dpop: [] }]);
    // Open Banking's transactions take either: a person's bearer token, or a company's own
    // application's DPoP-bound token for its company's accounts (ADR 0023).
    expect(
      document.paths[OB_TRANSACTIONS_API_PATH.replace(':accountId', '{accountId}')]?.get?.security,
    ).toEqual([{ bearer: [] }, { oauth2: [] }, { dpop: [] }]);
    // The server accepts an authorization request of that client to that redirect URI only.
    const authorize = (redirectUri: string) => {
      const url = new URL(OAUTH_PATHS.authorization, origin);
      url.search = new URLSearchParams({
        client_id: API_DOCS_CLIENT_ID,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid banking',
        state: 'state-of-the-viewer',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString();
      return fetch(url, { redirect: 'manual' });
    };
    const registered = await authorize(`${origin}${API_DOCS_PATHS.oauthRedirect}`);
    expect(registered.status).toBe(303);
    expect(registered.headers.get('location')).toContain('flowId=');
    const other = await authorize(`${origin}/ext/ref/return`);
    expect(other.status).toBe(400);
  });
});
