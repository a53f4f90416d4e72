import type { JsonWebKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activatedPhoneSchema, pushRequestListSchema } from '@anybank/contracts';
import type { Config } from '../../../config';
import { DomainError } from '../../../domain-error';
import { signInRateLimit, RATE_LIMIT_REFUSALS } from '../../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../../http/xsrf';
import type { MobileActivationService } from './mobile.service';
import { isPublicP256Jwk } from './push.rules';
import type { PushService } from './push.service';

const username = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((value) => value.toLowerCase());
const startSchema = z.object({ username, password: z.string().min(1).max(256) });
const completeSchema = z.object({
  username,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Code must be 6 digits'),
  publicKey: z.custom<JsonWebKey>(isPublicP256Jwk, 'must be a P-256 public key (JWK)'),
});
const deviceParams = z.object({ deviceId: z.uuid() });
const requestParams = z.object({ requestId: z.uuid() });
const listingHeaders = z.object({
  'x-device-timestamp': z.coerce.number().int(),
  'x-device-signature': z.string().min(16).max(256),
});
const decisionSchema = z.object({
  deviceId: z.uuid(),
  decision: z.enum(['approve', 'deny']),
  signature: z.string().min(16).max(256),
});

/**
 * The bank's phone app (the `/mobile` simulator) talks to these: activation, its pending push
 * requests and its decisions. Everything after activation is signed with the phone's key.
 */
export function registerMobileRoutes(
  app: FastifyInstance,
  deps: { config: Config; activation: MobileActivationService; push: PushService },
) {
  const limits = { rateLimit: signInRateLimit(deps.config) };

  app.post(
    '/api/mobile/activation',
    {
      preHandler: requireXsrfHeader,
      config: {
        ...limits,
        docs: {
          summary:
            'Activates the phone app, step 1: the owner’s password; a code goes to their e-mail',
          tag: 'phone app',
          caller: 'xsrf',
          body: startSchema,
          responses: {
            202: 'The code is on its way.',
            400: { description: 'No username or password.', codes: INPUT_REFUSALS[400] },
            401: {
              description: 'The username or password is wrong.',
              codes: ['phone_wrong_credentials'],
            },
            403: { description: 'The anti-forgery header is missing.', codes: XSRF_REFUSALS[403] },
            423: {
              description: 'The password is locked after too many wrong ones.',
              codes: ['phone_locked_out'],
            },
            429: {
              description:
                'Too many attempts: from this address, or for this username (the risk check).',
              codes: [...RATE_LIMIT_REFUSALS[429], 'phone_sign_in_risk'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(startSchema, request.body);
      await deps.activation.start({ ...input, ip: request.ip });
      return reply.status(202).send({ message: 'We sent a code to your e-mail address.' });
    },
  );

  app.post(
    '/api/mobile/activation/confirm',
    {
      preHandler: requireXsrfHeader,
      config: {
        ...limits,
        docs: {
          summary: 'Activates the phone app, step 2: the e-mailed code and the phone’s public key',
          tag: 'phone app',
          caller: 'xsrf',
          body: completeSchema,
          responses: {
            201: {
              description: 'The phone is the customer’s push device now.',
              schema: activatedPhoneSchema,
            },
            400: {
              description: 'A malformed code or key, or a wrong code.',
              codes: [...INPUT_REFUSALS[400], 'phone_activation_code_invalid'],
            },
            403: { description: 'The anti-forgery header is missing.', codes: XSRF_REFUSALS[403] },
            409: {
              description:
                'The customer has the most sign-in devices already (`phone_device_limit`).',
              codes: ['phone_device_limit'],
            },
            429: {
              description: 'Too many attempts from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(completeSchema, request.body);
      return reply.status(201).send(await deps.activation.complete({ ...input, ip: request.ip }));
    },
  );

  app.get(
    '/api/mobile/devices/:deviceId/push-requests',
    {
      config: {
        ...limits,
        docs: {
          summary: 'The push requests waiting for this phone, asked with its signature',
          tag: 'phone app',
          caller: 'anyone',
          description:
            'Signed by the phone: `x-device-timestamp` (ms) and `x-device-signature` (ES256 over the device id and timestamp) headers.',
          params: { deviceId: 'The push device the activation made.' },
          responses: {
            200: {
              description: 'The pending requests, newest first.',
              schema: pushRequestListSchema,
            },
            400: { description: 'A malformed device id or headers.', codes: INPUT_REFUSALS[400] },
            401: {
              description: 'The signature is not this device’s, or too old.',
              codes: ['phone_not_activated'],
            },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request) => {
      const { deviceId } = parseInput(deviceParams, request.params);
      const headers = parseInput(listingHeaders, request.headers);
      const pending = await deps.push.listForDevice({
        deviceId,
        timestampMs: headers['x-device-timestamp'],
        signature: headers['x-device-signature'],
      });
      if (!pending) throw new DomainError('phone_not_activated');
      return {
        requests: pending.map((row) => ({
          id: row.id,
          kind: row.kind,
          context: row.context,
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/mobile/push-requests/:requestId/decision',
    {
      preHandler: requireXsrfHeader,
      config: {
        ...limits,
        docs: {
          summary: 'Approves or denies a push request, signed by the phone it was sent to',
          tag: 'phone app',
          caller: 'xsrf',
          params: { requestId: 'The push request.' },
          body: decisionSchema,
          responses: {
            204: 'Decided: the sign-in, transfer or help-desk call waiting on it goes on.',
            400: { description: 'A malformed body.', codes: INPUT_REFUSALS[400] },
            403: {
              description: 'Not signed by the phone the request was sent to.',
              codes: [...XSRF_REFUSALS[403], 'push_request_not_yours'],
            },
            404: { description: 'No such request.', codes: ['push_request_not_found'] },
            409: { description: 'Already answered, or expired.', codes: ['push_request_answered'] },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { requestId } = parseInput(requestParams, request.params);
      const input = parseInput(decisionSchema, request.body);
      switch (await deps.push.decide({ requestId, ...input })) {
        case 'decided':
          return reply.status(204).send();
        case 'not_found':
          throw new DomainError('push_request_not_found');
        case 'refused':
          throw new DomainError('push_request_not_yours');
        case 'already_decided':
          throw new DomainError('push_request_answered');
      }
    },
  );
}
