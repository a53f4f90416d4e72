import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  RETAIL_SHOP_CLIENT_ID,
  credentialOfferRequestSchema,
  credentialOfferResponseSchema,
  issuedCredentialSchema,
  issuedCredentialsResponseSchema,
  payByBankMessages,
  trustedVerifiersResponseSchema,
  vcPaths,
} from '@anybank/contracts';
import { DomainError } from '../../domain-error';
import { STEP_UP_REFUSALS, USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';
import { INPUT_REFUSALS, parseInput } from '../../http/validation';
import type { AuthGuards, RecentAuthentication } from '../identity';
import type { CredentialOfferService } from './offer.service';
import { STATUS_LIST_ID, type CredentialStatusService } from './status.service';

const credentialParamsSchema = z.object({ credentialId: z.uuid() });
const statusListParamsSchema = z.object({ listId: z.string().max(16) });
const issuerKeysSchema = z.object({
  issuer: z.string(),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
});

/**
 * The bank's credential issuer beyond oidc-provider's endpoints (ADR 0027): the customer's
 * offers, list and Revoke (their token), and what any verifier reads without asking anyone:
 * the issuer's keys, the status list, and the verifiers the bank's wallet recognises.
 */
export function registerVerifiableCredentialRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthGuards;
    recentAuth: RecentAuthentication;
    offers: CredentialOfferService;
    status: CredentialStatusService;
    /** The shop's public key, which signs its presentation requests (ADR 0023's client key). */
    retailShopJwk: Record<string, unknown>;
  },
) {
  const { auth, offers, status } = deps;

  app.post(
    vcPaths.offers,
    {
      config: {
        docs: {
          summary: 'A credential offer for the phone’s wallet, its code sent to the customer',
          tag: 'wallet',
          caller: 'bearer',
          description:
            'OpenID4VCI 1.0 by value, with a pre-authorized code for the customer’s own credential and a 6-digit transaction code sent by SMS (or e-mail without a mobile number). Asks for a recent sign-in. Audited.',
          body: credentialOfferRequestSchema,
          responses: {
            201: { description: 'The offer.', schema: credentialOfferResponseSchema },
            400: { description: 'No such credential type.', codes: INPUT_REFUSALS[400] },
            401: {
              description: 'No valid token, or no recent sign-in.',
              codes: STEP_UP_REFUSALS[401],
            },
            403: { description: 'Not a customer.', codes: STEP_UP_REFUSALS[403] },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = await auth.requireCustomer(request);
      const { credentialType } = parseInput(credentialOfferRequestSchema, request.body);
      await deps.recentAuth.requireRecentAuthentication(principal);
      const offer = await offers.offer({
        userId: principal.userId,
        type: credentialType,
        ip: request.ip,
      });
      return reply.status(201).send(offer);
    },
  );

  app.get(
    vcPaths.credentials,
    {
      config: {
        docs: {
          summary: 'The credentials the customer added to a wallet, and whether each holds',
          tag: 'wallet',
          caller: 'bearer',
          responses: {
            200: { description: 'Newest first.', schema: issuedCredentialsResponseSchema },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer.', codes: USER_TOKEN_REFUSALS[403] },
          },
        },
      },
    },
    async (request) => {
      const principal = await auth.requireCustomer(request);
      return { credentials: await status.listOf(principal.userId) };
    },
  );

  app.post(
    vcPaths.revocation,
    {
      config: {
        docs: {
          summary: 'Revokes one of the customer’s credentials: its status entry says revoked',
          tag: 'wallet',
          caller: 'bearer',
          description: 'The next verifier to read the status list refuses the credential. Audited.',
          params: { credentialId: 'The credential’s id, from the list.' },
          responses: {
            200: { description: 'Revoked.', schema: issuedCredentialSchema },
            400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
            401: { description: 'No valid token.', codes: USER_TOKEN_REFUSALS[401] },
            403: { description: 'Not a customer.', codes: USER_TOKEN_REFUSALS[403] },
            404: {
              description: 'No such credential of this customer’s, or it is already revoked.',
              codes: ['credential_not_found'],
            },
          },
        },
      },
    },
    async (request) => {
      const principal = await auth.requireCustomer(request);
      const { credentialId } = parseInput(credentialParamsSchema, request.params);
      const revoked = await status.revoke({
        userId: principal.userId,
        credentialId,
        ip: request.ip,
      });
      if (!revoked) throw new DomainError('credential_not_found');
      return revoked;
    },
  );

  app.get(
    vcPaths.statusList,
    {
      config: {
        docs: {
          summary: 'The Token Status List every credential points into (`statuslist+jwt`)',
          tag: 'wallet',
          caller: 'anyone',
          description:
            'One bit per credential, 1 revoked, zlib-compressed; signed with the issuer key (`/.well-known/jwt-vc-issuer`). Cache for its `ttl`.',
          params: { listId: 'The list’s id (`1`).' },
          responses: {
            200: { description: 'The signed list.', type: 'application/statuslist+jwt' },
            400: { description: 'A malformed id.', codes: INPUT_REFUSALS[400] },
            404: { description: 'No such list.', codes: ['status_list_not_found'] },
          },
        },
      },
    },
    async (request, reply) => {
      const { listId } = parseInput(statusListParamsSchema, request.params);
      if (listId !== STATUS_LIST_ID) throw new DomainError('status_list_not_found');
      return reply
        .type('application/statuslist+jwt')
        .header('Cache-Control', 'no-cache')
        .send(await status.statusListToken());
    },
  );

  app.get(
    vcPaths.issuerKeys,
    {
      config: {
        docs: {
          summary: 'SD-JWT VC issuer metadata: the keys credentials are signed with',
          tag: 'wallet',
          caller: 'anyone',
          responses: { 200: { description: 'The issuer and its keys.', schema: issuerKeysSchema } },
        },
      },
    },
    async () => status.issuerKeys(),
  );

  app.get(
    vcPaths.verifiers,
    {
      config: {
        docs: {
          summary: 'The verifiers the bank’s wallet opens presentation requests from',
          tag: 'wallet',
          caller: 'anyone',
          description:
            'Each with the public keys its signed requests must verify with: a request from any other client id is not opened (ADR 0027).',
          responses: {
            200: { description: 'The verifiers.', schema: trustedVerifiersResponseSchema },
          },
        },
      },
    },
    async () => ({
      verifiers: [
        {
          clientId: RETAIL_SHOP_CLIENT_ID,
          name: payByBankMessages.merchantName,
          jwks: { keys: [deps.retailShopJwk] },
        },
      ],
    }),
  );
}
