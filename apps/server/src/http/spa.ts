import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_CONFIG_META_NAME, isPagePath, type PublicConfig } from '@anybank/contracts';
import { DomainError } from '../domain-error';
import { isApiPath } from './api-paths';
import { sendApiError } from './errors';
import { escapeHtml } from './html';
import { SCIM_PATH_SEGMENT, sendScimError } from './scim-error';

/**
 * The built index.html with the public configuration in a <meta> tag (CSP allows no inline
 * script) and asset URLs moved under the base path. Pure, so it is tested without a build.
 */
export function renderIndexHtml(html: string, config: PublicConfig): string {
  const meta = `<meta name="${PUBLIC_CONFIG_META_NAME}" content="${escapeHtml(JSON.stringify(config))}">`;
  const withAssets = config.basePath
    ? html.replaceAll(/(src|href)="\/(?!\/)/g, `$1="${config.basePath}/`)
    : html;
  return withAssets.replace('</head>', `  ${meta}\n  </head>`);
}

/**
 * Serves the built SPA under the base path: hashed assets with long caching, and index.html
 * for every page route the SPA's router knows. API paths never fall through to the SPA.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { distDir: string; config: PublicConfig; isPageDisabled: (pathname: string) => boolean },
) {
  const { distDir, config } = options;
  const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8').then(
    (html) => renderIndexHtml(html, config),
    () => null,
  );

  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: `${config.basePath}/`,
      // One route per built file: anything else falls through to the handler below.
      wildcard: false,
      index: false,
      // index.html only ever goes out rendered with the configuration (below).
      globIgnore: ['index.html'],
      cacheControl: false,
      // The build writes .br and .gz copies of scripts and stylesheets: a browser that accepts
      // one gets it (a third of the bytes), any other the file itself.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite names assets by content hash, so a file never changes under the same name.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The answer depends on Accept-Encoding: shared caches must keep the encodings apart.
        reply.header('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      request.method === 'GET' &&
      pathname.startsWith(config.basePath || '/') &&
      !isApiPath(pathname, config.basePath) &&
      !path.extname(pathname) &&
      !options.isPageDisabled(pathname.slice(config.basePath.length) || '/');
    if (!isPage) {
      const message = `Nothing here: ${request.method} ${pathname}`;
      if (pathname.startsWith(`${config.basePath}${SCIM_PATH_SEGMENT}`)) {
        return sendScimError(reply, 404, message);
      }
      return sendApiError(request, reply, new DomainError('not_found', { message }));
    }
    if (indexHtml === null) {
      return reply
        .status(503)
        .type('text/plain')
        .send(
          'The web app is not built yet: run `npm run build` (or `npm start`, which builds it).',
        );
    }
    // An address that is no page still gets the app, which shows "Page not found"
    // with the status that says so to the browser, crawlers and link checkers.
    const known = isPagePath(pathname.slice(config.basePath.length) || '/');
    return reply
      .status(known ? 200 : 404)
      .type('text/html')
      .header('Cache-Control', 'no-cache')
      .send(indexHtml);
  });
}
