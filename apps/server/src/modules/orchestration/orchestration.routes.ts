import type { FastifyInstance, FastifyRequest } from 'fastify';
// Brings in the plugin's typing of the route option `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import { z } from 'zod';
import {
  API_KEY_HEADER,
  ORCHESTRATION_API_ROOT,
  widgetTokenResponseSchema,
} from '@anybank/contracts';
import type { Config, PolicyName } from '../../config';
import { signInRateLimit, RATE_LIMIT_REFUSALS } from '../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../http/xsrf';
import type { OrchestrationService } from './orchestration.service';
import { STEP_UP_REFUSALS } from '../../http/access-token-refusals';

// Anything else than the configured ids is a 404 of the service, not a 400.
const identifier = z.string().min(1).max(128);
const companyParams = z.object({ companyId: identifier });
const policyParams = z.object({ companyId: identifier, policyId: identifier });
const COMPANY_ID_DOC = 'The company (environment) id the bank is configured with.';

/**
 * Policies whose answer tells whether a username or an e-mail address is registered: each
 * client address gets a tenth of the sign-in limit for them, as for the risk evaluation.
 */
const REVEALING_POLICIES: readonly PolicyName[] = ['REGISTRATION', 'USERNAME_RECOVERY'];

/**
 * Policies open to anyone with a widget token that cost CPU on the event loop whatever the input:
 * the QR code draws a PNG (about as long as a password hash, bench/anonymous-stall.bench.ts). A
 * person pairing an authenticator app asks for one or two: a tenth of the limit too.
 */
const COSTLY_POLICIES: readonly PolicyName[] = ['QR_CODE'];
const TENTH_LIMIT_POLICIES: readonly PolicyName[] = [...REVEALING_POLICIES, ...COSTLY_POLICIES];

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The orchestration service of document 1 §7 as the bank's own endpoints:
 * - `GET  {root}/{companyId}/sdktoken` with `X-API-Key` → `{access_token, token_type, expires_in}`
 *   (server-side callers; the key never reaches a browser);
 * - `POST {root}/{companyId}/widget-token` with `X-XSRF-Header` → the same, for the bank's pages;
 * - `POST {root}/{companyId}/policy/{policyId}/start` with a JSON body → the policy's answer.
 * Every route is rate-limited per client address (policy starts per address and policy).
 */
export function registerOrchestrationRoutes(
  app: FastifyInstance,
  deps: { config: Config; orchestration: OrchestrationService },
) {
  const { orchestration } = deps;
  const limit = signInRateLimit(deps.config);
  const tenthMax = Math.max(1, Math.floor(limit.max / 10));

  app.get(
    `${ORCHESTRATION_API_ROOT}/:companyId/sdktoken`,
    {
      config: {
        rateLimit: limit,
        docs: {
          summary: 'A token for the orchestration policies, for a server holding the API key',
          tag: 'orchestration',
          caller: 'apiKey',
          params: { companyId: COMPANY_ID_DOC },
          responses: {
            200: { description: 'The token.', schema: widgetTokenResponseSchema },
            400: {
              description: 'A company id that is not one (too long, or not text).',
              codes: INPUT_REFUSALS[400],
            },
            401: { description: 'No API key, or a wrong one.', codes: ['api_key_required'] },
            404: { description: 'No such company.', codes: ['no_such_company'] },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request) => {
      const { companyId } = parseInput(companyParams, request.params);
      const apiKey = singleHeader(request.headers[API_KEY_HEADER.toLowerCase()]);
      return orchestration.issueSdkToken(companyId, apiKey);
    },
  );

  app.post(
    `${ORCHESTRATION_API_ROOT}/:companyId/widget-token`,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit: limit,
        docs: {
          summary: 'A short-lived token for the bank’s own pages to start policies (ADR 9)',
          tag: 'orchestration',
          caller: 'xsrf',
          params: { companyId: COMPANY_ID_DOC },
          responses: {
            200: { description: 'The token.', schema: widgetTokenResponseSchema },
            400: {
              description: 'A company id that is not one (too long, or not text).',
              codes: INPUT_REFUSALS[400],
            },
            403: { description: 'The anti-forgery header is missing.', codes: XSRF_REFUSALS[403] },
            404: { description: 'No such company.', codes: ['no_such_company'] },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request) => {
      const { companyId } = parseInput(companyParams, request.params);
      return orchestration.issueWidgetToken(companyId);
    },
  );

  const policyIdOf = (request: FastifyRequest) =>
    String((request.params as { policyId?: unknown }).policyId ?? '');
  app.post(
    `${ORCHESTRATION_API_ROOT}/:companyId/policy/:policyId/start`,
    {
      config: {
        docs: {
          summary: 'Starts or continues an orchestration policy (document 1 §7)',
          tag: 'orchestration',
          caller: 'bearer',
          description:
            'Registration, username recovery, device uniqueness, QR code, profile update, sign-in method, wallet pairing, ' +
            'help desk and the demo admin’s policies. The body is the policy’s own (`@anybank/contracts`); the token is a ' +
            'widget or SDK token, or, for the policies that act for a signed-in person, their access token (`accessToken` in the body). ' +
            'Policies that tell whether a username or e-mail is registered, and the QR code (a drawing), get a tenth of the rate limit.',
          params: {
            companyId: COMPANY_ID_DOC,
            policyId: 'The configured id of the policy.',
          },
          responses: {
            200: 'The policy’s answer: `{ additionalProperties: … }` or its own shape.',
            400: {
              description: 'A body the policy refuses.',
              codes: [
                ...INPUT_REFUSALS[400],
                'password_policy',
                'password_too_weak',
                'password_personal',
                'admin_phishing_own_address',
                'help_desk_code_rejected',
              ],
            },
            401: {
              description:
                'No token, or not one this policy accepts; or `step_up_required` (with `methods`): a change of ' +
                'e-mail, mobile, password or sign-in method, wallet pairing or account deletion with a sign-in ' +
                'older than 5 minutes and no step-up since (docs/api-errors.md).',
              codes: [...STEP_UP_REFUSALS[401], 'policy_credentials_required'],
            },
            403: {
              description: 'A token of the wrong kind of user for this policy.',
              codes: [
                ...STEP_UP_REFUSALS[403],
                'admin_customers_only',
                'own_devices_only',
                'wallet_customers_only',
                'wallet_other_customer',
                'help_desk_not_verified',
              ],
            },
            404: {
              description: 'No such company or policy.',
              codes: [
                'no_such_company',
                'no_such_policy',
                'no_such_user',
                'wallet_pairing_not_found',
                'help_desk_no_such_customer',
                'help_desk_no_such_session',
                'help_desk_no_such_device',
              ],
            },
            409: {
              description: 'The policy cannot go on from where it is (a used or ended session).',
              codes: [
                'profile_changed_meanwhile',
                'no_pending_contact_change',
                'help_desk_session_ended',
                'help_desk_step_not_possible',
                'help_desk_not_email_verification',
                'help_desk_last_device',
              ],
            },
            429: {
              description: 'Too many calls from this address for this policy.',
              codes: [
                ...RATE_LIMIT_REFUSALS[429],
                'too_many_emails',
                'help_desk_too_many_verifications',
              ],
            },
          },
        },
        rateLimit: {
          timeWindow: limit.timeWindow,
          // Counted per configured policy; every unknown id shares one count. The raw id is the
          // caller's text: it may hold a NUL byte, which a PostgreSQL-kept counter cannot store.
          keyGenerator: (request) =>
            `${request.ip} ${orchestration.policyNameOf(policyIdOf(request)) ?? 'unknown'}`,
          max: (request) => {
            const name = orchestration.policyNameOf(policyIdOf(request));
            return name !== null && TENTH_LIMIT_POLICIES.includes(name) ? tenthMax : limit.max;
          },
        },
      },
    },
    async (request) => {
      const { companyId, policyId } = parseInput(policyParams, request.params);
      return orchestration.start({
        companyId,
        policyId,
        body: request.body,
        credentials: {
          apiKey: singleHeader(request.headers[API_KEY_HEADER.toLowerCase()]),
          authorization: request.headers.authorization,
        },
        ip: request.ip,
        userAgent: singleHeader(request.headers['user-agent']),
      });
    },
  );
}
