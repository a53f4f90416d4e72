import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorBodySchema, apiErrorMessage, type ApiErrorCode } from '@anybank/contracts';
import type { RouteAnswer, RouteDocs } from './openapi';

/**
 * Each route declares what it answers (`config.docs.responses`, http/openapi.ts): its statuses,
 * for each refusal status its error codes, and its bodies' schemas; the API reference is made
 * from the same declarations. This guard holds every answer to them, as Logto's koaGuard does:
 * in development and tests an undeclared status or code is an error (a test fails; a
 * development server logs it and answers 500 instead), in production a logged warning; in tests each
 * JSON body is also parsed with its declared schema. So the declarations cannot drift from the
 * code.
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

export function answerOf(answer: string | RouteAnswer): RouteAnswer {
  return typeof answer === 'string' ? { description: answer } : answer;
}

/**
 * The codes a route declares for a status: its own (`codes`), none without them — no status
 * stands for every code answered with it. The API reference and the run-time guard both read
 * this.
 */
export function declaredCodesOf(answer: string | RouteAnswer): readonly ApiErrorCode[] {
  return answerOf(answer).codes ?? [];
}

/**
 * The body a route declares for a status: its schema; for a refusal, the one error body (or the
 * route's schema, which extends it), its `code` one of the declared codes.
 */
export function declaredBodyOf(
  status: number,
  answer: string | RouteAnswer,
): z.ZodType | undefined {
  const { schema } = answerOf(answer);
  if (status < 400) return schema;
  const body = schema instanceof z.ZodObject ? schema : apiErrorBodySchema;
  const [first, ...rest] = declaredCodesOf(answer);
  if (first === undefined || !('code' in body.shape)) return schema ?? apiErrorBodySchema;
  return body.extend({
    code: z.enum([first, ...rest]).describe(apiErrorBodySchema.shape.code.description ?? ''),
  });
}

/** The code each refused request was answered with (http/errors.ts notes it). */
const answeredCodes = new WeakMap<FastifyRequest, ApiErrorCode>();

export function noteAnsweredCode(request: FastifyRequest, code: ApiErrorCode) {
  answeredCodes.set(request, code);
}

/** An answer its route did not declare: its status, its code, or its body. */
export interface UndeclaredAnswer {
  method: string;
  route: string;
  status: number;
  code?: ApiErrorCode;
  /** What is undeclared; for a body, where it differs from the schema. */
  problem: 'status' | 'code' | `body: ${string}`;
}

/** What a failed test (or a development server's log) says of each undeclared answer. */
export function undeclaredAnswerFailure(answers: UndeclaredAnswer[]): string {
  const lines = answers.map(
    (answer) =>
      `  ${answer.method} ${answer.route} answered ${answer.status}${answer.code ? ` (${answer.code})` : ''}: undeclared ${answer.problem}`,
  );
  return [
    'The server answered what its route does not declare in config.docs.responses:',
    ...lines,
  ].join('\n');
}

/** Thrown (development) for an answer its route did not declare. */
export class UndeclaredAnswerError extends Error {
  constructor(readonly answer: UndeclaredAnswer) {
    super(undeclaredAnswerFailure([answer]));
    this.name = 'UndeclaredAnswerError';
  }
}

/** One answer of a documented route, as the guard sees it. */
export interface Answer {
  method: string;
  route: string;
  status: number;
  code?: ApiErrorCode;
  /** The JSON body, when the guard parses bodies and the answer has one. */
  body?: unknown;
}

/**
 * Holds one answer to its route's declarations; throws an UndeclaredAnswerError for a status
 * the route does not declare, a refusal code it does not declare for that status (the refusals
 * any route may answer excepted), or (`body` given) a body its schema does not accept.
 */
export function checkAnswer(docs: RouteDocs, answer: Answer): void {
  const { status, code } = answer;
  const where = {
    method: answer.method,
    route: answer.route,
    status,
    ...(code ? { code } : {}),
  };
  const anyRoute = code !== undefined && ANY_ROUTE_CODES.has(code);
  const declared = Object.hasOwn(docs.responses, status) ? docs.responses[status] : undefined;
  if (declared === undefined) {
    if (anyRoute) return;
    throw new UndeclaredAnswerError({ ...where, problem: 'status' });
  }
  if (code !== undefined && !anyRoute && !declaredCodesOf(declared).includes(code)) {
    throw new UndeclaredAnswerError({ ...where, problem: 'code' });
  }
  if (answer.body === undefined) return;
  const schema = anyRoute ? apiErrorBodySchema : declaredBodyOf(status, declared);
  const parsed = schema?.safeParse(answer.body);
  if (parsed && !parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') || '(the body)';
    throw new UndeclaredAnswerError({ ...where, problem: `body: ${path}: ${issue?.message}` });
  }
}

/** Where an undeclared answer goes: a test's listener, an error (development), a warning. */
export type UndeclaredAnswerListener = (answer: UndeclaredAnswer) => void;

export interface AnswerGuard {
  /** A listener (tests), `throw` (development: logged, answered 500) or `warn` (production). */
  onUndeclared: UndeclaredAnswerListener | 'throw' | 'warn';
  /** Parse each JSON body with its declared schema (tests: it costs a parse per answer). */
  parseBodies: boolean;
}

let listenerOfTests: UndeclaredAnswerListener | null = null;

/**
 * Where every server built in this process reports an undeclared answer: set by the test
 * setup (test/declared-answers.setup.ts), which fails the test that made it.
 */
export function reportUndeclaredAnswersTo(listener: UndeclaredAnswerListener | null) {
  listenerOfTests = listener;
}

/** The guard a server runs with: by NODE_ENV, and the test setup's listener when there is one. */
export function answerGuardOf(
  nodeEnv: 'development' | 'production' | 'test',
  listener: UndeclaredAnswerListener | null = listenerOfTests,
): AnswerGuard {
  return {
    onUndeclared: listener ?? (nodeEnv === 'production' ? 'warn' : 'throw'),
    parseBodies: nodeEnv === 'test',
  };
}

/** The one error body of an unexpected failure (http/errors.ts answers it the same way). */
function internalErrorBody(request: FastifyRequest) {
  return {
    code: 'internal_error',
    message: apiErrorMessage('internal_error'),
    requestId: request.id,
  };
}

function jsonBodyOf(reply: FastifyReply, payload: unknown): unknown {
  const type = reply.getHeader('content-type');
  if (typeof payload !== 'string' || typeof type !== 'string' || !type.includes('json')) {
    return undefined;
  }
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

/** Holds each answer of a documented route to its declarations: install before any route. */
export function installAnswerGuard(app: FastifyInstance, guard: AnswerGuard) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const docs = request.routeOptions.config?.docs;
    // Routes without docs are not the API's (the SPA's pages); the not-found handler has none.
    if (!docs) {
      done(null, payload);
      return;
    }
    const code = answeredCodes.get(request);
    const answer: Answer = {
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status: reply.statusCode,
      ...(code ? { code } : {}),
      ...(guard.parseBodies ? { body: jsonBodyOf(reply, payload) } : {}),
    };
    try {
      checkAnswer(docs, answer);
    } catch (error) {
      if (!(error instanceof UndeclaredAnswerError)) throw error;
      const { onUndeclared } = guard;
      if (onUndeclared === 'throw') {
        // Answered as the unexpected failure it is: logged, and a 500 in the one error body
        // instead of the undeclared answer (Fastify sends an error thrown while an error
        // answer is sent as that answer, so the guard answers the 500 itself).
        request.log.error({ err: error }, 'undeclared answer');
        reply.code(500).header('content-type', 'application/json; charset=utf-8');
        done(null, JSON.stringify(internalErrorBody(request)));
        return;
      }
      if (onUndeclared === 'warn') request.log.warn({ undeclared: error.answer }, error.message);
      else onUndeclared(error.answer);
    }
    done(null, payload);
  });
}
