import { describe, expect, it } from 'vitest';
import { bodyTooDeepError, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body';

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('nestsDeeperThan', () => {
  it.each([
    { text: '{}', limit: 1, deeper: false },
    { text: '{"a":[1]}', limit: 1, deeper: true },
    { text: '{"a":[1]}', limit: 2, deeper: false },
    { text: '"just a string"', limit: 0, deeper: false },
    { text: '{"a":"[[[[[[[[[["}', limit: 1, deeper: false },
    { text: '{"a":"\\"[[[["}', limit: 1, deeper: false },
    { text: '{"a":"\\\\"}', limit: 1, deeper: false },
    { text: '[{}, {}, [{}]]', limit: 3, deeper: false },
    { text: '[{}, {}, [{}]]', limit: 2, deeper: true },
    { text: `]]]]${arrays(3)}`, limit: 2, deeper: true },
    { text: arrays(MAX_JSON_DEPTH), limit: MAX_JSON_DEPTH, deeper: false },
    { text: arrays(MAX_JSON_DEPTH + 1), limit: MAX_JSON_DEPTH, deeper: true },
  ])('answers $deeper for $text within $limit levels', ({ text, limit, deeper }) => {
    expect(nestsDeeperThan(text, limit)).toBe(deeper);
  });

  it('reads a body of a million nested arrays without overflowing the stack', () => {
    expect(nestsDeeperThan(arrays(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('bodyTooDeepError', () => {
  it('names the nesting limit the parser applies', () => {
    expect(bodyTooDeepError().message).toContain(`at most ${MAX_JSON_DEPTH} levels`);
  });
});
