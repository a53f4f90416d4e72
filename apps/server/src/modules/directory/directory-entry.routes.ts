import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DIRECTORY_API_ROOT,
  directoryEntrySchema,
  directoryPatchRequestSchema,
  directoryPutRequestSchema,
} from '@anybank/contracts';
import type { RouteResponses } from '../../http/openapi';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AuthGuards } from '../identity';
import type { DirectoryEntryService } from './directory-entry.service';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

const dnParams = z.object({ dn: z.string().min(1).max(512) });

/**
 * `GET/PUT/PATCH {root}/{DN}` (document 2 §7): the signed-in customer's own entry, with their
 * bank access token. PUT names attributes to replace; PATCH takes LDAP-style
 * `{modifications: [{attributeName, modificationType: 'set', values}]}`. The only
 * attributes the spec lets these change (thresholds, tier) are the bank's, so a customer's
 * token is refused them (403 `bank_attribute`); the demo admin API sets them instead.
 */
export function registerDirectoryEntryRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; entries: DirectoryEntryService },
) {
  const { auth, entries } = deps;
  const path = `${DIRECTORY_API_ROOT}/:dn`;
  const answers = {
    200: { description: 'The entry as it is now.', schema: directoryEntrySchema },
    400: {
      description: 'A malformed DN or body; each refused attribute is in `details`.',
      codes: INPUT_REFUSALS[400],
    },
    401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
    403: {
      description:
        'Not a customer’s token, another person’s entry, or (`bank_attribute`) a write of the thresholds or the tier: those are the bank’s, set only through the demo admin API.',
      codes: [...USER_TOKEN_REFUSALS[403], 'directory_own_entry_only', 'bank_attribute'],
    },
    404: { description: 'No such entry.', codes: ['directory_entry_not_found'] },
  } satisfies RouteResponses;
  const docs = (summary: string, body?: z.ZodType) => ({
    config: {
      docs: {
        summary,
        tag: 'directory',
        caller: 'bearer' as const,
        params: { dn: 'The entry’s DN, `uid={username},ou=…`.' },
        ...(body ? { body } : {}),
        responses: answers,
      },
    },
  });

  app.get(
    path,
    docs('Reads the customer’s own directory entry (document 2 §7)'),
    async (request) => {
      const principal = await auth.requireCustomer(request);
      const { dn } = parseInput(dnParams, request.params);
      return entries.read({ userId: principal.userId, ip: request.ip }, dn);
    },
  );

  app.put(
    path,
    docs(
      'Replaces the attributes the body names in the customer’s own entry',
      directoryPutRequestSchema,
    ),
    async (request) => {
      const principal = await auth.requireCustomer(request);
      const { dn } = parseInput(dnParams, request.params);
      const body = parseInput(directoryPutRequestSchema, request.body);
      return entries.put({ userId: principal.userId, ip: request.ip }, dn, body);
    },
  );

  app.patch(
    path,
    docs(
      'Sets attributes of the customer’s own entry, LDAP-style modifications',
      directoryPatchRequestSchema,
    ),
    async (request) => {
      const principal = await auth.requireCustomer(request);
      const { dn } = parseInput(dnParams, request.params);
      const body = parseInput(directoryPatchRequestSchema, request.body);
      return entries.patch({ userId: principal.userId, ip: request.ip }, dn, body);
    },
  );
}
