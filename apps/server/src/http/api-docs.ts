import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_PATHS } from '@anybank/contracts';
import { DomainError } from '../domain-error';
import { isApiPath } from './api-paths';
import {
  API_DOCS_SCRIPT,
  API_DOCS_SCRIPT_FILE,
  API_DOCS_STYLE,
  API_DOCS_STYLE_FILE,
  renderApiDocsPage,
  renderOAuthReturnPage,
} from './api-docs-pages';
import { openApiDocument, type ApiDocsOAuthClient, type DocumentedRoute } from './openapi';

/**
 * The API reference (ADR 0019): `GET /api/docs` is a page for people (Swagger UI
 * on the document), `GET /api/docs/openapi.json` the OpenAPI 3.1 document for programs, and
 * `GET /api/docs/:file` the viewer's files, taken from the swagger-ui-dist package as
 * published: nothing comes from a CDN. All of it is served to anyone: it describes the API,
 * never a secret or a customer's data.
 */

const JAVASCRIPT = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** swagger-ui-dist's folder, and its version (in its files' URLs, for caching). */
const viewerPackage = (() => {
  const manifest = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');
  let version: string | undefined;
  return {
    dir: path.dirname(manifest),
    version: () =>
      (version ??= String(
        (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version,
      )),
  };
})();

/** The viewer's files by name: the package's own, and this page's script and style. */
const VIEWER_FILES: Record<string, { type: string; fromPackage: boolean; body?: string }> = {
  'swagger-ui-bundle.js': { type: JAVASCRIPT, fromPackage: true },
  'swagger-ui.css': { type: CSS, fromPackage: true },
  // The redirect page's script: it hands the code to the window that opened the sign-in.
  'oauth2-redirect.js': { type: JAVASCRIPT, fromPackage: true },
  [API_DOCS_SCRIPT_FILE]: { type: JAVASCRIPT, fromPackage: false, body: API_DOCS_SCRIPT },
  [API_DOCS_STYLE_FILE]: { type: CSS, fromPackage: false, body: API_DOCS_STYLE },
};

const gzipped = promisify(gzip);

/** A package file's bytes and their gzip, read once (the bundle is 1.7 MB, 0.5 MB gzipped). */
const packageFiles = new Map<string, Promise<{ plain: Buffer; gzip: Buffer }>>();
function packageFile(name: string) {
  let file = packageFiles.get(name);
  if (!file) {
    file = readFile(path.join(viewerPackage.dir, name)).then(async (plain) => ({
      plain,
      gzip: await gzipped(plain),
    }));
    // A failed read is tried again next time rather than remembered.
    file.catch(() => packageFiles.delete(name));
    packageFiles.set(name, file);
  }
  return file;
}

export function registerApiDocs(
  app: FastifyInstance,
  options: {
    routes: DocumentedRoute[];
    basePath: string;
    /** The public URL with the base path: the document's server, the OAuth endpoints' base. */
    serverUrl: string;
    version: string;
    /** The public client the viewer's "Authorize" signs in with. */
    oauthClient: ApiDocsOAuthClient;
    extraPaths: Record<string, Record<string, unknown>>;
  },
) {
  const { basePath, oauthClient } = options;
  /** The document, serialised once: it is large (tens of KB), and the same for every caller. */
  let documentJson: string | null = null;

  app.get(
    API_DOCS_PATHS.page,
    {
      config: {
        docs: {
          summary: 'This reference, for people: the document in a viewer (Swagger UI)',
          description:
            'Its Authorize button signs in as a customer through this server (authorization code with PKCE) and sends the token with each call tried from the page.',
          tag: 'reference',
          caller: 'anyone',
          responses: { 200: { description: 'The page.', type: 'text/html' } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(
          renderApiDocsPage({
            basePath,
            viewerVersion: viewerPackage.version(),
            oauthRedirectUrl: `${options.serverUrl}${API_DOCS_PATHS.oauthRedirect}`,
            oauthClientId: oauthClient.clientId,
            oauthScopes: oauthClient.scopes,
          }),
        ),
  );

  app.get(
    API_DOCS_PATHS.document,
    {
      config: {
        docs: {
          summary: 'This reference, as an OpenAPI 3.1 document',
          tag: 'reference',
          caller: 'anyone',
          responses: { 200: 'The document.' },
        },
      },
    },
    // Built on first use, once every route is registered.
    async (_request, reply) => {
      documentJson ??= JSON.stringify(
        openApiDocument({
          routes: options.routes
            .filter((route) => isApiPath(route.url, basePath))
            .map((route) => ({ ...route, url: route.url.slice(basePath.length) })),
          serverUrl: options.serverUrl,
          version: options.version,
          oauthClient,
          extraPaths: options.extraPaths,
        }),
      );
      return reply.type('application/json; charset=utf-8').send(documentJson);
    },
  );

  app.get(
    API_DOCS_PATHS.oauthRedirect,
    {
      config: {
        docs: {
          summary: 'Where the reference’s sign-in returns with the code (its OAuth redirect URI)',
          description:
            'Hands the code and state to the reference page that opened the sign-in window (same origin only) and closes the window. The address holds the code: the page sends no referrer.',
          tag: 'reference',
          caller: 'anyone',
          responses: { 200: { description: 'The page.', type: 'text/html' } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(renderOAuthReturnPage(basePath, viewerPackage.version())),
  );

  app.get<{ Params: { file: string } }>(
    `${API_DOCS_PATHS.page}/:file`,
    {
      config: {
        docs: {
          summary:
            'A file of the reference’s viewer: Swagger UI’s script and style, and the page’s',
          tag: 'reference',
          caller: 'anyone',
          params: { file: Object.keys(VIEWER_FILES).join(', ') },
          responses: {
            200: 'The file: JavaScript or CSS.',
            404: { description: 'No such file.', codes: ['not_found'] },
          },
        },
      },
    },
    async (request, reply) => {
      const { file: name } = request.params;
      const file = Object.hasOwn(VIEWER_FILES, name) ? VIEWER_FILES[name] : undefined;
      if (!file) throw new DomainError('not_found');
      reply.type(file.type);
      if (!file.fromPackage) return reply.header('Cache-Control', 'no-cache').send(file.body);
      // Linked with the package's version in the URL: a new version is a new address.
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('Vary', 'Accept-Encoding');
      const { plain, gzip: compressed } = await packageFile(name);
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('Content-Encoding', 'gzip').send(compressed);
      }
      return reply.send(plain);
    },
  );
}
