import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  promptInstruction,
  PAYMENTS_API_PATH,
  PAYMENTS_SCOPE,
  PAYMENT_CONSENTS_API_PATH,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  consentDecisionResponseSchema,
  createPaymentConsentSchema,
  payByBankMessages,
  paymentCodeRequiredSchema,
  paymentConsentDecisionSchema,
  paymentConsentParamsSchema,
  paymentConsentSchema,
  paymentConsentScreenQuerySchema,
  paymentConsentScreenSchema,
  paymentSchema,
  submitPaymentSchema,
  type Payment,
  type PaymentCodeRequired,
  type PaymentConsent,
  type PaymentConsentScreen,
} from '@anybank/contracts';
import type { Config } from '../../config';
import { signInRateLimit, RATE_LIMIT_REFUSALS } from '../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../http/xsrf';
import type { PaymentInteractionPort, SenderConstrainedGuard } from '../identity';
import type { ConsentScreenBrowser, PaymentConsentService } from './payment-consent.service';
import { DPOP_TOKEN_REFUSALS } from '../../http/access-token-refusals';

const DPOP_CALLER =
  'The application’s access token as `Authorization: DPoP <token>`, with a `DPoP` proof of its key for this request (RFC 9449): a bearer token, or a proof that is missing, stale, replayed or for another request, answers 401.';

/**
 * Pay by bank (ADR 0023): the Open Banking style payment API an application calls with its
 * DPoP-bound tokens, and the bank's payment consent screen's two calls (the browser holding the
 * OAuth interaction). Thin: the service decides.
 */
export function registerPaymentConsentRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    dpop: SenderConstrainedGuard;
    /** The OAuth interaction the consent screen's browser holds (its `_interaction` cookie). */
    interactions: PaymentInteractionPort;
    payments: PaymentConsentService;
  },
) {
  const { dpop, payments, interactions } = deps;
  /** The browser at the consent screen, as the service sees it: no request, no reply. */
  const browserOf = (request: FastifyRequest, reply: FastifyReply): ConsentScreenBrowser => ({
    ip: request.ip,
    pending: () => interactions.pending(request, reply),
    allow: (payment) => interactions.allow(request, reply, payment),
    deny: (description) => interactions.deny(request, reply, description),
  });
  const rateLimit = signInRateLimit(deps.config);

  app.post(
    PAYMENT_CONSENTS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Registers a domestic payment consent (amount, currency, payee, reference)',
          tag: 'pay-by-bank',
          caller: 'dpop',
          description: `${DPOP_CALLER} The token is the application’s own (client credentials, scope \`payments\`). The consent awaits the customer for 10 minutes; name it in the authorization request’s \`authorization_details\`: \`[{"type":"domestic_payment","consent_id":"…"}]\`. Audited.`,
          body: createPaymentConsentSchema,
          responses: {
            201: {
              description: 'The consent, AwaitingAuthorisation.',
              schema: paymentConsentSchema,
            },
            400: {
              description: 'A malformed body, or `payment_payee_unknown`.',
              codes: [...INPUT_REFUSALS[400], 'payment_payee_unknown'],
            },
            401: {
              description:
                'No token, a bearer token (`dpop_proof_required`), or a DPoP proof not valid for it.',
              codes: DPOP_TOKEN_REFUSALS[401],
            },
            403: {
              description:
                'A customer’s token (`application_token`), no `payments` scope, or a payee other than the account the application is registered to (`payment_payee_not_registered`: the bank fixes the payee from the registration).',
              codes: [
                ...DPOP_TOKEN_REFUSALS[403],
                'application_token',
                'payment_payee_not_registered',
              ],
            },
          },
        },
      },
    },
    async (request, reply): Promise<PaymentConsent> => {
      const caller = await dpop.require(request, PAYMENTS_SCOPE);
      const input = parseInput(createPaymentConsentSchema, request.body);
      const consent = await payments.create(caller, input, request.ip);
      return reply.status(201).send(consent);
    },
  );

  app.get(
    `${PAYMENT_CONSENTS_API_PATH}/:consentId`,
    {
      config: {
        docs: {
          summary: 'A payment consent of the calling application, with its status now',
          tag: 'pay-by-bank',
          caller: 'dpop',
          description: `${DPOP_CALLER} Statuses: AwaitingAuthorisation, Authorised, Consumed, Rejected, Expired.`,
          params: { consentId: 'The consent’s id.' },
          responses: {
            200: { description: 'The consent.', schema: paymentConsentSchema },
            400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
            401: {
              description: 'No valid DPoP-bound token and proof.',
              codes: DPOP_TOKEN_REFUSALS[401],
            },
            403: { description: 'No `payments` scope.', codes: DPOP_TOKEN_REFUSALS[403] },
            404: {
              description: '`payment_consent_not_found`: not one of this application’s consents.',
              codes: ['payment_consent_not_found'],
            },
          },
        },
      },
    },
    async (request): Promise<PaymentConsent> => {
      const caller = await dpop.require(request, PAYMENTS_SCOPE);
      const { consentId } = parseInput(paymentConsentParamsSchema, request.params);
      return payments.read(caller, consentId);
    },
  );

  app.post(
    PAYMENTS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Pays against an authorised consent, once: the money moves in one transaction',
          tag: 'pay-by-bank',
          caller: 'dpop',
          description: `${DPOP_CALLER} The token must be the one the authorization with this consent issued (its \`authorization_details\` name the consent). The payment must be exactly the consented one, and within the customer’s limits as they are when it is submitted. Audited, refusals too; a refusal moves nothing.`,
          body: submitPaymentSchema,
          responses: {
            201: { description: 'Paid.', schema: paymentSchema },
            400: { description: 'A malformed body.', codes: INPUT_REFUSALS[400] },
            401: {
              description: 'No valid DPoP-bound token and proof.',
              codes: DPOP_TOKEN_REFUSALS[401],
            },
            403: {
              description:
                '`payment_token_not_for_consent`, or no `payments` scope; the customer’s limits applied again now, under their transfer lock, to the 24-hour total with the payments and transfers made since the authorisation: `payment_above_limit` above the deny threshold, `payment_approval_outdated` above the approval threshold when the authorisation asked neither the phone nor a code.',
              codes: [
                ...DPOP_TOKEN_REFUSALS[403],
                'payment_token_not_for_consent',
                'payment_above_limit',
                'payment_approval_outdated',
              ],
            },
            404: {
              description: '`payment_consent_not_found`.',
              codes: ['payment_consent_not_found'],
            },
            409: {
              description:
                'The consent is used, refused, expired or not authorised, or the account lacks the money.',
              codes: [
                'payment_consent_not_authorised',
                'payment_consent_expired',
                'payment_consent_consumed',
                'payment_consent_rejected',
                'payment_insufficient_funds',
              ],
            },
            422: {
              description: '`payment_not_as_consented`: another amount, currency or payee.',
              codes: ['payment_not_as_consented'],
            },
          },
        },
      },
    },
    async (request, reply): Promise<Payment> => {
      const caller = await dpop.require(request, PAYMENTS_SCOPE);
      const input = parseInput(submitPaymentSchema, request.body);
      return reply.status(201).send(await payments.submit(caller, input, request.ip));
    },
  );

  app.get(
    PAYMENT_CONSENT_SCREEN_API_PATH,
    {
      config: {
        rateLimit,
        docs: {
          summary:
            'The payment the signed-in customer is asked to confirm, and the accounts to pay from',
          tag: 'pay-by-bank',
          caller: 'browser',
          description:
            'Only the browser holding the OAuth interaction cookie of that payment gets it.',
          query: paymentConsentScreenQuerySchema,
          responses: {
            200: { description: 'The payment.', schema: paymentConsentScreenSchema },
            400: { description: 'A malformed interaction id.', codes: INPUT_REFUSALS[400] },
            404: {
              description:
                '`consent_request_not_found`: no such payment waiting in this browser, or it expired.',
              codes: ['consent_request_not_found'],
            },
            429: {
              description: 'Too many sign-in calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply): Promise<PaymentConsentScreen> => {
      const query = parseInput(paymentConsentScreenQuerySchema, request.query);
      return payments.screen(browserOf(request, reply), query.interaction);
    },
  );

  app.post(
    PAYMENT_CONSENT_SCREEN_API_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit,
        docs: {
          summary: 'Confirms the payment from the chosen account, or cancels it (access_denied)',
          tag: 'pay-by-bank',
          caller: 'browser',
          description:
            'Confirm authorises the consent (audited) and answers the URL that resumes the authorization, which issues the code; cancel refuses it and answers the URL that returns `error=access_denied` to the application. Above the customer’s approval threshold (their 24-hour running total with this payment, as for transfers), confirming first asks their phone app (CIBA) and waits for its answer; a phone that denies or does not answer refuses the consent (`access_denied`). Without an activated phone app, confirming answers 202 and e-mails (or texts) a one-time code, as a transfer does; the same confirmation with `code` then authorises the consent. Confirming again without `code` sends a new code.',
          body: paymentConsentDecisionSchema,
          responses: {
            200: {
              description: 'Where the browser goes next.',
              schema: consentDecisionResponseSchema,
            },
            202: {
              description:
                'Not authorised yet: above the approval threshold without an activated phone app, a one-time code went to the customer’s e-mail or SMS sign-in device (or, `channel` `device`, a device of theirs shows one bound to the amount and payee; five minutes, five tries); send the same confirmation again with `code`.',
              schema: paymentCodeRequiredSchema,
            },
            400: {
              description:
                'A malformed body, `payment_account_not_allowed`, or `invalid_code`: a wrong code, nothing changed (`attemptsLeft`).',
              codes: [...INPUT_REFUSALS[400], 'payment_account_not_allowed', 'invalid_code'],
            },
            403: {
              description:
                'The anti-forgery header is missing; `payment_above_limit` above the customer’s deny threshold; `payment_needs_approval` above their approval threshold with neither a phone app nor a device that receives codes; `payment_code_failed`: the code expired or was tried too often (confirm again for a new one).',
              codes: [
                ...XSRF_REFUSALS[403],
                'payment_above_limit',
                'payment_needs_approval',
                'payment_code_failed',
              ],
            },
            404: {
              description: '`consent_request_not_found`.',
              codes: ['consent_request_not_found'],
            },
            409: {
              description:
                '`payment_code_not_pending`: a `code` when none waits for this payment from this account (never sent, already used, or replaced).',
              codes: ['payment_code_not_pending'],
            },
            429: {
              description: 'Too many sign-in calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const decision = parseInput(paymentConsentDecisionSchema, request.body);
      const outcome = await payments.decide(browserOf(request, reply), decision);
      if (outcome.kind === 'redirect') return { redirectTo: outcome.redirectTo };

      // A declared 202 with a typed body, as a transfer's code step answers, rather than a field
      // in the 200: the shared decision answer (consentDecisionResponseSchema) always says where
      // the browser goes next, and here it goes nowhere yet.
      return reply.status(202).send({
        code: 'confirmation_required',
        message:
          outcome.channel === 'device'
            ? promptInstruction(outcome.prompt)
            : payByBankMessages.codeRequired(outcome.destination),
        channel: outcome.channel,
        destination: outcome.destination,
        prompt: outcome.prompt,
      } satisfies PaymentCodeRequired);
    },
  );
}
