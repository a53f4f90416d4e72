import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS } from '@anybank/contracts';

/** One HTTP route: its method and its path pattern as the server declares it (`/:param`). */
export interface RouteKey {
  method: string;
  url: string;
}

export const routeId = (route: RouteKey) => `${route.method} ${route.url}`;

/**
 * Every route the Fastify instance serves, read from `printRoutes()` at test time: a route added
 * to the server shows up here without anyone listing it. The printed tree splits paths where
 * they share a prefix (`/api/me` → `nu-options`), so each node's path is its ancestors' joined.
 */
export function fastifyRoutes(app: FastifyInstance): RouteKey[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RouteKey[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(node[2] ?? '');
    const url = stack.join('');
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  if (routes.length === 0) throw new Error(`no route read from printRoutes():\n${tree}`);
  return routes;
}

/**
 * The endpoints oidc-provider serves (it runs as a middleware, outside Fastify's router), as its
 * own discovery document announces them: enabling another of its features (introspection,
 * registration, PAR…) adds an endpoint here. The paths are relative to the issuer.
 */
export async function announcedOidcEndpoints(origin: string): Promise<string[]> {
  const response = await fetch(new URL(OAUTH_PATHS.discovery, origin));
  const discovery = (await response.json()) as Record<string, unknown>;
  const issuer = String(discovery.issuer);
  return Object.entries(discovery)
    .filter(([key, value]) => /(_endpoint|_uri)$/.test(key) && typeof value === 'string')
    .map(([, value]) => String(value))
    .filter((value) => value.startsWith(issuer))
    .map((value) => value.slice(issuer.length));
}
