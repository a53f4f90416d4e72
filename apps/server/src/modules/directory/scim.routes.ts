import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SCIM_CONTENT_TYPE,
  SCIM_SCHEMAS,
  SCIM_USERS_API_PATH,
  SCOPES,
  scimUsersQuerySchema,
  type ScimError,
} from '@anybank/contracts';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validation';
import type { AuthGuards } from '../identity/oauth/access-token';
import { InvalidScimFilter } from './scim-filter.rules';
import type { ScimService } from './scim.service';

function scimError(
  reply: FastifyReply,
  status: number,
  detail: string,
  scimType?: ScimError['scimType'],
) {
  return reply
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .send({
      schemas: [SCIM_SCHEMAS.error],
      ...(scimType ? { scimType } : {}),
      status: String(status),
      detail,
    } satisfies ScimError);
}

/**
 * Every error of the SCIM endpoint in RFC 7644 §3.12's shape, not only the filter's: a client
 * of a SCIM service reads `status` and `detail`. A malformed query is `invalidValue`.
 */
function answerScimError(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return scimError(reply, 500, `Unexpected Error. Request ${request.id}.`);
  }
  const invalid = status === 400 && error instanceof HttpError;
  return scimError(reply, status, error.message, invalid ? 'invalidValue' : undefined);
}

/**
 * `GET /api/scim/v2/Users?filter=…` (document 2 §7, RFC 7644 §3.4.2): the marketing portal's
 * customer lookup. Marketing reads the directory and, to know who opted in, other people's
 * consents: both scopes are needed. A filter that cannot be answered is SCIM's 400
 * `invalidFilter`.
 */
export function registerScimRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; scim: ScimService },
) {
  app.get(SCIM_USERS_API_PATH, { errorHandler: answerScimError }, async (request, reply) => {
    const reader = await deps.auth.requirePartner(request, 'AnyMarketing', [
      SCOPES.directory,
      SCOPES.consentAdmin,
    ]);
    const query = parseInput(scimUsersQuerySchema, request.query);
    try {
      const list = await deps.scim.searchUsers(reader, query, request.ip);
      return reply.type(SCIM_CONTENT_TYPE).send(list);
    } catch (error) {
      if (!(error instanceof InvalidScimFilter)) throw error;
      return scimError(reply, 400, error.detail, 'invalidFilter');
    }
  });
}
