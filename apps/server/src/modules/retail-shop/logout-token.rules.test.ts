import { describe, expect, it } from 'vitest';
import { BACKCHANNEL_LOGOUT_EVENT, checkLogoutClaims } from './logout-token.rules';

const valid = {
  iss: 'https://bank.example',
  aud: 'retail-shop',
  iat: 1_700_000_000,
  exp: 1_700_000_120,
  jti: 'jti-1',
  sub: 'user-1',
  sid: 'sid-1',
  events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
};

describe('a logout token’s claims (Back-Channel Logout 1.0 §2.4, §2.6)', () => {
  it('names the bank’s session and user, its id and expiry', () => {
    expect(checkLogoutClaims(valid)).toEqual({
      ok: true,
      subject: { sub: 'user-1', sid: 'sid-1', jti: 'jti-1', exp: 1_700_000_120 },
    });
    expect(checkLogoutClaims({ ...valid, sub: undefined })).toMatchObject({
      ok: true,
      subject: { sub: null },
    });
  });

  it.each([
    ['no events', { events: undefined }, 'no back-channel logout event'],
    ['another event', { events: { 'https://example/other': {} } }, 'no back-channel logout event'],
    [
      'the event not an object',
      { events: { [BACKCHANNEL_LOGOUT_EVENT]: 'yes' } },
      'no back-channel logout event',
    ],
    ['a nonce (an ID token)', { nonce: 'n' }, 'a nonce (an ID token, not a logout token)'],
    ['no jti', { jti: undefined }, 'no jti'],
    ['an empty jti', { jti: '' }, 'no jti'],
    ['no exp', { exp: undefined }, 'no exp'],
    ['a sub not a string', { sub: 42 }, 'a malformed sub'],
    ['no sid (the shop requires one)', { sid: undefined }, 'no sid'],
  ])('refuses %s', (_name, change, reason) => {
    expect(checkLogoutClaims({ ...valid, ...change } as never)).toEqual({ ok: false, reason });
  });
});
