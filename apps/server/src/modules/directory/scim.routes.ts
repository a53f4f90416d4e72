import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SCIM_CONTENT_TYPE,
  SCIM_USERS_API_PATH,
  SCOPES,
  scimErrorSchema,
  scimListResponseSchema,
  scimUserSchema,
  scimUsersQuerySchema,
} from '@anybank/contracts';
import type { DomainError } from '../../domain-error';
import { statusOfError } from '../../http/error-status';
import { asDomainError } from '../../http/errors';
import { sendScimError } from '../../http/scim-error';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AuthGuards } from '../identity';
import { InvalidScimFilter } from './scim-filter.rules';
import type { ScimService } from './scim.service';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

/**
 * Every error of the SCIM endpoint in RFC 7644 §3.12's shape, not only the filter's: a client
 * of a SCIM service reads `status` and `detail`. A malformed query is `invalidValue`.
 */
function answerScimError(
  error: FastifyError | DomainError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const refusal = asDomainError(error);
  const status = statusOfError(refusal.code);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return sendScimError(reply, 500, `Unexpected Error. Request ${request.id}.`);
  }
  const invalid = refusal.code === 'invalid_input';
  return sendScimError(reply, status, refusal.message, invalid ? 'invalidValue' : undefined);
}

/**
 * `GET /api/scim/v2/Users?filter=…` (document 2 §7, RFC 7644 §3.4.2): the marketing portal's
 * customer lookup, and `GET /api/scim/v2/Users/{id}` (§3.4.1), where each resource's
 * `meta.location` points. Marketing reads the directory and, to know who opted in, other
 * people's consents: both scopes are needed. A filter that cannot be answered is SCIM's 400
 * `invalidFilter`; an id that is not a customer's, 404.
 */
export function registerScimRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; scim: ScimService },
) {
  const requireMarketing = (request: FastifyRequest) =>
    deps.auth.requirePartner(request, 'AnyMarketing', [SCOPES.directory, SCOPES.consentAdmin]);

  // SCIM's error body (RFC 7644 §3.12) carries no code: `codes` name the refusals behind each
  // status (a 404 of an unknown id has none); the guard checks the status.
  const scimAnswers = {
    401: {
      description: 'No valid token.',
      schema: scimErrorSchema,
      type: SCIM_CONTENT_TYPE,
      codes: USER_TOKEN_REFUSALS[401],
    },
    403: {
      description: 'Not marketing, or a missing scope.',
      schema: scimErrorSchema,
      type: SCIM_CONTENT_TYPE,
      codes: USER_TOKEN_REFUSALS[403],
    },
  };
  app.get(
    SCIM_USERS_API_PATH,
    {
      errorHandler: answerScimError,
      config: {
        docs: {
          summary: 'Marketing’s customer lookup, SCIM 2.0 (RFC 7644 §3.4.2)',
          tag: 'partners',
          caller: 'bearer',
          description:
            'An AnyMarketing token with the `directory` and `consent_admin` scopes. Each customer shows only the channels they opted into. Audited.',
          query: scimUsersQuerySchema,
          responses: {
            200: {
              description: 'A ListResponse.',
              schema: scimListResponseSchema,
              type: SCIM_CONTENT_TYPE,
            },
            400: {
              description:
                'A filter the directory cannot answer (`invalidFilter`), or a malformed query.',
              schema: scimErrorSchema,
              type: SCIM_CONTENT_TYPE,
              codes: INPUT_REFUSALS[400],
            },
            ...scimAnswers,
          },
        },
      },
    },
    async (request, reply) => {
      const reader = await requireMarketing(request);
      const query = parseInput(scimUsersQuerySchema, request.query);
      try {
        const list = await deps.scim.searchUsers(reader, query, request.ip);
        return reply.type(SCIM_CONTENT_TYPE).send(list);
      } catch (error) {
        if (!(error instanceof InvalidScimFilter)) throw error;
        return sendScimError(reply, 400, error.detail, 'invalidFilter');
      }
    },
  );
  app.get<{ Params: { id: string } }>(
    `${SCIM_USERS_API_PATH}/:id`,
    {
      errorHandler: answerScimError,
      config: {
        docs: {
          summary: 'One customer, as the lookup shows them (RFC 7644 §3.4.1)',
          tag: 'partners',
          caller: 'bearer',
          params: { id: 'The customer’s id (a resource’s `id`).' },
          responses: {
            200: {
              description: 'The User resource.',
              schema: scimUserSchema,
              type: SCIM_CONTENT_TYPE,
            },
            404: {
              description: 'No customer has this id.',
              schema: scimErrorSchema,
              type: SCIM_CONTENT_TYPE,
              codes: [],
            },
            ...scimAnswers,
          },
        },
      },
    },
    async (request, reply) => {
      const reader = await requireMarketing(request);
      const user = await deps.scim.getUser(reader, request.params.id, request.ip);
      if (!user) return sendScimError(reply, 404, 'No customer has this id.');
      return reply.type(SCIM_CONTENT_TYPE).send(user);
    },
  );
}
