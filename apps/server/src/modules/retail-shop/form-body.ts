import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain-error';

/**
 * The shop's two form posts (the wallet's `direct_post`, the bank's back-channel logout token):
 * the bank's API reads JSON only, so a form is read in the scope of the route that takes it.
 */

export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const FORM_BODY_LIMIT = 64 * 1024;

/** A form body as one value per name; a name given twice is refused (400 invalid_input). */
export function parseForm(body: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(form, name)) throw new DomainError('invalid_input');
    form[name] = value;
  }
  return form;
}

/** Lets the routes of `scope` (and only them) take a form of at most FORM_BODY_LIMIT bytes. */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    FORM_TYPE,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseForm(String(body)));
      } catch (error) {
        done(error as Error);
      }
    },
  );
}
