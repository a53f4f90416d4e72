import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  REQUEST_OBJECT_JWT_TYPE,
  walletCheckPaths,
  walletCheckResultSchema,
  walletCheckStartSchema,
  walletCheckStartedSchema,
  type WalletCheckResult,
  type WalletCheckStarted,
} from '@anybank/contracts';
import type { Config } from '../../config';
import { RATE_LIMIT_REFUSALS, signInRateLimit } from '../../http/rate-limits';
import { INPUT_REFUSALS, parseInput } from '../../http/validation';
import { XSRF_REFUSALS, requireXsrfHeader } from '../../http/xsrf';
import type { WalletCheckService } from './wallet-check.service';
import { FORM_BODY_LIMIT, acceptFormBodies } from './form-body';

/** The cookie that lets only the browser that started a check read its result. */
export const SHOP_WALLET_BROWSER_COOKIE = 'retail_shop_wallet_browser';
const BROWSER_COOKIE_MAX_AGE_S = 60 * 60;

const checkParamsSchema = z.object({ checkId: z.uuid() });
const CHECK_PARAM = { checkId: 'The wallet check’s id.' };

/** The wallet's `direct_post` form (OpenID4VP 1.0 §8.2): a vp_token and state, or an error. */
const walletAnswerSchema = z.strictObject({
  vp_token: z.string().min(1).max(60_000).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(128).optional(),
  error_description: z.string().max(1024).optional(),
});

const UNKNOWN = {
  description: '`wallet_check_unknown`: no such check.',
  codes: ['wallet_check_unknown'],
} as const;
const EXPIRED = {
  description: '`wallet_check_expired`: the request’s 5 minutes are over.',
  codes: ['wallet_check_expired'],
} as const;
const ANSWERED = {
  description: '`wallet_check_answered`: the check was answered already; an answer counts once.',
  codes: ['wallet_check_answered'],
} as const;

/**
 * The shop's wallet checks (OpenID4VP 1.0 verifier, ADR 0027): its page starts one and reads
 * the result; the wallet reads the signed request object and posts its answer.
 */
export function registerWalletCheckRoutes(
  app: FastifyInstance,
  deps: { config: Config; checks: WalletCheckService },
) {
  const { config, checks } = deps;
  const rateLimit = signInRateLimit(config);

  app.post(
    walletCheckPaths.start,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit,
        docs: {
          summary: 'The shop: asks the customer’s wallet for proof of age or a delivery address',
          tag: 'retail-shop',
          caller: 'xsrf',
          description:
            'Starts an OpenID4VP 1.0 request (5 minutes): its `openid4vp://` URI with a `request_uri` naming the signed request object, the same as a link opening `/mobile`, and as a QR code. The DCQL query names only the claims the purpose needs (`age`: age_over_18; `delivery`: given_name, family_name, address). Sets an HttpOnly cookie: only this browser reads the result.',
          body: walletCheckStartSchema,
          responses: {
            201: { description: 'The request and its links.', schema: walletCheckStartedSchema },
            400: { description: 'A malformed purpose.', codes: INPUT_REFUSALS[400] },
            403: { description: 'The anti-forgery header is missing.', codes: XSRF_REFUSALS[403] },
            429: {
              description: 'Too many requests from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply): Promise<WalletCheckStarted> => {
      const { purpose } = parseInput(walletCheckStartSchema, request.body);
      const { started, browserSecret } = await checks.start(
        purpose,
        request.cookies[SHOP_WALLET_BROWSER_COOKIE],
      );
      reply.setCookie(SHOP_WALLET_BROWSER_COOKIE, browserSecret, {
        path: `${config.basePath}/`,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https://'),
        maxAge: BROWSER_COOKIE_MAX_AGE_S,
      });
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(started);
    },
  );

  app.get(
    walletCheckPaths.requestObject,
    {
      config: {
        rateLimit,
        docs: {
          summary: 'The shop’s signed request object, for the wallet',
          tag: 'retail-shop',
          caller: 'anyone',
          description:
            'A JWS (ES256, `typ: oauth-authz-req+jwt`, RFC 9101) signed with the key the shop registered at AnyBank (its `kid`): `client_id` retail-shop, `response_type` vp_token, `response_mode` direct_post, the absolute `response_uri`, a fresh `nonce` and `state`, `aud` https://self-issued.me/v2, `exp` the request’s end, and the `dcql_query`.',
          params: CHECK_PARAM,
          responses: {
            200: {
              description: 'The request object.',
              type: `application/${REQUEST_OBJECT_JWT_TYPE}`,
            },
            400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
            404: UNKNOWN,
            409: ANSWERED,
            410: EXPIRED,
            429: {
              description: 'Too many requests from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { checkId } = parseInput(checkParamsSchema, request.params);
      const jwt = await checks.requestObject(checkId);
      reply.header('Cache-Control', 'no-store');
      return reply.type(`application/${REQUEST_OBJECT_JWT_TYPE}`).send(jwt);
    },
  );

  // The wallet posts a form (`direct_post`): read here only, in a scope of its own.
  app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post(
      walletCheckPaths.response,
      {
        bodyLimit: FORM_BODY_LIMIT,
        config: {
          rateLimit,
          docs: {
            summary: 'The wallet’s answer to the shop (OpenID4VP `direct_post`)',
            tag: 'retail-shop',
            caller: 'anyone',
            description:
              'A form (`application/x-www-form-urlencoded`): `vp_token` (a JSON object, the query id → one SD-JWT VC presentation with its key-binding JWT) and `state`, or `error=access_denied` and `state` (the customer declined). The shop checks, in order and stopping at the first that fails: one presentation; AnyBank as its issuer and AnyBank’s signature (keys from `/.well-known/jwt-vc-issuer`); the vct; expiry; the disclosures’ digests; only the claims asked, and all of them; the key-binding JWT’s `aud` (retail-shop), `nonce`, `iat` (within 5 minutes, not ahead), signature by `cnf.jwk` and `sd_hash`; the whole again with @sd-jwt/sd-jwt-vc; the status list entry; for age, age_over_18 true. Answered once: the result and an audit event are written, and a refusal is answered with its code.',
            body: walletAnswerSchema,
            params: CHECK_PARAM,
            responses: {
              200: {
                description: 'Accepted: verified, or declined by the customer.',
                schema: z.object({}),
              },
              400: {
                description:
                  'The answer is malformed, or the shop refused the presentation (its code says why).',
                codes: [
                  ...INPUT_REFUSALS[400],
                  'wallet_check_malformed',
                  'wallet_check_state_mismatch',
                  'wallet_check_wrong_issuer',
                  'wallet_check_bad_signature',
                  'wallet_check_wrong_credential',
                  'wallet_check_credential_expired',
                  'wallet_check_bad_disclosure',
                  'wallet_check_not_requested_claim',
                  'wallet_check_missing_claim',
                  'wallet_check_wrong_audience',
                  'wallet_check_nonce_mismatch',
                  'wallet_check_stale_proof',
                  'wallet_check_key_binding_invalid',
                  'wallet_check_revoked',
                  'wallet_check_status_unverified',
                  'wallet_check_not_over_18',
                ],
              },
              404: UNKNOWN,
              409: ANSWERED,
              410: EXPIRED,
              429: {
                description: 'Too many answers from this address.',
                codes: RATE_LIMIT_REFUSALS[429],
              },
              502: {
                description:
                  '`wallet_check_bank_unavailable`: AnyBank’s keys or status list could not be read; the check still waits.',
                codes: ['wallet_check_bank_unavailable'],
              },
            },
          },
        },
      },
      async (request) => {
        const { checkId } = parseInput(checkParamsSchema, request.params);
        const answer = parseInput(walletAnswerSchema, request.body);
        await checks.respond(checkId, answer, request.ip);
        return {};
      },
    );
  });

  app.get(
    walletCheckPaths.result,
    {
      config: {
        rateLimit,
        docs: {
          summary: 'The shop: a wallet check’s result, for the browser that started it',
          tag: 'retail-shop',
          caller: 'anyone',
          description:
            'Pending, verified (with only the claims asked for), refused (its code and words), declined or expired, with the checks made. Only the browser holding the cookie set when it started reads it.',
          params: CHECK_PARAM,
          responses: {
            200: { description: 'The result.', schema: walletCheckResultSchema },
            400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
            404: {
              description: '`wallet_check_unknown`: not this browser’s check.',
              codes: ['wallet_check_unknown'],
            },
            429: {
              description: 'Too many requests from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply): Promise<WalletCheckResult> => {
      const { checkId } = parseInput(checkParamsSchema, request.params);
      reply.header('Cache-Control', 'no-store');
      return checks.result(checkId, request.cookies[SHOP_WALLET_BROWSER_COOKIE]);
    },
  );
}
