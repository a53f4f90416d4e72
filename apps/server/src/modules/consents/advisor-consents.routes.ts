import type { FastifyInstance } from 'fastify';
import {
  ADVISOR_CONSENTS_API_PATH,
  SCOPES,
  advisorConsentsQuerySchema,
  type AdvisorConsentsResponse,
} from '@anybank/contracts';
import { parseInput } from '../../http/validation';
import type { AuthGuards } from '../identity/oauth/access-token';
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
  app.get(ADVISOR_CONSENTS_API_PATH, async (request): Promise<AdvisorConsentsResponse> => {
    const advisor = await deps.auth.requirePartner(request, 'AnyWealthAdvisor', [
      SCOPES.consentAdmin,
    ]);
    const query = parseInput(advisorConsentsQuerySchema, request.query);
    return deps.advisorConsents.sharingClients(advisor, query, request.ip);
  });
}
