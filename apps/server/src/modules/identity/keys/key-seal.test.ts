import { describe, expect, it } from 'vitest';
import { createKeySeal, KeySealError } from './key-seal';

const KEK = 'a-key-encryption-key-of-this-test-only-0123';

describe('stored secrets sealed with KEY_ENCRYPTION_KEY', () => {
  it('opens what it sealed, and never stores the value in the clear', () => {
    const seal = createKeySeal(KEK);
    const stored = seal.seal('the-secret-value', 'secret:signing-secret');
    expect(stored).not.toContain('the-secret-value');
    expect(seal.open(stored, 'secret:signing-secret')).toBe('the-secret-value');
  });

  it('refuses a sealed value moved to another row, altered, or opened with another key', () => {
    const seal = createKeySeal(KEK);
    const stored = seal.seal('the-secret-value', 'secret:signing-secret');
    expect(() => seal.open(stored, 'secret:session-secret')).toThrow(KeySealError);
    const altered = `${stored.slice(0, -2)}${stored.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => seal.open(altered, 'secret:signing-secret')).toThrow(KeySealError);
    expect(() => createKeySeal(`${KEK}-other`).open(stored, 'secret:signing-secret')).toThrow(
      /does not open with this KEY_ENCRYPTION_KEY/,
    );
    expect(() => createKeySeal(null).open(stored, 'secret:signing-secret')).toThrow(
      /set KEY_ENCRYPTION_KEY/,
    );
  });

  it('keeps values as they are without a key, and says so in their form', () => {
    const seal = createKeySeal(null);
    expect(seal.sealing).toBe(false);
    expect(seal.seal('value', 'secret:api-key')).toBe('plain.value');
    expect(seal.open('plain.value', 'secret:api-key')).toBe('value');
  });
});
