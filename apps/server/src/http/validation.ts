import type { z } from 'zod';
import { DomainError, type FieldProblem } from '../domain-error';
import type { RefusalCodes } from './openapi';

const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain the NUL character';

/**
 * Where the input holds U+0000, in a value or a key: PostgreSQL's text and jsonb cannot store
 * it, so such input would fail deep inside a query instead of being refused here. No field of
 * this bank has a use for it. Walked with a stack of its own, not by recursion: however deep
 * the input nests, this cannot overflow the call stack (bodies are also limited to
 * MAX_JSON_DEPTH levels before they are parsed, http/json-body.ts).
 */
function nulPaths(input: unknown): string[] {
  const found: string[] = [];
  const pending: { value: unknown; at: PathStep | null }[] = [{ value: input, at: null }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, at } = next;
    if (typeof value === 'string') {
      if (value.includes(NUL)) found.push(pathOf(at));
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        pending.push({ value: value[index], at: { key: String(index), parent: at } });
      }
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        if (key.includes(NUL)) found.push(pathOf({ key: key.replaceAll(NUL, '\\0'), parent: at }));
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] ?? ['', undefined];
        pending.push({ value: item, at: { key, parent: at } });
      }
    }
  }
  return found;
}

/** One step of a path, pointing at its parent: shared, so a deep walk copies no paths. */
interface PathStep {
  key: string;
  parent: PathStep | null;
}

function pathOf(step: PathStep | null): string {
  const keys: string[] = [];
  for (let at = step; at !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** 400 `invalid_input`: the message names each problem, `details` lists them by field. */
function refusal(details: FieldProblem[]): DomainError {
  const summary = details.map((detail) =>
    detail.field ? `${detail.field}: ${detail.message}` : detail.message,
  );
  return new DomainError('invalid_input', {
    message: `Please check your input. ${summary.join('; ')}.`,
    details,
  });
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

/** What a route whose input `parseInput` checks answers for it (http/openapi.ts `RefusalCodes`). */
export const INPUT_REFUSALS = { 400: ['invalid_input'] } as const satisfies RefusalCodes;
