import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONSENTS_API_PATH,
  SCOPES,
  consentSearchQuerySchema,
  createConsentRequestSchema,
  updateConsentRequestSchema,
  type Consent,
  type ConsentSearchResponse,
} from '@anybank/contracts';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validation';
import type { AccessRequirement, AuthGuards } from '../identity/oauth/access-token';
import type { ConsentService } from './consent.service';

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
  app.get(CONSENTS_API_PATH, async (request): Promise<ConsentSearchResponse> => {
    const principal = await deps.auth.requireUser(request, CUSTOMER_WITH_CONSENT_SCOPE);
    return deps.consents.search(
      principal.userId,
      parseInput(consentSearchQuerySchema, request.query),
    );
  });

  /** 201 with the new consent; 200 when the caller's consent of that definition is updated. */
  app.post(CONSENTS_API_PATH, async (request, reply) => {
    const principal = await deps.auth.requireUser(request, CUSTOMER_WITH_CONSENT_SCOPE);
    const body = parseInput(createConsentRequestSchema, request.body);
    const { created, consent } = await deps.consents.create(principal.userId, body, request.ip);
    if (created) {
      reply.header('location', `${request.url.split('?')[0] ?? ''}/${consent.id}`);
    }
    return reply.status(created ? 201 : 200).send(consent satisfies Consent);
  });

  app.patch(`${CONSENTS_API_PATH}/:consentId`, async (request): Promise<Consent> => {
    const principal = await deps.auth.requireUser(request, CUSTOMER_WITH_CONSENT_SCOPE);
    const { consentId } = parseInput(paramsSchema, request.params);
    const body = parseInput(updateConsentRequestSchema, request.body);
    const consent = await deps.consents.update(principal.userId, consentId, body, request.ip);
    // Someone else's consent answers exactly like one that does not exist.
    if (!consent) throw new HttpError(404, 'There is no such consent.');
    return consent;
  });
}
