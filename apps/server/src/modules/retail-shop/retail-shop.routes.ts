import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  RETAIL_CALLBACK_PATH,
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_ORDERS_API_PATH,
  RETAIL_ORDER_PARAM,
  RETAIL_PAGE_PATH,
  RETAIL_RESUBMISSION_API_PATH,
  SHOP_BANK_EXCHANGES_API_PATH,
  retailCheckoutResponseSchema,
  retailCheckoutSchema,
  retailOrderParamsSchema,
  retailOrderViewSchema,
  needsAgeCheck,
  retailResubmissionSchema,
  shopBankExchangesSchema,
  type RetailOrderView,
  type RetailResubmission,
  type ShopBankExchanges,
} from '@anybank/contracts';
import type { Config } from '../../config';
import { signInRateLimit, RATE_LIMIT_REFUSALS } from '../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../http/xsrf';
import { SHOP_ORDER_COOKIE } from './order-cookie';
import type { RetailShopService } from './retail-shop.service';
import { SHOP_WALLET_BROWSER_COOKIE } from './wallet-check.routes';
import { SHOP_SESSION_COOKIE } from './shopper-session.routes';
import type { ShopperSessionService } from './shopper-session.service';
import type { WalletCheckService } from './wallet-check.service';

/** The authorization response at the shop's callback (RFC 6749 §4.1.2, RFC 9207's `iss`). */
const callbackQuerySchema = z.object({
  code: z.string().min(1).max(512).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(512).optional(),
  error: z.string().max(128).optional(),
  error_description: z.string().max(1024).optional(),
});

const ORDER_COOKIE_MAX_AGE_S = 60 * 60;
/** As long as the bank's own session lives. */
const SHOP_SESSION_MAX_AGE_S = 8 * 60 * 60;

/**
 * The retail shop's own server calls, for its page at `/retail`. Another company's:
 * they live on the bank's server only because the demo runs as one process.
 */
export function registerRetailShopRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    shop: RetailShopService;
    checks: WalletCheckService;
    shoppers: ShopperSessionService;
  },
) {
  const { config, shop, checks, shoppers } = deps;
  // Each checkout registers a payment consent at the bank, each read of a paid order and each
  // second submission make calls to it (a token, then the call).
  const rateLimit = signInRateLimit(config);
  const cookie = {
    path: `${config.basePath}/`,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
    maxAge: ORDER_COOKIE_MAX_AGE_S,
  };

  app.post(
    RETAIL_CHECKOUT_API_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit,
        docs: {
          summary: 'The shop: registers the cart’s payment at AnyBank and answers where to pay',
          tag: 'retail-shop',
          caller: 'xsrf',
          description:
            'The shop’s server registers a domestic payment consent at AnyBank (its client-credentials token, DPoP) and pushes the authorization request (PAR, PKCE); its order travels in a sealed HttpOnly cookie.',
          body: retailCheckoutSchema,
          responses: {
            200: {
              description: 'The bank’s authorization URL.',
              schema: retailCheckoutResponseSchema,
            },
            400: { description: 'A malformed cart.', codes: INPUT_REFUSALS[400] },
            403: {
              description:
                'The anti-forgery header is missing, or `retail_age_check_required`: the cart has an age-restricted item and `ageCheckId` is not a verified age check of this browser.',
              codes: [...XSRF_REFUSALS[403], 'retail_age_check_required'],
            },
            429: {
              description: 'Too many checkouts from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
            502: {
              description:
                '`retail_bank_unavailable`: the bank could not be reached or refused the consent.',
              codes: ['retail_bank_unavailable'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(retailCheckoutSchema, request.body);
      if (needsAgeCheck(input.items)) {
        await checks.requireVerifiedAge(
          input.ageCheckId,
          request.cookies[SHOP_WALLET_BROWSER_COOKIE],
        );
      }
      const { redirectTo, sealed } = await shop.checkout(input);
      reply.setCookie(SHOP_ORDER_COOKIE, sealed, cookie);
      return { redirectTo };
    },
  );

  app.get(
    `${RETAIL_ORDERS_API_PATH}/:orderId`,
    {
      config: {
        rateLimit,
        docs: {
          summary: 'The shop: the order of this browser, paid or not',
          tag: 'retail-shop',
          caller: 'anyone',
          description:
            'Read from the shop’s sealed cookie: only the browser that placed it sees it. For a paid order the shop reads its company’s account at AnyBank (its own client-credentials token, scope `accounts`, DPoP; the Open Banking transactions) and answers the entry crediting this payment — this order’s alone, never another shopper’s.',
          params: { orderId: 'The order’s id.' },
          responses: {
            200: { description: 'The order.', schema: retailOrderViewSchema },
            400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
            404: {
              description: '`retail_order_not_found`: not this browser’s order.',
              codes: ['retail_order_not_found'],
            },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request): Promise<RetailOrderView> => {
      const { orderId } = parseInput(retailOrderParamsSchema, request.params);
      return shop.order(request.cookies[SHOP_ORDER_COOKIE], orderId);
    },
  );

  app.get(
    SHOP_BANK_EXCHANGES_API_PATH,
    {
      config: {
        rateLimit,
        docs: {
          summary:
            'The shop: what its server sent AnyBank for this browser’s order, and the answers',
          tag: 'retail-shop',
          caller: 'anyone',
          description:
            'The Shop ⇄ Bank view: each call the shop’s server made to AnyBank for the order (client-credentials token with its signed client assertion, payment consent, pushed authorization request with `authorization_details`, the shopper’s return, the code exchange, the payment, the Open Banking read of its own account, a second submission) and what the bank answered, in order, as the shop recorded them: tokens, codes and keys not kept, every JWS as its decoded header and claims without its signature, DPoP proofs with their key’s thumbprint. With the payment’s two ledger entries as those answers show them. Only the browser holding the order’s sealed cookie reads it.',
          params: { orderId: 'The order’s id.' },
          responses: {
            200: { description: 'The order’s exchanges.', schema: shopBankExchangesSchema },
            400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
            404: {
              description: '`retail_order_not_found`: not this browser’s order.',
              codes: ['retail_order_not_found'],
            },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request): Promise<ShopBankExchanges> => {
      const { orderId } = parseInput(retailOrderParamsSchema, request.params);
      return shop.exchanges(request.cookies[SHOP_ORDER_COOKIE], orderId);
    },
  );

  // A presenter's demonstration, like the demo's other tools: gone (404) with DEMO_TOOLS=off.
  if (config.demoToolsEnabled) {
    app.post(
      RETAIL_RESUBMISSION_API_PATH,
      {
        preHandler: requireXsrfHeader,
        config: {
          rateLimit,
          docs: {
            summary: 'The shop (a demo tool): submits this browser’s paid order’s payment again',
            tag: 'retail-shop',
            caller: 'xsrf',
            description:
              'For the presenter: the shop’s server submits the payment to AnyBank’s `POST /api/open-banking/domestic-payments` once more, with the same consent and the same DPoP-bound access token of that authorization (kept in the sealed order cookie), and answers what the bank said: a consent pays once, so the bank refuses it (409 `payment_consent_consumed`) and nothing moves. Gone (404) with `DEMO_TOOLS=off`.',
            params: { orderId: 'The order’s id.' },
            responses: {
              200: {
                description: 'The bank’s answer: its status, code and message.',
                schema: retailResubmissionSchema,
              },
              400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
              403: {
                description: 'The anti-forgery header is missing.',
                codes: XSRF_REFUSALS[403],
              },
              404: {
                description: '`retail_order_not_found`: not this browser’s order.',
                codes: ['retail_order_not_found'],
              },
              409: {
                description:
                  '`retail_order_not_paid`: the order was not paid, so there is nothing to submit again.',
                codes: ['retail_order_not_paid'],
              },
              429: {
                description: 'Too many calls from this address.',
                codes: RATE_LIMIT_REFUSALS[429],
              },
              502: {
                description: '`retail_bank_unreachable`: the bank could not be reached.',
                codes: ['retail_bank_unreachable'],
              },
            },
          },
        },
      },
      async (request): Promise<RetailResubmission> => {
        const { orderId } = parseInput(retailOrderParamsSchema, request.params);
        return shop.submitAgain(request.cookies[SHOP_ORDER_COOKIE], orderId);
      },
    );
  }

  app.get(
    RETAIL_CALLBACK_PATH,
    {
      config: {
        docs: {
          summary: 'The shop’s OAuth callback: exchanges the code and pays, once',
          tag: 'retail-shop',
          caller: 'anyone',
          description:
            'The bank’s authorization response. The shop exchanges the code (PKCE, DPoP-bound token) and submits the payment against its consent, once; a shopper who cancelled at the bank (`access_denied`) is told nothing was paid. Only the answer to the payment this browser started counts: its `state` must be the one kept in the sealed HttpOnly order cookie, and any other request (a forged cross-site one) changes nothing.',
          query: callbackQuerySchema,
          responses: {
            303: 'To the shop’s page, naming the order (none without this browser’s order, or for an answer that is not to its payment). A paid order also sets the shop’s own HttpOnly session cookie, its session of the shopper who signed in at AnyBank (their `sub` and `sid` from the ID token), which AnyBank’s back-channel logout ends.',
            400: { description: 'A query parameter is too long.', codes: INPUT_REFUSALS[400] },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      parseInput(callbackQuerySchema, request.query);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const settled = await shop.callback(
        request.cookies[SHOP_ORDER_COOKIE],
        new URL(`${config.publicUrl}${config.basePath}${RETAIL_CALLBACK_PATH}${query}`),
      );
      const page = `${config.basePath}${RETAIL_PAGE_PATH}`;
      if (!settled) return reply.redirect(page, 303);
      reply.setCookie(SHOP_ORDER_COOKIE, settled.sealed, cookie);
      // The shopper signed in at the bank to pay: the shop's own session of them (ADR 0028),
      // which the bank's back-channel logout ends.
      if (settled.shopper) {
        reply.setCookie(SHOP_SESSION_COOKIE, await shoppers.begin(settled.shopper), {
          ...cookie,
          maxAge: SHOP_SESSION_MAX_AGE_S,
        });
      }
      return reply.redirect(
        `${page}?${new URLSearchParams({ [RETAIL_ORDER_PARAM]: settled.order.orderId }).toString()}`,
        303,
      );
    },
  );
}
