import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets for a moment: authorization codes, OAuth states,
 * pickup references, tokens and their hints, PKCE verifiers, one-time codes. Compared without
 * regard to case (`REF` and `ref` alike).
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'code',
  'state',
  'ref',
  'reference',
  'session_state',
  'id_token_hint',
  'login_hint_token',
  'access_token',
  'refresh_token',
  'token',
  'code_verifier',
  'otp',
  'ticket',
]);

export const REDACTED = '[redacted]';

/** The URL with the value of every secret query parameter replaced, the rest as it was. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const [query, fragment = null] = url.slice(queryStart + 1).split('#', 2);
  const redacted = (query ?? '')
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed name is logged as sent; only a recognised one is redacted.
      }
      return SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) && equals !== -1
        ? `${rawName}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}${fragment === null ? '' : `#${fragment}`}`;
}

/**
 * Fastify's request log serializer (its default's members), with the URL redacted: request
 * logs never hold a code, state or reference that could be replayed from them.
 */
export function serializeRequestForLog(request: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: String(request.headers['accept-version'] ?? '') || undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One line per request at `info`, written when it completes, with the request id,
 * the request (as above), the status and the time taken. Fastify's "incoming request" line goes
 * to `debug`: at `info`, every request had cost two lines on the hot path.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
