import type { FastifyInstance } from 'fastify';
import {
  ADVISOR_CLIENTS_API_PATH,
  SCOPES,
  advisorClientsQuerySchema,
  advisorClientsResponseSchema,
  type AdvisorClientsResponse,
} from '@anybank/contracts';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AuthGuards } from '../identity';
import type { AdvisorSearchService } from './advisor-search.service';

/**
 * `GET /api/advisor/clients?search=` (document 2 §2, the advisor's client search): customers
 * by name or username, consenting or not, with nothing that needs their consent. Reading the
 * directory takes the advisor's `directory` scope (document 2 §6).
 */
export function registerAdvisorSearchRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; advisorSearch: AdvisorSearchService },
) {
  app.get(
    ADVISOR_CLIENTS_API_PATH,
    {
      config: {
        docs: {
          summary: 'The wealth advisor’s client search: names and usernames only',
          tag: 'partners',
          caller: 'bearer',
          description:
            'An AnyWealthAdvisor token with the `directory` scope. Finds every customer whose name or username holds the text (at least 2 characters; at most 10 answers), whether or not they share anything with the advisor: what they share is for the balance lookup to decide. Every search is audited.',
          query: advisorClientsQuerySchema,
          responses: {
            200: { description: 'The customers found.', schema: advisorClientsResponseSchema },
            400: {
              description: 'No search text, or fewer than 2 characters.',
              codes: INPUT_REFUSALS[400],
            },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not the wealth advisor, or a missing scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request): Promise<AdvisorClientsResponse> => {
      const advisor = await deps.auth.requirePartner(request, 'AnyWealthAdvisor', [
        SCOPES.directory,
      ]);
      const query = parseInput(advisorClientsQuerySchema, request.query);
      return deps.advisorSearch.search(advisor, query, request.ip);
    },
  );
}
