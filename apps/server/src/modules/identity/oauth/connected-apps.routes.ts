import type { FastifyInstance } from 'fastify';
import {
  CONNECTED_APPS_API_PATH,
  OAUTH_CONSENT_API_PATH,
  connectedAppParamsSchema,
  connectedAppsResponseSchema,
  consentDecisionResponseSchema,
  consentDecisionSchema,
  consentRequestQuerySchema,
  consentRequestSchema,
  type ConnectedAppsResponse,
  type ConsentDecisionResponse,
  type ConsentRequest,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import { DomainError } from '../../../domain-error';
import { signInRateLimit, RATE_LIMIT_REFUSALS } from '../../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../../http/xsrf';
import type { AuthGuards } from './access-token';
import type { ConnectedAppsService } from './connected-apps.service';
import { USER_TOKEN_REFUSALS } from '../../../http/access-token-refusals';

/**
 * The consent page's two calls (the browser holding the OAuth interaction) and the
 * customer's Connected apps on Privacy & Security (the customer's token). Thin: the service
 * decides.
 */
export function registerConnectedAppsRoutes(
  app: FastifyInstance,
  deps: { config: Config; auth: AuthGuards; connectedApps: ConnectedAppsService },
) {
  const { auth, connectedApps } = deps;
  const rateLimit = signInRateLimit(deps.config);

  app.get(
    OAUTH_CONSENT_API_PATH,
    {
      config: {
        rateLimit,
        docs: {
          summary: 'The application asking for the signed-in customer’s consent, and for what',
          tag: 'sign-in',
          caller: 'browser',
          description:
            'Only the browser holding the OAuth interaction cookie of that consent prompt gets it. Scopes are OAuth names; the page shows them in words.',
          query: consentRequestQuerySchema,
          responses: {
            200: { description: 'The consent request.', schema: consentRequestSchema },
            400: { description: 'A malformed interaction id.', codes: INPUT_REFUSALS[400] },
            404: {
              description:
                '`consent_request_not_found`: no such consent prompt in this browser (ended, or another one).',
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
    async (request, reply): Promise<ConsentRequest> => {
      const { interaction } = parseInput(consentRequestQuerySchema, request.query);
      return connectedApps.pending(request, reply, interaction);
    },
  );

  app.post(
    OAUTH_CONSENT_API_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit,
        docs: {
          summary: 'Answers a consent prompt: allow (remembered) or deny (access_denied)',
          tag: 'sign-in',
          caller: 'browser',
          description:
            'Allow records the consent (audited) and answers the URL that resumes the authorization, which then issues the code; deny answers the URL that returns `error=access_denied` to the application.',
          body: consentDecisionSchema,
          responses: {
            200: {
              description: 'Where the browser goes next.',
              schema: consentDecisionResponseSchema,
            },
            400: { description: 'A malformed body.', codes: INPUT_REFUSALS[400] },
            403: { description: 'The anti-forgery header is missing.', codes: XSRF_REFUSALS[403] },
            404: {
              description:
                '`consent_request_not_found`: no such consent prompt in this browser (ended, or another one).',
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
    async (request, reply): Promise<ConsentDecisionResponse> => {
      const { interaction, decision } = parseInput(consentDecisionSchema, request.body);
      return { redirectTo: await connectedApps.decide(request, reply, interaction, decision) };
    },
  );

  app.get(
    CONNECTED_APPS_API_PATH,
    {
      config: {
        docs: {
          summary: 'The applications the customer let use their sign-in (Connected apps)',
          tag: 'consents',
          caller: 'bearer',
          description: 'A customer’s token with the `banking` scope.',
          responses: {
            200: { description: 'The connected apps.', schema: connectedAppsResponseSchema },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
          },
        },
      },
    },
    async (request): Promise<ConnectedAppsResponse> => {
      const principal = await auth.requireCustomer(request);
      return { apps: await connectedApps.list(principal.userId) };
    },
  );

  app.delete(
    `${CONNECTED_APPS_API_PATH}/:clientId`,
    {
      config: {
        docs: {
          summary: 'Revokes a connected app: its consent, grants and tokens end at once',
          tag: 'consents',
          caller: 'bearer',
          description:
            'A customer’s token with the `banking` scope. Audited. The application’s access tokens answer 401 from then on, and its next sign-in asks the customer again.',
          params: { clientId: 'The application’s OAuth client id.' },
          responses: {
            204: 'Revoked.',
            400: { description: 'A malformed client id.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no banking scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
            404: {
              description: '`app_not_connected`: the customer has not connected this application.',
              codes: ['app_not_connected'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = await auth.requireCustomer(request);
      const { clientId } = parseInput(connectedAppParamsSchema, request.params);
      if (!(await connectedApps.revoke(principal.userId, clientId, request.ip))) {
        throw new DomainError('app_not_connected');
      }
      return reply.status(204).send();
    },
  );
}
