import type { FastifyInstance } from 'fastify';
import {
  CLIENT_BALANCES_API_PATH,
  SCOPES,
  clientBalancesQuerySchema,
  messages,
  type ClientBalancesResponse,
} from '@anybank/contracts';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validation';
import type { AuthGuards } from '../identity/oauth/access-token';
import type { ClientBalancesService } from './advisor-balances.service';

/**
 * `GET /api/open-banking/v2/balances?subject=` (document 2 §7, OpenBanking balances by
 * subject): the wealth advisor's view of one client. 403 with the page's text when the client
 * shares nothing with the advisor.
 */
export function registerAdvisorBalanceRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; clientBalances: ClientBalancesService },
) {
  app.get(CLIENT_BALANCES_API_PATH, async (request): Promise<ClientBalancesResponse> => {
    const advisor = await deps.auth.requirePartner(request, 'AnyWealthAdvisor', [
      SCOPES.consentAdmin,
      SCOPES.directory,
    ]);
    const { subject } = parseInput(clientBalancesQuerySchema, request.query);
    const outcome = await deps.clientBalances.lookup(advisor, subject, request.ip);
    if (outcome.kind === 'no_consent') throw new HttpError(403, messages.advisor.noConsent);
    return outcome.response;
  });
}
