import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorCode } from '@anybank/contracts';
import { DomainError } from '../domain-error';
import { noteAnsweredCode } from './declared-answers';
import { statusOfError } from './error-status';
import { SCIM_PATH_SEGMENT, sendScimError } from './scim-error';

/**
 * The one error body of every refusal (docs/api-errors.md): `{ code, message, details?,
 * ...the code's own members, requestId? }`, with the status the code's row in error-status.ts
 * gives. The only place an error becomes an HTTP answer.
 */
export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
  const status = statusOfError(error.code);
  noteAnsweredCode(request, error.code);
  return reply.status(status).send({
    code: error.code,
    message: error.message,
    ...(error.details.length > 0 ? { details: error.details } : {}),
    ...error.extra,
    ...(status >= 500 ? { requestId: request.id } : {}),
  });
}

/**
 * Fastify's own refusals (body parser, router, rate limiter) as codes: what the framework
 * refused, never its wording (`FST_ERR_…`, a parser's internals). Anything else is a failure.
 */
function frameworkCodeOf(error: Partial<FastifyError>): ApiErrorCode {
  switch (error.statusCode) {
    case 404:
      return 'not_found';
    case 413:
      return 'body_too_large';
    case 414:
      return 'url_part_too_long';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
  }
  if (error.code === 'FST_ERR_BAD_URL') return 'invalid_url';
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return 'url_part_too_long';
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Bad JSON, an empty JSON body, a `__proto__` or `constructor.prototype` key.
    const aboutJson = error.name === 'SyntaxError' || /JSON|PROTO/i.test(error.code ?? '');
    return aboutJson ? 'invalid_json' : 'invalid_request';
  }
  return 'internal_error';
}

/** Any error as the refusal it is answered with: a DomainError as thrown, else its code. */
export function asDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return new DomainError(frameworkCodeOf(error as Partial<FastifyError>));
}

/** One error shape for every API answer; anything unexpected is logged with its request id. */
export function registerErrorMapping(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, reply) => {
    const refusal = asDomainError(error);
    if (statusOfError(refusal.code) >= 500) request.log.error({ err: error }, 'request failed');
    return sendApiError(request, reply, refusal);
  });
}

/** The rate limiter's refusal (@fastify/rate-limit's `errorResponseBuilder`). */
export const rateLimitRefusal = () => new DomainError('rate_limited');

/**
 * Fastify's own refusals made before any route or error handler is reached — a URL whose
 * percent-encoding is broken, a path parameter over the router's length limit — answered in
 * the same shape as every other error (Fastify's default writes `{error, code, statusCode}`).
 * Passed to Fastify as its `frameworkErrors` option.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const refusal = asDomainError(error);
  const status = statusOfError(refusal.code);
  if (status >= 500) request.log.error({ err: error }, 'request failed before routing');
  if (status < 500 && request.url.includes(SCIM_PATH_SEGMENT)) {
    void sendScimError(reply, status, refusal.message);
    return;
  }
  void sendApiError(request, reply, refusal);
}
