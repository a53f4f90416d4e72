import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { BANK_CLIENT, PARTNER_CLIENTS } from '@anybank/contracts';
import {
  UNRESERVED_CHARACTERS,
  authorizationUrl,
  base64UrlEncode,
  codeChallenge,
  createPkce,
  decodeJwtPayload,
  exchangeCode,
  randomString,
  redirectUriFor,
  tokenRequestBody,
} from './oauth';
import { sha256 } from './sha256';

const config = { publicUrl: 'https://bank.example', basePath: '/bank' };

describe('PKCE', () => {
  it('makes a 20-character state and a 128-character verifier from the unreserved set', async () => {
    const pkce = await createPkce();
    expect(pkce.state).toHaveLength(20);
    expect(pkce.verifier).toHaveLength(128);
    expect(pkce.verifier).toMatch(/^[A-Za-z0-9._~-]{128}$/);
    expect(pkce.state).toMatch(/^[A-Za-z0-9._~-]{20}$/);
    expect(pkce.challenge).toBe(await codeChallenge(pkce.verifier));
  });

  it('does not repeat itself', async () => {
    const [first, second] = await Promise.all([createPkce(), createPkce()]);
    expect(first.verifier).not.toBe(second.verifier);
    expect(first.state).not.toBe(second.state);
  });

  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('falls back to its own SHA-256 where Web Crypto is missing, with the same result', () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'y'.repeat(64), randomString(128)]) {
      const bytes = new TextEncoder().encode(text);
      expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
    }
  });

  it('draws every character of the alphabet without favouring the first ones', () => {
    // Bytes 0…255 in turn: each of the 66 characters appears the same number of times.
    let next = 0;
    const counter = (count: number) => Uint8Array.from({ length: count }, () => next++ % 256);
    const text = randomString(66 * 30, UNRESERVED_CHARACTERS, counter);
    const counts = new Map<string, number>();
    for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(66);
    expect(new Set(counts.values()).size).toBe(1);
  });

  it('encodes base64url without padding', () => {
    expect(base64UrlEncode(Uint8Array.from([251, 255, 191]))).toBe('-_-_');
    expect(base64UrlEncode(Uint8Array.from([1]))).toBe('AQ');
  });
});

describe('authorization request', () => {
  it('asks for a code with PKCE S256, under the base path', () => {
    const url = new URL(
      authorizationUrl(config, BANK_CLIENT, { state: 's'.repeat(20), challenge: 'ch' }),
      'https://bank.example',
    );
    expect(url.pathname).toBe('/bank/as/authorization.oauth2');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'anybank-web',
      redirect_uri: 'https://bank.example/bank/ext/ref/return',
      response_type: 'code',
      scope: 'openid profile banking consent',
      state: 's'.repeat(20),
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });

  it("returns partners to their portal's route", () => {
    expect(redirectUriFor(PARTNER_CLIENTS.AnyWealthAdvisor, config)).toBe(
      'https://bank.example/bank/app/advisor',
    );
    expect(redirectUriFor(BANK_CLIENT, { publicUrl: 'http://localhost:8080', basePath: '' })).toBe(
      'http://localhost:8080/ext/ref/return',
    );
  });
});

describe('token request', () => {
  const exchange = {
    code: 'the-code',
    redirectUri: 'https://bank.example/bank/app/advisor',
    verifier: 'v'.repeat(128),
    clientId: 'anywealthadvisor-portal',
  };

  it('sends the code, redirect URI, verifier and client id as a form', () => {
    expect(Object.fromEntries(tokenRequestBody(exchange))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.verifier,
      client_id: 'anywealthadvisor-portal',
    });
  });

  it('posts to the token endpoint under the base path and reads access_token', async () => {
    const fetchFn = vi.fn(async () => Response.json({ access_token: 'at', token_type: 'Bearer' }));
    await expect(exchangeCode(fetchFn, '/bank', exchange)).resolves.toBe('at');
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/bank/as/token.oauth2');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
  });

  it('only logs a failed token request (§8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = vi.fn(async () => Response.json({ error: 'invalid_grant' }, { status: 400 }));
    await expect(exchangeCode(refused, '', exchange)).resolves.toBeNull();
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(exchangeCode(offline, '', exchange)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('access token payload', () => {
  const jwt = (payload: unknown) =>
    [
      base64UrlEncode(new TextEncoder().encode('{"alg":"ES256"}')),
      base64UrlEncode(new TextEncoder().encode(JSON.stringify(payload))),
      'signature',
    ].join('.');

  it('reads the claims, including non-ASCII names', () => {
    expect(
      decodeJwtPayload(jwt({ sub: 'u1', FirstName: 'Zoë', anybankUserType: 'AnyMarketing' })),
    ).toEqual({ sub: 'u1', FirstName: 'Zoë', anybankUserType: 'AnyMarketing' });
  });

  it('answers null for what is not a JWT with an object payload', () => {
    expect(decodeJwtPayload('opaque-token')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
    expect(decodeJwtPayload(jwt([1, 2]))).toBeNull();
  });
});
