import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { MCP_RESOURCE_METADATA_PATH, OAUTH_PATHS, vcPaths } from '@anybank/contracts';
import { rateLimitRefusal } from '../../../http/errors';
import { LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH } from './oidc.pages';

/**
 * Hands `/as/*` and `/.well-known/*` to oidc-provider (the current one: a new one is built when
 * the signing keys change, oidc.current.ts). A middleware without a prefix, since a
 * prefixed one strips it and every renamed route 404s; it runs before Fastify parses bodies,
 * so the provider reads its own form posts. Under a base path the provider sees the path
 * without it and learns the mount from `originalUrl`, so the URLs it writes keep it.
 */
export async function mountOidcProvider(
  app: FastifyInstance,
  currentProvider: () => Provider,
  basePath: string,
  limits: { registrationsPerMinute: number },
) {
  // Open client registration (ADR 0029) stores a client per call: an address registers a few a
  // minute, counted like the other rate limits and refused before the provider sees the call.
  const registration = `${basePath}${OAUTH_PATHS.registration}`;
  const registrationLimit = app.createRateLimit({
    max: limits.registrationsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `client-registration ${request.ip}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== registration) return;
    const verdict = await registrationLimit(request);
    if (verdict.isAllowed || !verdict.isExceeded) return;
    void reply.header('retry-after', verdict.ttlInSeconds);
    throw rateLimitRefusal();
  });
  await app.register(middie);
  const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  const callbackOf = (provider: Provider) => {
    let callback = callbacks.get(provider);
    if (!callback) {
      callback = provider.callback();
      callbacks.set(provider, callback);
    }
    return callback;
  };
  const prefixes = [`${basePath}/as/`, `${basePath}/.well-known/`];
  // The bank's own documents under /.well-known/ (the credential issuer's keys, ADR 0027; the
  // MCP server's protected resource metadata, ADR 0029).
  const ownDocuments = [
    `${basePath}${vcPaths.issuerKeys}`,
    `${basePath}${MCP_RESOURCE_METADATA_PATH}`,
  ];
  app.use((req, res, next) => {
    const url = req.url ?? '/';
    if (!prefixes.some((prefix) => url.startsWith(prefix))) return next();
    if (ownDocuments.some((path) => url === path || url.startsWith(`${path}?`))) return next();
    const raw = req as typeof req & { originalUrl?: string };
    raw.originalUrl = url;
    req.url = url.slice(basePath.length);
    void callbackOf(currentProvider())(req, res);
  });
  app.get(
    `${basePath}${LOGOUT_SCRIPT_PATH}`,
    {
      config: {
        docs: {
          summary:
            'The script of the sign-out confirmation page (a file, so the CSP needs no inline script)',
          tag: 'oauth',
          caller: 'anyone',
          responses: { 200: { description: 'JavaScript.', type: 'text/javascript' } },
        },
      },
    },
    async (_request, reply) =>
      reply.type('text/javascript').header('Cache-Control', 'no-cache').send(LOGOUT_SCRIPT),
  );
}
