import type { z } from 'zod';
import { HttpError } from './errors';

const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain the NUL character';

/**
 * Where the input holds U+0000, in a value or a key: PostgreSQL's text and jsonb cannot store
 * it, so such input would fail deep inside a query instead of being refused here. No field of
 * this bank has a use for it.
 */
function nulPaths(input: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof input === 'string') {
    if (input.includes(NUL)) found.push(path.join('.'));
  } else if (Array.isArray(input)) {
    input.forEach((item, index) => nulPaths(item, [...path, String(index)], found));
  } else if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (key.includes(NUL)) found.push([...path, key.replaceAll(NUL, '\\0')].join('.'));
      nulPaths(value, [...path, key], found);
    }
  }
  return found;
}

function refusal(details: { field?: string; message: string }[]): HttpError {
  const summary = details.map((detail) =>
    detail.field ? `${detail.field}: ${detail.message}` : detail.message,
  );
  return new HttpError(400, `Please check your input. ${summary.join('; ')}.`, details);
}

/** Parses request input with a contracts schema; bad input is a 400 that names each field. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const withNul = nulPaths(input);
  if (withNul.length > 0) {
    throw refusal(withNul.map((field) => ({ field: field || undefined, message: NUL_MESSAGE })));
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw refusal(
    parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || undefined,
      message: issue.message,
    })),
  );
}
