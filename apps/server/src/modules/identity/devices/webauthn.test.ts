import { describe, expect, it } from 'vitest';
import { counterWentBack } from './webauthn';

describe('the signature counter of an authenticator', () => {
  it.each([
    // [stored, received, went back]
    [0, 0, false], // an authenticator that keeps no counter
    [0, 1, false],
    [5, 6, false],
    [5, 5, true], // standing still: two authenticators share the key
    [5, 4, true],
    [5, 0, true], // a counter that was kept is never dropped
    [0, 2 ** 32 - 1, false],
  ])('stored %i, then %i: went back is %s', (stored, received, wentBack) => {
    expect(counterWentBack(stored, received)).toBe(wentBack);
  });
});
