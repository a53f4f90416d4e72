import { describe, expect, it } from 'vitest';
import { keyRingAt, lastTokenExpiryOf, nextGeneration, sameKeyIds } from './keys.rules';

const MINUTE = 60_000;
const LIFETIME = 30 * MINUTE;
const T0 = new Date('2026-11-26T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const key = (generation: number, createdMinutes: number) => ({
  generation,
  kid: `kid-${generation}`,
  createdAt: at(createdMinutes),
});

describe('which keys sign, are published and are dropped', () => {
  it('has no ring before the first key', () => {
    expect(keyRingAt([], T0, LIFETIME)).toBeNull();
  });

  it.each([
    // [keys (generation, created minute), now (minute), signing, published, expired]
    ['one key signs and is published', [[1, 0]], 0, 1, [1], []],
    [
      'a rotation: the new key signs, the old one is still published',
      [
        [1, 0],
        [2, 10],
      ],
      10,
      2,
      [2, 1],
      [],
    ],
    [
      'a minute before the old key’s last token expires',
      [
        [1, 0],
        [2, 10],
      ],
      39,
      2,
      [2, 1],
      [],
    ],
    [
      'once the old key’s last token has expired',
      [
        [1, 0],
        [2, 10],
      ],
      40,
      2,
      [2],
      [1],
    ],
    [
      'two quick rotations keep both older keys',
      [
        [1, 0],
        [2, 10],
        [3, 20],
      ],
      35,
      3,
      [3, 2, 1],
      [],
    ],
    [
      'each older key ends with its own successor',
      [
        [1, 0],
        [2, 10],
        [3, 20],
      ],
      45,
      3,
      [3, 2],
      [1],
    ],
    [
      'the order of the rows does not matter',
      [
        [2, 10],
        [1, 0],
      ],
      12,
      2,
      [2, 1],
      [],
    ],
  ] as const)('%s', (_case, keys, now, signing, published, expired) => {
    const ring = keyRingAt(
      keys.map(([generation, created]) => key(generation, created)),
      at(now),
      LIFETIME,
    );
    expect(ring?.signing.generation).toBe(signing);
    expect(ring?.published.map((k) => k.generation)).toEqual(published);
    expect(ring?.expired.map((k) => k.generation)).toEqual(expired);
  });

  it('keeps an old key published a full token lifetime after its successor appeared', () => {
    expect(lastTokenExpiryOf(key(1, 0), key(2, 10), LIFETIME)).toEqual(at(40));
  });

  it('numbers the first key 1 and each rotation one more than the highest', () => {
    expect(nextGeneration([])).toBe(1);
    expect(nextGeneration([key(3, 0), key(1, 0)])).toBe(4);
  });

  it('tells when the published keys changed', () => {
    expect(sameKeyIds([key(2, 1), key(1, 0)], [key(2, 1), key(1, 0)])).toBe(true);
    expect(sameKeyIds([key(2, 1), key(1, 0)], [key(2, 1)])).toBe(false);
    expect(sameKeyIds([key(1, 0)], [key(2, 1)])).toBe(false);
  });
});
