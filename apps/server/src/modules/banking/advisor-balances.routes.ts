import type { FastifyInstance } from 'fastify';
import {
  CLIENT_BALANCES_API_PATH,
  SCOPES,
  clientBalancesQuerySchema,
  clientBalancesResponseSchema,
  type ClientBalancesResponse,
} from '@anybank/contracts';
import { DomainError } from '../../domain-error';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AuthGuards } from '../identity';
import type { ClientBalancesService } from './advisor-balances.service';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

/**
 * `GET /api/open-banking/v2/balances?subject=` (document 2 §7, OpenBanking balances by
 * subject): the wealth advisor's view of one client. 403 with the page's text when the client
 * shares nothing with the advisor.
 */
export function registerAdvisorBalanceRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; clientBalances: ClientBalancesService; productId: string },
) {
  app.get(
    CLIENT_BALANCES_API_PATH,
    {
      config: {
        docs: {
          summary: 'One client’s balances, as far as they consent to share them with the advisor',
          tag: 'partners',
          caller: 'bearer',
          description:
            'An AnyWealthAdvisor token with the `consent_admin` and `directory` scopes. Every read is audited.',
          query: clientBalancesQuerySchema,
          responses: {
            200: {
              description: 'The client and the shared accounts’ balances.',
              schema: clientBalancesResponseSchema(deps.productId),
            },
            400: { description: 'No subject, or a malformed one.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description:
                'Not the wealth advisor, a missing scope, or the client shares nothing with the advisor.',
              codes: [...USER_TOKEN_REFUSALS[403], 'advisor_no_consent'],
            },
          },
        },
      },
    },
    async (request): Promise<ClientBalancesResponse> => {
      const advisor = await deps.auth.requirePartner(request, 'AnyWealthAdvisor', [
        SCOPES.consentAdmin,
        SCOPES.directory,
      ]);
      const { subject } = parseInput(clientBalancesQuerySchema, request.query);
      const outcome = await deps.clientBalances.lookup(advisor, subject, request.ip);
      if (outcome.kind === 'no_consent') throw new DomainError('advisor_no_consent');
      return outcome.response;
    },
  );
}
