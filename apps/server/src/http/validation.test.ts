import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../domain-error';
import { statusOfError } from './error-status';
import { parseInput } from './validation';

const schema = z.object({ name: z.string().max(10), tags: z.record(z.string(), z.unknown()) });

function refusalOf(input: unknown): DomainError {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the input was accepted');
}

describe('parseInput', () => {
  it('answers the parsed input when it fits the schema', () => {
    expect(parseInput(schema, { name: 'Ava', tags: { a: 1 } })).toEqual({
      name: 'Ava',
      tags: { a: 1 },
    });
  });

  it('refuses with 400 and one detail per field that does not fit', () => {
    const refusal = refusalOf({ name: 'far too long a name', tags: 'none' });
    expect(statusOfError(refusal.code)).toBe(400);
    expect(refusal.details.map((detail) => detail.field)).toEqual(['name', 'tags']);
    expect(refusal.message).toMatch(/^Please check your input\. name: .+; tags: .+\.$/);
  });

  it('refuses text holding the NUL character, which PostgreSQL cannot store, naming where', () => {
    const refusal = refusalOf({ name: 'a\u0000b', tags: { nested: ['ok', 'x\u0000'] } });
    expect(statusOfError(refusal.code)).toBe(400);
    expect(refusal.details).toEqual([
      { field: 'name', message: 'must not contain the NUL character' },
      { field: 'tags.nested.1', message: 'must not contain the NUL character' },
    ]);
  });

  it('refuses a NUL character in a key, not only in a value', () => {
    const refusal = refusalOf({ name: 'Ava', tags: { 'a\u0000': 1 } });
    expect(refusal.details).toEqual([
      { field: 'tags.a\\0', message: 'must not contain the NUL character' },
    ]);
  });

  it('refuses a bare string holding NUL without naming a field', () => {
    const refusal = (() => {
      try {
        parseInput(z.string(), '\u0000');
      } catch (error) {
        return error as DomainError;
      }
      throw new Error('the input was accepted');
    })();
    expect(refusal.details).toEqual([{ message: 'must not contain the NUL character' }]);
  });

  it('walks input nested 100,000 levels deep without overflowing the stack, still finding NUL', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const refusal = (() => {
      try {
        parseInput(z.unknown(), deep);
      } catch (error) {
        return error as Error;
      }
      throw new Error('the input was accepted');
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).details[0]?.field).toBe(Array(100_000).fill('0').join('.'));
  });
});
