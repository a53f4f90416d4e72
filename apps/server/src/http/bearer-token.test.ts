import { describe, expect, it } from 'vitest';
import { apiKeyMatches, bearerTokenOf } from './bearer-token';

describe('a secret presented in a header', () => {
  it('accepts only the exact API key', () => {
    expect(apiKeyMatches('demo-api-key-change-me', 'demo-api-key-change-me')).toBe(true);
    expect(apiKeyMatches('demo-api-key-change-me', 'demo-api-key-change-mE')).toBe(false);
    expect(apiKeyMatches('demo-api-key-change-me', 'demo')).toBe(false);
    expect(apiKeyMatches('demo-api-key-change-me', '')).toBe(false);
    expect(apiKeyMatches('demo-api-key-change-me', undefined)).toBe(false);
  });

  it('reads a bearer token and nothing else', () => {
    expect(bearerTokenOf('Bearer abc.def-ghi_jkl')).toBe('abc.def-ghi_jkl');
    expect(bearerTokenOf('Basic abc')).toBeNull();
    expect(bearerTokenOf('Bearer ')).toBeNull();
    expect(bearerTokenOf(undefined)).toBeNull();
  });
});
