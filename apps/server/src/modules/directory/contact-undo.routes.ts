import type { FastifyInstance } from 'fastify';
import {
  CONTACT_UNDO_PATH,
  XSRF_HEADER,
  contactUndoRequestSchema,
  contactUndoResponseSchema,
} from '@anybank/contracts';
import type { Config } from '../../config';
import { signInRateLimit, RATE_LIMIT_REFUSALS } from '../../http/rate-limits';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import { requireXsrfHeader, XSRF_REFUSALS } from '../../http/xsrf';
import type { ContactUndoService } from './contact-undo.service';

/**
 * `POST /api/contact-changes/undo`: the previous address's "This wasn't me" link. No token:
 * whoever holds the link's single-use token (sent only to the previous address or number) may
 * undo the change; the page of the link posts it with the anti-forgery header.
 */
export function registerContactUndoRoutes(
  app: FastifyInstance,
  deps: { config: Config; undo: ContactUndoService },
) {
  app.post(
    CONTACT_UNDO_PATH,
    {
      preHandler: requireXsrfHeader,
      config: {
        rateLimit: signInRateLimit(deps.config),
        docs: {
          summary: '"This wasn\'t me": undoes a change of e-mail address or mobile number',
          tag: 'directory',
          caller: 'xsrf',
          description:
            `Needs the ${XSRF_HEADER} header and the token of the link sent to the previous address ` +
            'or number when the change was confirmed (single use, 24 hours). Puts the previous one ' +
            'back as the contact detail and sign-in device, removes the new one, and ends every ' +
            'session of the account.',
          body: contactUndoRequestSchema,
          responses: {
            200: { description: 'Undone.', schema: contactUndoResponseSchema },
            400: {
              description:
                'A token that is not one of ours in shape, or a body that is not the schema’s.',
              codes: INPUT_REFUSALS[400],
            },
            403: { description: 'The anti-forgery header is missing.', codes: XSRF_REFUSALS[403] },
            410: {
              description:
                'The link was used already, has expired, or never was (`contact_undo_link_invalid`).',
              codes: ['contact_undo_link_invalid'],
            },
            415: { description: 'A body that is not JSON.', codes: ['unsupported_media_type'] },
            429: {
              description: 'Too many calls from this address.',
              codes: RATE_LIMIT_REFUSALS[429],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { token } = parseInput(contactUndoRequestSchema, request.body ?? {});
      reply.header('Cache-Control', 'no-store');
      return deps.undo.undo(token, request.ip);
    },
  );
}
