import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
 * helmet with a Content-Security-Policy that allows no inline script anywhere: the SPA's
 * configuration travels in a <meta> tag, never in a script. React sets styles through the
 * CSSOM, which CSP does not govern, so style-src needs no 'unsafe-inline' either.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  analyticsOrigin: string | null = null,
) {
  const overHttps = publicUrl.startsWith('https://');
  await app.register(helmet, {
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
}
