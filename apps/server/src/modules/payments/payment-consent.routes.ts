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
import { signInRateLimit } from '../../http/rate-limits';
import { parseInput } from '../../http/validation';
import { requireXsrfHeader } from '../../http/xsrf';
import type { PaymentInteractionPort, SenderConstrainedGuard } from '../identity';
import type { ConsentScreenBrowser, PaymentConsentService } from './payment-consent.service';

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
            400: 'A malformed body, or `payment_payee_unknown`.',
            401: 'No token, a bearer token (`dpop_proof_required`), or a DPoP proof not valid for it.',
            403: 'A customer’s token (`application_token`), no `payments` scope, or a payee other than the account the application is registered to (`payment_payee_not_registered`: the bank fixes the payee from the registration).',
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
            400: 'A malformed id.',
            401: 'No valid DPoP-bound token and proof.',
            403: 'No `payments` scope.',
            404: '`payment_consent_not_found`: not one of this application’s consents.',
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
            400: 'A malformed body.',
            401: 'No valid DPoP-bound token and proof.',
            403: '`payment_token_not_for_consent`, or no `payments` scope; the customer’s limits applied again now, under their transfer lock, to the 24-hour total with the payments and transfers made since the authorisation: `payment_above_limit` above the deny threshold, `payment_approval_outdated` above the approval threshold when the authorisation asked neither the phone nor a code.',
            404: '`payment_consent_not_found`.',
            409: 'The consent is used, refused, expired or not authorised, or the account lacks the money.',
            422: '`payment_not_as_consented`: another amount, currency or payee.',
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
            400: 'A malformed interaction id.',
            404: '`consent_request_not_found`: no such payment waiting in this browser, or it expired.',
            429: 'Too many sign-in calls from this address.',
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
            400: 'A malformed body, `payment_account_not_allowed`, or `invalid_code`: a wrong code, nothing changed (`attemptsLeft`).',
            403: 'The anti-forgery header is missing; `payment_above_limit` above the customer’s deny threshold; `payment_needs_approval` above their approval threshold with neither a phone app nor a device that receives codes; `payment_code_failed`: the code expired or was tried too often (confirm again for a new one).',
            404: '`consent_request_not_found`.',
            409: '`payment_code_not_pending`: a `code` when none waits for this payment from this account (never sent, already used, or replaced).',
            429: 'Too many sign-in calls from this address.',
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
