import type { FastifyInstance } from 'fastify';
import {
  ADVISOR_CONSENTS_API_PATH,
  SCOPES,
  advisorConsentsQuerySchema,
  advisorConsentsResponseSchema,
  type AdvisorConsentsResponse,
} from '@anybank/contracts';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AuthGuards } from '../identity';
import type { AdvisorConsentService } from './advisor-consents.service';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

/**
 * `GET /api/advisor/consents?definition=share-account-balances` (document 2 §7,
 * advisorConsents): the wealth advisor's consenting clients, for the client search. Reading
 * other people's consents takes the consent-admin scope.
 */
export function registerAdvisorConsentRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; advisorConsents: AdvisorConsentService },
) {
  app.get(
    ADVISOR_CONSENTS_API_PATH,
    {
      config: {
        docs: {
          summary: 'The wealth advisor’s clients who consent to share their balances',
          tag: 'partners',
          caller: 'bearer',
          description:
            'An AnyWealthAdvisor token with the `consent_admin` scope. Every read is audited.',
          query: advisorConsentsQuerySchema,
          responses: {
            200: { description: 'The consenting clients.', schema: advisorConsentsResponseSchema },
            400: { description: 'A malformed query.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not the wealth advisor, or a missing scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request): Promise<AdvisorConsentsResponse> => {
      const advisor = await deps.auth.requirePartner(request, 'AnyWealthAdvisor', [
        SCOPES.consentAdmin,
      ]);
      const query = parseInput(advisorConsentsQuerySchema, request.query);
      return deps.advisorConsents.sharingClients(advisor, query, request.ip);
    },
  );
}
