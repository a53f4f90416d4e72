import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiErrorCode } from '@anybank/contracts';
import { DomainError } from '../domain-error';

/**
 * The deepest nesting of arrays and objects a JSON body may have. No request of this bank
 * nests more than a few levels; the limit leaves room and stops bodies that exist only to
 * exhaust the stack of whatever walks them (docs/api-errors.md).
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, read in one loop (no
 * recursion, so no depth can overflow it). Brackets inside strings do not count; the text need
 * not be valid JSON: JSON.parse judges that afterwards.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(char) && depth > 0) {
      // Never below zero: stray closers first must not buy extra depth for the openers after.
      depth -= 1;
    }
  }
  return false;
}

/** The error code of a body nested deeper than MAX_JSON_DEPTH. */
export const BODY_TOO_DEEP_CODE = 'body_too_deep' satisfies ApiErrorCode;

/** 400 `body_too_deep` (its message names MAX_JSON_DEPTH's 32, json-body.test.ts checks). */
export function bodyTooDeepError(): DomainError {
  return new DomainError('body_too_deep');
}

type ParserDone = (error: Error | null, body?: unknown) => void;
type JsonParser = (request: FastifyRequest, body: string, done: ParserDone) => void;

/**
 * Every JSON content type the server reads goes through this: the nesting depth is checked on
 * the raw text before anything parses or walks it, then Fastify's own JSON parser (which refuses
 * `__proto__` and `constructor.prototype` keys) reads it. `application/json` is registered
 * here; the sign-in steps' vendor types use `depthCheckedJsonParser` too (flow.routes.ts).
 */
export function depthCheckedJsonParser(app: FastifyInstance): JsonParser {
  const parseJson = app.getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  return (request, body, done) => {
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      done(bodyTooDeepError());
      return;
    }
    parseJson(request, body, done);
  };
}

export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    depthCheckedJsonParser(app) as Parameters<FastifyInstance['addContentTypeParser']>[2],
  );
}
