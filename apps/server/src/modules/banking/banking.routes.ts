import type { FastifyInstance } from 'fastify';
import {
  BALANCES_API_PATH,
  MENU_OPTIONS_API_PATH,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  idempotencyKeySchema,
  messages,
  transferRequestSchema,
  type BalancesResponse,
  type MenuOptionsResponse,
  type TransferDeniedResponse,
} from '@anybank/contracts';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validation';
import type { AuthGuards } from '../identity/oauth/access-token';
import type { BankingService } from './banking.service';

/**
 * The customer's banking API (document 2 §7): balances, transfers between their own accounts
 * and the menu. A thin adapter: the banking service decides, this file maps its outcome.
 */
export function registerBankingRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; banking: BankingService },
) {
  app.get(BALANCES_API_PATH, async (request): Promise<BalancesResponse> => {
    const principal = await deps.auth.requireCustomer(request);
    return deps.banking.balances(principal.userId);
  });

  /**
   * 204 confirmed (the number in X-Transfer-Number), 403 `{code, message}` refused, 400 a
   * document 2 §5 check, 404 an account that is not the caller's — the same answer whether
   * or not it exists.
   */
  app.post(TRANSFERS_API_PATH, async (request, reply) => {
    const principal = await deps.auth.requireCustomer(request);
    const { attributes } = parseInput(transferRequestSchema, request.body).data;
    const idempotencyKey = parseInput(idempotencyKeySchema, request.headers['idempotency-key']);
    const outcome = await deps.banking.transfer({
      userId: principal.userId,
      input: {
        fromAccountId: attributes.from_account_id,
        toAccountId: attributes.to_account_id,
        amount: attributes.amount,
        riskData: attributes.risk_data,
      },
      idempotencyKey,
      ip: request.ip,
    });
    switch (outcome.kind) {
      case 'confirmed':
        return reply
          .header(TRANSFER_NUMBER_HEADER, String(outcome.referenceNumber))
          .status(204)
          .send();
      case 'refused':
        return reply
          .header(TRANSFER_NUMBER_HEADER, String(outcome.referenceNumber))
          .status(403)
          .send({ code: outcome.code, message: outcome.message } satisfies TransferDeniedResponse);
      case 'pending':
        return reply
          .header(TRANSFER_NUMBER_HEADER, String(outcome.referenceNumber))
          .status(409)
          .send({ message: 'This transfer is still waiting for approval on your mobile app.' });
      case 'invalid':
        throw new HttpError(400, outcome.message);
      case 'not_found':
        throw new HttpError(404, messages.transfer.unexpected);
      case 'key_reused':
        throw new HttpError(422, 'This Idempotency-Key was already used for another transfer.');
    }
  });

  app.get(MENU_OPTIONS_API_PATH, async (request): Promise<MenuOptionsResponse> => {
    const principal = await deps.auth.requireCustomer(request);
    return deps.banking.menuOptions(principal.userId);
  });
}
