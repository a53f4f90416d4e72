import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiErrorMessage,
  PICKUP_INSTANCE_HEADER,
  PICKUP_PATH,
  PICKUP_REFERENCE_TYPES,
  PICKUP_REFERENCE_TTL_MS,
  pickupResponseSchema,
} from '@anybank/contracts';
import type { Config } from '../../../config';
import { DomainError } from '../../../domain-error';
import { signInRateLimit, RATE_LIMIT_REFUSALS } from '../../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../../http/xsrf';
import type { PickupService } from './pickup.service';

const BINDING_COOKIE = 'anybank_pickup';

const returnQuerySchema = z.object({
  code: z.string().min(1).max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(128).optional(),
  error_description: z.string().max(1024).optional(),
});
const pickupQuerySchema = z.object({ REF: z.string().min(16).max(128) });

/**
 * The bank site's OAuth return (`/ext/ref/return`): the code goes on to the SPA together with
 * a one-time pickup reference bound to this browser by an HttpOnly cookie, and
 * `POST /ext/ref/pickup?REF=` hands over the signed-in user's attributes once (§3.8).
 */
export function registerPickupRoutes(
  app: FastifyInstance,
  deps: { config: Config; pickup: PickupService },
) {
  const { config, pickup } = deps;
  const cookiePath = `${config.basePath}/ext/ref`;
  const secure = config.publicUrl.startsWith('https://');

  app.get(
    '/ext/ref/return',
    {
      config: {
        docs: {
          summary: 'The bank site’s OAuth return: hands the code and a pickup reference to the SPA',
          tag: 'sign-in',
          caller: 'anyone',
          query: returnQuerySchema,
          responses: {
            303: 'To the SPA, with `REF`, `refType` and `code` (or `error`) in the query; a cookie binds the reference to this browser. A reference is issued once per code, only while the code is unused and only to the browser whose sign-in it came from; otherwise `error=pickup_failed`.',
            400: { description: 'A query parameter is too long.', codes: INPUT_REFUSALS[400] },
          },
        },
      },
    },
    async (request, reply) => {
      // The redirect carries the code and a reference: no cache may keep it.
      reply.header('Cache-Control', 'no-store');
      const query = parseInput(returnQuerySchema, request.query);
      const home = new URL(`${config.publicUrl}${config.basePath}/`);
      if (query.state) home.searchParams.set('state', query.state);
      if (query.error || !query.code) {
        home.searchParams.set('error', query.error ?? 'invalid_request');
        if (query.error_description)
          home.searchParams.set('error_description', query.error_description);
        return reply.redirect(home.pathname + home.search, 303);
      }
      try {
        const issued = await pickup.issueForCode(query.code, { req: request.raw, res: reply.raw });
        reply.setCookie(BINDING_COOKIE, issued.binding, {
          path: cookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: PICKUP_REFERENCE_TTL_MS / 1000,
        });
        home.searchParams.set('REF', issued.ref);
        home.searchParams.set('refType', issued.referenceType);
        home.searchParams.set('code', query.code);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'pickup_failed')) throw error;
        home.searchParams.set('error', 'pickup_failed');
      }
      return reply.redirect(home.pathname + home.search, 303);
    },
  );

  app.post(
    PICKUP_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit: signInRateLimit(config),
        docs: {
          summary:
            'Hands over the signed-in user’s attributes, once, to the browser the reference is bound to (document 1 §3.8)',
          tag: 'sign-in',
          caller: 'xsrf',
          description: `Needs the \`${PICKUP_INSTANCE_HEADER}\` header (${PICKUP_REFERENCE_TYPES.join(', ')}) and the HttpOnly cookie set by /ext/ref/return.`,
          query: pickupQuerySchema,
          responses: {
            200: { description: 'The user’s attributes.', schema: pickupResponseSchema },
            400: {
              description: 'No reference, or a wrong instance header.',
              codes: [...INPUT_REFUSALS[400], 'pickup_instance_header'],
            },
            401: {
              description:
                'The reference belongs to another browser (`pickup_other_browser`), or is unknown, used or expired (`pickup_reference_invalid`).',
              codes: ['pickup_other_browser', 'pickup_reference_invalid'],
            },
            403: { description: 'The anti-forgery header is missing.', codes: XSRF_REFUSALS[403] },
            429: {
              description: 'Too many sign-in calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply) => {
      // The answer is the user's personal data: no cache, shared or the browser's, keeps it.
      reply.header('Cache-Control', 'no-store');
      const { REF } = parseInput(pickupQuerySchema, request.query);
      const referenceType = request.headers[PICKUP_INSTANCE_HEADER.toLowerCase()];
      if (
        typeof referenceType !== 'string' ||
        !(PICKUP_REFERENCE_TYPES as readonly string[]).includes(referenceType)
      ) {
        throw new DomainError('pickup_instance_header', {
          message: apiErrorMessage(
            'pickup_instance_header',
            PICKUP_INSTANCE_HEADER,
            PICKUP_REFERENCE_TYPES.join(', '),
          ),
        });
      }
      const binding = request.cookies[BINDING_COOKIE];
      if (!binding) throw new DomainError('pickup_other_browser');
      const attributes = await pickup.pickup({ ref: REF, binding, referenceType });
      reply.clearCookie(BINDING_COOKIE, { path: cookiePath });
      return attributes;
    },
  );
}
