import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * The analytics sink's origin, which the browser may connect to only when a measurement id is
 * configured: without one nothing is sent, and the policy says so too.
 */
export function analyticsOriginOf(
  config: Pick<Config, 'analyticsMeasurementId' | 'analyticsCollectorUrl'>,
): string | null {
  return config.analyticsMeasurementId ? new URL(config.analyticsCollectorUrl).origin : null;
}

/**
 * helmet's headers with a Content-Security-Policy that allows no inline script anywhere: the
 * SPA's configuration travels in a <meta> tag, never in a script. React sets styles through the
 * CSSOM, which CSP does not govern, so style-src needs no 'unsafe-inline' either. The API
 * reference's viewer (Swagger UI, http/api-docs.ts, ADR 0019) runs under this same policy: it
 * was chosen because it needs nothing relaxed.
 */
export function securityHeadersOf(
  publicUrl: string,
  analyticsOrigin: string | null = null,
): ReadonlyArray<readonly [string, string]> {
  const overHttps = publicUrl.startsWith('https://');
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: analyticsOrigin ? ["'self'", analyticsOrigin] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain http on a LAN host, upgrading would break every request.
        upgradeInsecureRequests: overHttps ? [] : null,
      },
    },
    // HSTS only where the site really is https, or a laptop demo on http pins itself out.
    strictTransportSecurity: overHttps,
    // The login modal must see that a shopper came from the retail site (document 1 §2.4), so
    // other sites' pages keep their origin in the referrer; nothing more leaves the bank.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // With nothing per request in these options (no nonce), helmet sets the same headers on
  // every response: they are taken down once from a response that only records them.
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // helmet removes X-Powered-By, which neither Node nor Fastify ever sets.
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Every response gets the security headers, and every answer of the API (under
 * `${basePath}/api/`) `Cache-Control: no-store` as well: balances, consents and personal
 * details must stay out of browser and proxy caches (ASVS 8.1.1, 8.2.1). A route that needs
 * another caching rule sets its own header, which wins. The headers are set on the raw
 * response, so that what oidc-provider answers by itself carries them too.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; basePath: string; analyticsOrigin?: string | null },
) {
  const headers = securityHeadersOf(options.publicUrl, options.analyticsOrigin ?? null);
  const apiPrefix = `${options.basePath}/api/`;
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (request.url.startsWith(apiPrefix)) reply.raw.setHeader('Cache-Control', 'no-store');
    done();
  });
}
