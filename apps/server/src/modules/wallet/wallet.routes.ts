import type { FastifyInstance } from 'fastify';
import {
  walletPaths,
  walletRedemptionRequestSchema,
  walletRedemptionResponseSchema,
} from '@anybank/contracts';
import type { Config } from '../../config';
import { DomainError } from '../../domain-error';
import { signInRateLimit, RATE_LIMIT_REFUSALS } from '../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../http/xsrf';
import type { WalletService } from './wallet.service';

/**
 * The phone's side of wallet pairing: the `/mobile` simulator redeems the ticket of a pairing
 * link for the signed customer card. The ticket is the only credential (256 random bits, once,
 * 10 minutes); the route is rate-limited per client address like the other phone calls.
 */
export function registerWalletRoutes(
  app: FastifyInstance,
  deps: { config: Config; wallet: WalletService },
) {
  app.post(
    walletPaths.cards,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit: signInRateLimit(deps.config),
        docs: {
          summary: 'The phone redeems a wallet-pairing ticket for the signed customer card',
          tag: 'phone app',
          caller: 'xsrf',
          body: walletRedemptionRequestSchema,
          responses: {
            201: { description: 'The card.', schema: walletRedemptionResponseSchema },
            400: { description: 'No ticket.', codes: INPUT_REFUSALS[400] },
            403: { description: 'The anti-forgery header is missing.', codes: XSRF_REFUSALS[403] },
            410: {
              description: 'The ticket was used, expired or never existed.',
              codes: ['wallet_ticket_refused'],
            },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { ticket } = parseInput(walletRedemptionRequestSchema, request.body);
      const card = await deps.wallet.redeem({ ticket, ip: request.ip });
      // 410: the link existed once or never did; either way it will not work again.
      if (card === null) throw new DomainError('wallet_ticket_refused');
      return reply.status(201).send({ card });
    },
  );
}
