import { describe, expect, it } from 'vitest';
import { oauthErrorText, withSafeOauthErrorTexts } from './oauth-error.rules';

const RFC_6749_TEXT = /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/;

describe('OAuth error texts (RFC 6749 §5.2)', () => {
  it.each([
    [
      'origin " not allowed for client: anybank-web',
      "origin ' not allowed for client: anybank-web",
    ],
    ['a back\\slash', 'a back/slash'],
    ['a new\nline and é', 'a new?line and ?'],
    ['plain words stay as they are', 'plain words stay as they are'],
  ])('turns %j into %j', (text, safe) => {
    expect(oauthErrorText(text)).toBe(safe);
    expect(oauthErrorText(text)).toMatch(RFC_6749_TEXT);
  });

  it('makes only the error members of an error body safe, and leaves other bodies alone', () => {
    expect(
      withSafeOauthErrorTexts({
        error: 'invalid_request',
        error_description: 'origin " x',
        state: '"',
      }),
    ).toEqual({ error: 'invalid_request', error_description: "origin ' x", state: '"' });
    expect(withSafeOauthErrorTexts({ access_token: 'a"b' })).toEqual({ access_token: 'a"b' });
    expect(withSafeOauthErrorTexts('text')).toBe('text');
  });
});
