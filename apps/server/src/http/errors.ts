import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SCIM_PATH_SEGMENT, sendScimError } from './scim-error';

/**
 * An error whose message a person may read: the status and text go to the caller as they are.
 * `code` is for callers that branch on the reason (docs/api-errors.md lists them); `extra` holds
 * the members that reason documents (e.g. `methods` beside `step_up_required`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: { field?: string; message: string }[] = [],
    readonly code?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * One error shape for every API answer: `{ message, details? }`. Client errors keep their
 * message; anything unexpected is logged with its request id and answered without internals.
 */
export function registerErrorMapping(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        ...(error.code ? { code: error.code } : {}),
        message: error.message,
        ...(error.details.length > 0 ? { details: error.details } : {}),
        ...error.extra,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Unexpected Error.', requestId: request.id });
  });
}

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
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed before routing');
    void reply.status(500).send({ message: 'Unexpected Error.', requestId: request.id });
    return;
  }
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of this address is too long.'
      : 'This address is not valid.';
  if (request.url.includes(SCIM_PATH_SEGMENT)) {
    void sendScimError(reply, status, message);
    return;
  }
  void reply.status(status).send({ message });
}
