import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONSENTS_API_PATH,
  SCOPES,
  consentSchema,
  consentSearchQuerySchema,
  consentSearchResponseSchema,
  createConsentRequestSchema,
  updateConsentRequestSchema,
  type Consent,
  type ConsentSearchResponse,
} from '@anybank/contracts';
import { DomainError } from '../../domain-error';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AccessRequirement, AuthGuards } from '../identity';
import type { ConsentService } from './consent.service';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

/** Document 2 §6: a customer's consent pages use a token with the consent scope. */
const CUSTOMER_WITH_CONSENT_SCOPE: AccessRequirement = {
  userTypes: ['customer'],
  scopes: [SCOPES.consent],
};

const paramsSchema = z.object({ consentId: z.string().min(1).max(64) });

/**
 * The consent API (document 2 §7): search, create and update the caller's own consents.
 * A thin adapter: the consent service decides.
 */
export function registerConsentRoutes(
  app: FastifyInstance,
  deps: { auth: AuthGuards; consents: ConsentService },
) {
  app.get(
    CONSENTS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Searches the customer’s own consents (document 2 §7)',
          tag: 'consents',
          caller: 'bearer',
          description: 'A customer’s token with the `consent` scope.',
          query: consentSearchQuerySchema,
          responses: {
            200: { description: 'The consents.', schema: consentSearchResponseSchema },
            400: { description: 'A malformed query.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no consent scope.',
              codes: [...USER_TOKEN_REFUSALS[403], 'consent_not_yours'],
            },
          },
        },
      },
    },
    async (request): Promise<ConsentSearchResponse> => {
      const principal = await deps.auth.requireUser(request, CUSTOMER_WITH_CONSENT_SCOPE);
      return deps.consents.search(
        principal.userId,
        parseInput(consentSearchQuerySchema, request.query),
      );
    },
  );

  /** 201 with the new consent; 200 when the caller's consent of that definition is updated. */
  app.post(
    CONSENTS_API_PATH,
    {
      config: {
        docs: {
          summary: 'Gives a consent, or updates the customer’s consent of that definition',
          tag: 'consents',
          caller: 'bearer',
          description: 'A customer’s token with the `consent` scope. Audited.',
          body: createConsentRequestSchema,
          responses: {
            200: { description: 'The existing consent, updated.', schema: consentSchema },
            201: { description: 'The new consent; `Location` names it.', schema: consentSchema },
            400: {
              description: 'A body the consent API refuses.',
              codes: [...INPUT_REFUSALS[400], 'consent_foreign_accounts'],
            },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no consent scope.',
              codes: [...USER_TOKEN_REFUSALS[403], 'consent_not_yours'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = await deps.auth.requireUser(request, CUSTOMER_WITH_CONSENT_SCOPE);
      const body = parseInput(createConsentRequestSchema, request.body);
      const { created, consent } = await deps.consents.create(principal.userId, body, request.ip);
      if (created) {
        reply.header('location', `${request.url.split('?')[0] ?? ''}/${consent.id}`);
      }
      return reply.status(created ? 201 : 200).send(consent satisfies Consent);
    },
  );

  app.patch(
    `${CONSENTS_API_PATH}/:consentId`,
    {
      config: {
        docs: {
          summary: 'Changes one of the customer’s consents (status, data)',
          tag: 'consents',
          caller: 'bearer',
          description: 'A customer’s token with the `consent` scope. Audited.',
          params: { consentId: 'The consent.' },
          body: updateConsentRequestSchema,
          responses: {
            200: { description: 'The consent as it is now.', schema: consentSchema },
            400: {
              description: 'A body the consent API refuses.',
              codes: [...INPUT_REFUSALS[400], 'consent_foreign_accounts'],
            },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: {
              description: 'Not a customer, or no consent scope.',
              codes: USER_TOKEN_REFUSALS[403],
            },
            404: {
              description: 'No such consent of this customer (someone else’s answers the same).',
              codes: ['consent_not_found'],
            },
          },
        },
      },
    },
    async (request): Promise<Consent> => {
      const principal = await deps.auth.requireUser(request, CUSTOMER_WITH_CONSENT_SCOPE);
      const { consentId } = parseInput(paramsSchema, request.params);
      const body = parseInput(updateConsentRequestSchema, request.body);
      const consent = await deps.consents.update(principal.userId, consentId, body, request.ip);
      // Someone else's consent answers exactly like one that does not exist.
      if (!consent) throw new DomainError('consent_not_found');
      return consent;
    },
  );
}
