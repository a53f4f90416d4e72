import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  RETAIL_BACKCHANNEL_LOGOUT_PATH,
  RETAIL_SHOPPER_API_PATH,
  retailShopperSchema,
  type RetailShopper,
} from '@anybank/contracts';
import type { Config } from '../../config';
import { RATE_LIMIT_REFUSALS, signInRateLimit } from '../../http/rate-limits';
import { INPUT_REFUSALS, parseInput } from '../../http/validation';
import type { ShopperSessionService } from './shopper-session.service';
import { FORM_BODY_LIMIT, acceptFormBodies } from './form-body';

/** The shop's own session cookie for a shopper who signed in at AnyBank to pay (ADR 0028). */
export const SHOP_SESSION_COOKIE = 'retail_shop_session';

/** The logout token, as the bank posts it (OpenID Connect Back-Channel Logout 1.0 §2.5). */
const logoutFormSchema = z.strictObject({ logout_token: z.string().min(1).max(8192) });

/**
 * The shop's session routes: what its page shows of the shopper's session, and the back-channel
 * logout endpoint the bank posts logout tokens to.
 */
export function registerShopperSessionRoutes(
  app: FastifyInstance,
  deps: { config: Config; shoppers: ShopperSessionService },
) {
  const { config, shoppers } = deps;
  const rateLimit = signInRateLimit(config);

  app.get(
    RETAIL_SHOPPER_API_PATH,
    {
      config: {
        rateLimit,
        docs: {
          summary: 'The shop: this browser’s shopper session (signed in at AnyBank, or signed out)',
          tag: 'retail-shop',
          caller: 'anyone',
          description:
            'Read from the shop’s own HttpOnly session cookie, set when a shopper who signed in at AnyBank paid: `signed_in`, `signed_out_at_bank` once AnyBank’s back-channel logout token ended it (the customer signed out at the bank, signed out everywhere or changed their password), or `none`; with the sentence the shop’s page shows.',
          responses: {
            200: { description: 'The session’s status.', schema: retailShopperSchema },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply): Promise<RetailShopper> => {
      reply.header('Cache-Control', 'no-store');
      return shoppers.status(request.cookies[SHOP_SESSION_COOKIE]);
    },
  );

  // The bank posts a form: read here only, in a scope of its own.
  app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post(
      RETAIL_BACKCHANNEL_LOGOUT_PATH,
      {
        bodyLimit: FORM_BODY_LIMIT,
        config: {
          rateLimit,
          docs: {
            summary: 'The shop’s back-channel logout endpoint (OpenID Connect Back-Channel Logout)',
            tag: 'retail-shop',
            caller: 'anyone',
            description:
              'AnyBank posts a form (`application/x-www-form-urlencoded`) with `logout_token` when a session of the shopper ends at the bank. The shop checks the token: AnyBank’s signature (keys from `/as/jwks`), `typ: logout+jwt`, `iss` AnyBank, `aud` `retail-shop`, `iat` and `exp`, `events` naming `http://schemas.openid.net/event/backchannel-logout`, a `sid` (the shop registered `backchannel_logout_session_required`), no `nonce`, and a `jti` it has not taken before (a replayed token is refused). It then ends its sessions begun in that bank session, and the page tells the shopper they were signed out at AnyBank. Answered `Cache-Control: no-store`.',
            body: logoutFormSchema,
            responses: {
              200: { description: 'Taken: the sessions it names are ended.', schema: z.object({}) },
              400: {
                description:
                  'A malformed form, or `retail_logout_token_invalid`: not a valid logout token from AnyBank for the shop, or one taken before.',
                codes: [...INPUT_REFUSALS[400], 'retail_logout_token_invalid'],
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
        reply.header('Cache-Control', 'no-store');
        const { logout_token: token } = parseInput(logoutFormSchema, request.body);
        await shoppers.logout(token);
        return {};
      },
    );
  });
}
