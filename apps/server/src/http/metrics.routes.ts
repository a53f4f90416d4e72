import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain-error';
import { apiKeyMatches, bearerTokenOf } from './bearer-token';
import type { ServerMetrics } from './metrics';
import type { RouteResponses } from './openapi';
import { routeLabelOf } from './metrics.rules';

/**
 * Counts every request by route: registered before the OAuth server's middleware, whose
 * answers never reach Fastify's own end-of-request hook, so each request's end is taken from
 * the response itself.
 */
export function countRequests(app: FastifyInstance, metrics: ServerMetrics, basePath: string) {
  app.addHook('onRequest', (request, reply, done) => {
    const started = performance.now();
    reply.raw.once('close', () => {
      const route = routeLabelOf(request.routeOptions.url, request.url, basePath);
      const seconds = (performance.now() - started) / 1000;
      metrics.requestFinished(request.method, route, reply.raw.statusCode, seconds);
    });
    done();
  });
}

/**
 * `GET /metrics` for Prometheus (README "Metrics"), only with METRICS=on. With
 * METRICS_TOKEN set, only a caller presenting it as a bearer token reads them (compared in
 * constant time); without, anyone who reaches the port does.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  deps: { metrics: ServerMetrics; token: string | null },
) {
  const { metrics, token } = deps;
  const served = { description: 'Prometheus text exposition format 0.0.4.', type: 'text/plain' };
  // Without a token the endpoint refuses nobody; with one, a caller without it (401).
  const responses: RouteResponses =
    token === null
      ? { 200: served }
      : {
          200: served,
          401: {
            description: 'The metrics token is missing or wrong.',
            codes: ['metrics_token_required'],
          },
        };
  app.get(
    '/metrics',
    {
      config: {
        docs: {
          summary: 'The server’s metrics in Prometheus text format (for a scraper)',
          description:
            'Served with METRICS=on only (404 otherwise). Requests by route, sign-ins started, completed and failed, risk levels, transfers, CIBA decisions, the PostgreSQL pool and the process (event-loop lag, CPU, memory). With several workers, all of them added up.',
          tag: 'operations',
          caller: token === null ? 'anyone' : 'metricsToken',
          responses,
        },
      },
    },
    async (request, reply) => {
      if (token !== null && !apiKeyMatches(token, bearerTokenOf(request.headers.authorization))) {
        throw new DomainError('metrics_token_required');
      }
      const { contentType, body } = await metrics.scrape();
      return reply.type(contentType).header('cache-control', 'no-store').send(body);
    },
  );
}
