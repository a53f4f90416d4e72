import { OAUTH_PATHS } from '@anybank/contracts';

/**
 * Pure: the route a request is counted under in the metrics (README "Metrics"). Every label
 * value comes from a fixed set or from the server's own code (a route pattern), never from
 * what a caller sent: a scraper's series stay bounded whatever the traffic. What an audit
 * event counts as is the audit module's (audit/audit-metrics.rules.ts).
 */

/** A request no route matched; its raw path is never a label. */
export const UNMATCHED_ROUTE = 'unmatched';

const OAUTH_ENDPOINTS: readonly string[] = Object.values(OAUTH_PATHS);

/**
 * The route a request is counted under: Fastify's route pattern (`/api/transfers/:id`), or for
 * the OAuth server (served by oidc-provider outside Fastify's router) its endpoint, with what
 * follows it as `/*` (the authorization's resume `/as/authorization.oauth2/<uid>`, the
 * sign-out's confirmation pages). Anything else is UNMATCHED_ROUTE.
 */
export function routeLabelOf(pattern: string | undefined, url: string, basePath: string): string {
  if (pattern !== undefined) return pattern;
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith(basePath)) return UNMATCHED_ROUTE;
  const local = path.slice(basePath.length);
  for (const endpoint of OAUTH_ENDPOINTS) {
    if (local === endpoint) return `${basePath}${endpoint}`;
    if (local.startsWith(`${endpoint}/`)) return `${basePath}${endpoint}/*`;
  }
  return UNMATCHED_ROUTE;
}
