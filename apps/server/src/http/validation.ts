import type { z } from 'zod';
import { HttpError } from './errors';

/** Parses request input with a contracts schema; bad input is a 400 that names each field. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || undefined,
    message: issue.message,
  }));
  const summary = details.map((detail) =>
    detail.field ? `${detail.field}: ${detail.message}` : detail.message,
  );
  throw new HttpError(400, `Please check your input. ${summary.join('; ')}.`, details);
}
