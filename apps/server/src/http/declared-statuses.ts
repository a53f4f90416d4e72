import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiErrorCode } from '@anybank/contracts';

/**
 * Each route declares the statuses it answers (`config.docs.responses`, http/openapi.ts), and
 * the API reference is made from them. In tests an answer with a status its route did not
 * declare is recorded here and fails the test (test/declared-statuses.setup.ts), so the
 * declarations cannot drift from the code (issue 13 §2; Logto's koaGuard does the same).
 */

/**
 * The refusals any route may answer without declaring them (docs/api-errors.md, "Any
 * route"): the framework's, made before or beside the route's own code, whatever the route.
 * A route's own refusals — its input's 400 `invalid_input` included — are declared by it.
 */
export const ANY_ROUTE_CODES: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  'invalid_json',
  'invalid_request',
  'invalid_url',
  'url_part_too_long',
  'body_too_deep',
  'body_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
]);

/** The code each refused request was answered with (http/errors.ts notes it). */
const answeredCodes = new WeakMap<FastifyRequest, ApiErrorCode>();

export function noteAnsweredCode(request: FastifyRequest, code: ApiErrorCode) {
  answeredCodes.set(request, code);
}

/** An answer whose status its route did not declare. */
export interface UndeclaredStatus {
  method: string;
  route: string;
  status: number;
  code?: ApiErrorCode;
}

export type UndeclaredStatusListener = (answer: UndeclaredStatus) => void;

/** What a failed test says: each answer's method, route, status and code. */
export function undeclaredStatusFailure(answers: UndeclaredStatus[]): string {
  const lines = answers.map(
    (answer) =>
      `  ${answer.method} ${answer.route} answered ${answer.status}${answer.code ? ` (${answer.code})` : ''}`,
  );
  return [
    'The server answered a status its route does not declare in config.docs.responses:',
    ...lines,
  ].join('\n');
}

let listenerOfTests: UndeclaredStatusListener | null = null;

/**
 * Where every server built in this process reports an undeclared status: set by the test
 * setup, never in production (an undeclared status there is logged by nobody and harms no one).
 */
export function reportUndeclaredStatusesTo(listener: UndeclaredStatusListener | null) {
  listenerOfTests = listener;
}

export function undeclaredStatusListener(): UndeclaredStatusListener | null {
  return listenerOfTests;
}

/** Compares each answer of a documented route with its declared statuses: call before routes. */
export function checkDeclaredStatuses(app: FastifyInstance, listener: UndeclaredStatusListener) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const docs = request.routeOptions.config?.docs;
    // Routes without docs are not the API's (the SPA's pages); the not-found handler has none.
    if (docs) {
      const status = reply.statusCode;
      const code = answeredCodes.get(request);
      const declared =
        Object.hasOwn(docs.responses, status) || (code !== undefined && ANY_ROUTE_CODES.has(code));
      if (!declared) {
        listener({
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          status,
          ...(code ? { code } : {}),
        });
      }
    }
    done(null, payload);
  });
}
