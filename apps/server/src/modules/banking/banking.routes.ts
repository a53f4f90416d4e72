import type { FastifyInstance } from 'fastify';
import {
  BALANCES_API_PATH,
  MENU_OPTIONS_API_PATH,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  balancesResponseSchema,
  idempotencyKeySchema,
  menuOptionsResponseSchema,
  transferDeniedResponseSchema,
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
  deps: {
    auth: AuthGuards;
    banking: BankingService;
    /** The public URL and base path the API is served under, for absolute links. */
    siteUrl: string;
  },
) {
  app.get(
    BALANCES_API_PATH,
    {
      config: {
        docs: {
          summary: 'The customer’s account balances (UK Open Banking OBReadBalance1)',
          tag: 'banking',
          caller: 'bearer',
          description: 'A customer’s token whose grant is still live (sign-out revokes it).',
          responses: {
            200: { description: 'The balances.', schema: balancesResponseSchema },
            401: 'No valid token, or its grant was revoked.',
            403: 'Not a customer’s token.',
          },
        },
      },
    },
    async (request): Promise<BalancesResponse> =>
      deps.auth.requireCustomerWith(request, (principal, grant) =>
        deps.banking.balances(principal.userId, `${deps.siteUrl}${BALANCES_API_PATH}`, grant),
      ),
  );

  /**
   * 204 confirmed (the number in X-Transfer-Number), 403 `{code, message}` refused, 400 a
   * document 2 §5 check, 404 an account that is not the caller's — the same answer whether
   * or not it exists.
   */
  app.post(
    TRANSFERS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Moves money between two of the customer’s own accounts (document 2 §5)',
          tag: 'banking',
          caller: 'bearer',
          description:
            'Checked in document 2 §5’s order; above the customer’s approval threshold the transfer waits for ' +
            'approval on their phone (CIBA) before the answer. An `Idempotency-Key` header (1–128 characters) ' +
            `makes a retry answer the first result. Every answer but 400 names the transfer in \`${TRANSFER_NUMBER_HEADER}\`.`,
          body: transferRequestSchema,
          responses: {
            204: 'Moved, in one transaction with its two ledger entries.',
            400: 'A §5 check failed (amount, accounts, balance), with its message.',
            401: 'No valid token, or its grant was revoked.',
            403: {
              description:
                'Refused: over the deny threshold, automation, or not approved on the phone.',
              schema: transferDeniedResponseSchema,
            },
            404: 'An account that is not the customer’s (whether or not it exists).',
            409: 'The transfer with this Idempotency-Key still waits for approval.',
            422: 'The Idempotency-Key was used for another transfer.',
          },
        },
      },
    },
    async (request, reply) => {
      const outcome = await deps.auth.requireCustomerWith(request, (principal, grant) => {
        const { attributes } = parseInput(transferRequestSchema, request.body).data;
        const idempotencyKey = parseInput(idempotencyKeySchema, request.headers['idempotency-key']);
        return deps.banking.transfer({
          userId: principal.userId,
          grant,
          input: {
            fromAccountId: attributes.from_account_id,
            toAccountId: attributes.to_account_id,
            amount: attributes.amount,
            riskData: attributes.risk_data,
          },
          idempotencyKey,
          ip: request.ip,
        });
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
            .send({
              code: outcome.code,
              message: outcome.message,
            } satisfies TransferDeniedResponse);
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
    },
  );

  app.get(
    MENU_OPTIONS_API_PATH,
    {
      config: {
        docs: {
          summary: 'The navigation menu the customer may see (premier customers see more)',
          tag: 'banking',
          caller: 'bearer',
          responses: {
            200: { description: 'The menu options.', schema: menuOptionsResponseSchema },
            401: 'No valid token.',
            403: 'Not a customer’s token.',
          },
        },
      },
    },
    async (request): Promise<MenuOptionsResponse> => {
      const principal = await deps.auth.requireCustomer(request);
      return deps.banking.menuOptions(principal.userId);
    },
  );
}
