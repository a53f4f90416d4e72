import type { FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_HEADER, apiErrorMessage } from '@anybank/contracts';
import { DomainError } from '../domain-error';
import type { RefusalCodes } from './openapi';

/**
 * The anti-forgery check of every state-changing sign-in call. A cross-site form cannot add a
 * custom header, and a cross-site script that tries needs a CORS preflight the bank never
 * grants: its presence proves the call comes from the bank's own pages.
 */
export async function requireXsrfHeader(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  if (!request.headers[XSRF_HEADER.toLowerCase()]) {
    throw new DomainError('xsrf_header_missing', {
      message: apiErrorMessage('xsrf_header_missing', XSRF_HEADER),
    });
  }
}

/** What a route behind `requireXsrfHeader` answers without the header (http/openapi.ts `RefusalCodes`). */
export const XSRF_REFUSALS = { 403: ['xsrf_header_missing'] } as const satisfies RefusalCodes;
