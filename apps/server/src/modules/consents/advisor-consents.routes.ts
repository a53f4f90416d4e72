import type { FastifyInstance } from 'fastify';
import {
  ADVISOR_CONSENTS_API_PATH,
  SCOPES,
  advisorConsentsQuerySchema,
  advisorConsentsResponseSchema,
  type AdvisorConsentsResponse,
} from '@anybank/contracts';
import { parseInput } from '../../http/validation';
import type { AuthGuards } from '../identity';
import type { AdvisorConsentService } from './advisor-consents.service';

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
            400: 'A malformed query.',
            401: 'No valid token.',
            403: 'Not the wealth advisor, or a missing scope.',
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
