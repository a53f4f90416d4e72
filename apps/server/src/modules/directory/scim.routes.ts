import type { FastifyInstance } from 'fastify';
import {
  SCIM_CONTENT_TYPE,
  SCIM_SCHEMAS,
  SCIM_USERS_API_PATH,
  SCOPES,
  scimUsersQuerySchema,
  type ScimError,
} from '@anybank/contracts';
import { parseInput } from '../../http/validation';
import type { AuthGuards } from '../identity/oauth/access-token';
import { InvalidScimFilter } from './scim-filter.rules';
import type { ScimService } from './scim.service';

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
  app.get(SCIM_USERS_API_PATH, async (request, reply) => {
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
      return reply
        .status(400)
        .type(SCIM_CONTENT_TYPE)
        .send({
          schemas: [SCIM_SCHEMAS.error],
          scimType: 'invalidFilter',
          status: '400',
          detail: error.detail,
        } satisfies ScimError);
    }
  });
}
