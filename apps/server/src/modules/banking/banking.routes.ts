import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  promptInstruction,
  apiErrorMessage,
  BALANCES_API_PATH,
  MENU_OPTIONS_API_PATH,
  TRANSFERS_API_PATH,
  TRANSFER_NUMBER_HEADER,
  balancesResponseSchema,
  transferConfirmationRefusedSchema,
  transferConfirmationRequestSchema,
  transferConfirmationRequiredSchema,
  idempotencyKeySchema,
  menuOptionsResponseSchema,
  transferDeniedResponseSchema,
  messages,
  transferRequestSchema,
  type BalancesResponse,
  type MenuOptionsResponse,
  type TransferConfirmationRequired,
} from '@anybank/contracts';
import { z } from 'zod';
import { DomainError } from '../../domain-error';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AuthGuards } from '../identity';
import type { BankingService } from './banking.service';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

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
            401: {
              description: 'No valid token, or its grant was revoked.',
              codes: USER_TOKEN_REFUSALS[401],
            },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
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
            'Checked in document 2 §5’s order. The approval and deny thresholds apply to the sum of the ' +
            'customer’s transfers of the last 24 hours (confirmed, and pending approval) plus this one: above ' +
            'the approval threshold the transfer waits for approval on their phone (CIBA) before the answer, or, ' +
            'without an activated phone app, answers 202 and waits for a one-time code. An `Idempotency-Key` header (1–128 characters) ' +
            `makes a retry answer the first result. Every answer but 400 names the transfer in \`${TRANSFER_NUMBER_HEADER}\`.`,
          body: transferRequestSchema,
          responses: {
            204: 'Moved, in one transaction with its two ledger entries.',
            202: {
              description:
                'Stored pending: the 24-hour running total is above the approval threshold and the customer has ' +
                'no activated phone app, so a one-time code went to their e-mail or SMS sign-in device ' +
                '(or, `channel` `device`, a device of theirs shows one bound to the amount and payee); ' +
                'confirm it at `…/transfers/{transferId}/confirmation`.',
              schema: transferConfirmationRequiredSchema,
            },
            400: {
              description: 'A §5 check failed (amount, accounts, balance), with its message.',
              codes: [...INPUT_REFUSALS[400], 'transfer_invalid'],
            },
            401: {
              description: 'No valid token, or its grant was revoked.',
              codes: USER_TOKEN_REFUSALS[401],
            },
            403: {
              description:
                'Refused: the 24-hour running total over the deny threshold, automation (in `risk_data` or ' +
                'the request’s own User-Agent), or not approved.',
              schema: transferDeniedResponseSchema,
              codes: [
                ...USER_TOKEN_REFUSALS[403],
                'max_threshold',
                'risk',
                'not_approved',
                'approval_unavailable',
              ],
            },
            404: {
              description: 'An account that is not the customer’s (whether or not it exists).',
              codes: ['transfer_not_found'],
            },
            409: {
              description:
                '`transfer_pending`: the transfer with this Idempotency-Key still waits for approval.',
              codes: ['transfer_pending'],
            },
            422: {
              description: 'The Idempotency-Key was used for another transfer.',
              codes: ['idempotency_key_reused'],
            },
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
          userAgent: request.headers['user-agent'] ?? null,
        });
      });
      switch (outcome.kind) {
        case 'confirmed':
          return answerSettled(reply, outcome.referenceNumber);
        case 'refused':
          // The refusal still names the transfer (its reference number) in the header.
          reply.header(TRANSFER_NUMBER_HEADER, String(outcome.referenceNumber));
          throw new DomainError(outcome.code, {
            message: outcome.message,
            ...(outcome.limit ? { extra: { limit: outcome.limit } } : {}),
          });
        case 'confirmation_required':
          return reply
            .header(TRANSFER_NUMBER_HEADER, String(outcome.referenceNumber))
            .status(202)
            .send({
              code: 'confirmation_required',
              message:
                outcome.channel === 'device'
                  ? promptInstruction(outcome.prompt)
                  : messages.transfer.confirmationRequired(outcome.destination),
              transferId: outcome.transferId,
              channel: outcome.channel,
              destination: outcome.destination,
              prompt: outcome.prompt,
              limit: outcome.limit,
            } satisfies TransferConfirmationRequired);
        case 'pending':
          reply.header(TRANSFER_NUMBER_HEADER, String(outcome.referenceNumber));
          throw new DomainError('transfer_pending');
        case 'invalid':
          throw new DomainError('transfer_invalid', { message: outcome.message });
        case 'not_found':
          throw new DomainError('transfer_not_found');
        case 'key_reused':
          throw new DomainError('idempotency_key_reused');
      }
    },
  );

  registerTransferConfirmationRoute(app, deps);
  registerTransferCancellationRoute(app, deps);

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
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
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

const confirmationParams = z.object({ transferId: z.string().min(1).max(64) });

/**
 * The one-time code that approves a transfer waiting for it (202 above). 204 with
 * the money moved; 400 `invalid_code` with the tries left (nothing changed); 403 not_approved
 * once the code expired or the tries are used up; 404 not the caller's transfer; 409 a
 * transfer that no longer waits for a code.
 */
function registerTransferConfirmationRoute(
  app: FastifyInstance,
  deps: { auth: AuthGuards; banking: BankingService },
) {
  app.post(
    `${TRANSFERS_API_PATH}/:transferId/confirmation`,
    {
      config: {
        docs: {
          summary: 'Approves a pending transfer with the one-time code sent to a sign-in device',
          tag: 'banking',
          caller: 'bearer',
          params: { transferId: 'The `transferId` of the 202 answer.' },
          body: transferConfirmationRequestSchema,
          responses: {
            204: 'The code was right: the money moved (the number in X-Transfer-Number).',
            400: {
              description:
                '`invalid_code`: a wrong code, nothing changed (`attemptsLeft`); or a malformed body, or too ' +
                'little money left in the source account.',
              schema: transferConfirmationRefusedSchema,
              codes: [...INPUT_REFUSALS[400], 'invalid_code', 'transfer_invalid'],
            },
            401: {
              description: 'No valid token, or its grant was revoked.',
              codes: USER_TOKEN_REFUSALS[401],
            },
            403: {
              description:
                '`not_approved`: the code expired or too many wrong codes; nothing moved.',
              schema: transferDeniedResponseSchema,
              codes: [...USER_TOKEN_REFUSALS[403], 'not_approved'],
            },
            404: {
              description: 'Not one of the customer’s transfers (whether or not it exists).',
              codes: ['transfer_not_found'],
            },
            409: {
              description: '`transfer_not_pending`: the transfer no longer waits for a code.',
              codes: ['transfer_not_pending'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const outcome = await deps.auth.requireCustomerWith(request, (principal, grant) => {
        const { transferId } = parseInput(confirmationParams, request.params);
        const { code } = parseInput(transferConfirmationRequestSchema, request.body);
        return deps.banking.confirmTransfer({
          userId: principal.userId,
          grant,
          transferId,
          code,
          ip: request.ip,
        });
      });
      switch (outcome.kind) {
        case 'confirmed':
          return answerSettled(reply, outcome.referenceNumber);
        case 'wrong_code':
          throw new DomainError('invalid_code', {
            message: apiErrorMessage('invalid_code', outcome.attemptsLeft),
            extra: { attemptsLeft: outcome.attemptsLeft },
          });
        case 'refused':
          // The refusal still names the transfer (its reference number) in the header.
          reply.header(TRANSFER_NUMBER_HEADER, String(outcome.referenceNumber));
          throw new DomainError(outcome.code, { message: outcome.message });
        case 'invalid':
          throw new DomainError('transfer_invalid', { message: outcome.message });
        case 'not_found':
        case 'not_pending':
          return refuseUnsettled(outcome.kind);
      }
    },
  );
}

/**
 * The code step's Cancel: the customer's own transfer waiting for its code is settled as not
 * approved (reason `cancelled`), its code retired, its room in the running total freed, no
 * money moved. 204; 404 not the caller's transfer; 409 one that no longer waits for a code
 * (so a second Cancel, or one after the code was used, is refused and changes nothing).
 */
function registerTransferCancellationRoute(
  app: FastifyInstance,
  deps: { auth: AuthGuards; banking: BankingService },
) {
  app.post(
    `${TRANSFERS_API_PATH}/:transferId/cancellation`,
    {
      config: {
        docs: {
          summary: 'Cancels a transfer waiting for its one-time code; no money moves',
          tag: 'banking',
          caller: 'bearer',
          params: { transferId: 'The `transferId` of the 202 answer.' },
          responses: {
            204:
              'Cancelled (the number in X-Transfer-Number): its code no longer works and it no longer ' +
              'counts toward the 24-hour running total.',
            400: { description: 'A malformed transfer id.', codes: INPUT_REFUSALS[400] },
            401: {
              description: 'No valid token, or its grant was revoked.',
              codes: USER_TOKEN_REFUSALS[401],
            },
            403: { description: 'Not a customer’s token.', codes: USER_TOKEN_REFUSALS[403] },
            404: {
              description: 'Not one of the customer’s transfers (whether or not it exists).',
              codes: ['transfer_not_found'],
            },
            409: {
              description:
                '`transfer_not_pending`: the transfer no longer waits for a code (already cancelled, ' +
                'confirmed, refused, or waiting for the phone app instead); nothing changed.',
              codes: ['transfer_not_pending'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const outcome = await deps.auth.requireCustomerWith(request, (principal, grant) => {
        const { transferId } = parseInput(confirmationParams, request.params);
        return deps.banking.cancelTransfer({
          userId: principal.userId,
          grant,
          transferId,
          ip: request.ip,
        });
      });
      switch (outcome.kind) {
        case 'cancelled':
          return answerSettled(reply, outcome.referenceNumber);
        case 'not_found':
        case 'not_pending':
          return refuseUnsettled(outcome.kind);
      }
    },
  );
}

/** A transfer its code step settled (confirmed or cancelled): 204, its number in the header. */
function answerSettled(reply: FastifyReply, referenceNumber: number) {
  return reply.header(TRANSFER_NUMBER_HEADER, String(referenceNumber)).status(204).send();
}

/** The code step on a transfer that is not the caller's, or no longer waits for a code. */
function refuseUnsettled(kind: 'not_found' | 'not_pending'): never {
  throw new DomainError(kind === 'not_found' ? 'transfer_not_found' : 'transfer_not_pending');
}
