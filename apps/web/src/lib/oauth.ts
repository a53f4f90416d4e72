import { OAUTH_PATHS, PKCE_STATE_LENGTH, PKCE_VERIFIER_LENGTH } from '@anybank/contracts';
import type { BrowserClient, PublicConfig } from '@anybank/contracts';
import { siteUrl, withBasePath } from './public-config';
import { sha256 } from './sha256';

/**
 * The browser side of OAuth 2.0 authorization code + PKCE (RFC 7636): random strings, the S256
 * challenge, the authorization URL, the token request, and reading an access token's payload.
 * DOM-free: it runs the same in the browser and in the unit tests.
 */

/** RFC 3986 unreserved characters: the code verifier's alphabet (RFC 7636 §4.1). */
export const UNRESERVED_CHARACTERS =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

type RandomBytes = (count: number) => Uint8Array;

const cryptoRandomBytes: RandomBytes = (count) => crypto.getRandomValues(new Uint8Array(count));

/**
 * A random string of `length` characters from `alphabet`. Bytes that would favour the first
 * characters (the remainder of 256 / alphabet size) are thrown away, so every character is
 * equally likely.
 */
export function randomString(
  length: number,
  alphabet: string = UNRESERVED_CHARACTERS,
  randomBytes: RandomBytes = cryptoRandomBytes,
): string {
  const limit = 256 - (256 % alphabet.length);
  let result = '';
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && result.length < length) result += alphabet[byte % alphabet.length];
    }
  }
  return result;
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function base64UrlDecode(text: string): Uint8Array {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** base64url(SHA-256(verifier)), with Web Crypto where the browser offers it. */
export async function codeChallenge(verifier: string): Promise<string> {
  const bytes = new TextEncoder().encode(verifier);
  const subtle = globalThis.crypto?.subtle;
  const digest = subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes)) : sha256(bytes);
  return base64UrlEncode(digest);
}

export interface Pkce {
  state: string;
  verifier: string;
  challenge: string;
}

export async function createPkce(randomBytes: RandomBytes = cryptoRandomBytes): Promise<Pkce> {
  const state = randomString(PKCE_STATE_LENGTH, UNRESERVED_CHARACTERS, randomBytes);
  const verifier = randomString(PKCE_VERIFIER_LENGTH, UNRESERVED_CHARACTERS, randomBytes);
  return { state, verifier, challenge: await codeChallenge(verifier) };
}

type SiteConfig = Pick<PublicConfig, 'publicUrl' | 'basePath'>;

/** Where the authorization server sends the browser back for this client. */
export function redirectUriFor(client: BrowserClient, config: SiteConfig): string {
  return `${siteUrl(config)}${client.returnPath}`;
}

/** The authorization request the browser navigates to (same origin, under the base path). */
export function authorizationUrl(
  config: SiteConfig,
  client: BrowserClient,
  pkce: Pick<Pkce, 'state' | 'challenge'>,
  /** The authentication context to ask for (`acr_values`): a verified identity, or none. */
  acr: string | null = null,
): string {
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUriFor(client, config),
    response_type: 'code',
    scope: client.scopes.join(' '),
    state: pkce.state,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  });
  if (acr) query.set('acr_values', acr);
  return `${withBasePath(config.basePath, OAUTH_PATHS.authorization)}?${query.toString()}`;
}

export interface CodeExchange {
  code: string;
  redirectUri: string;
  verifier: string;
  clientId: string;
}

/** The form of the token request (a public client: no secret, the verifier proves the caller). */
export function tokenRequestBody(exchange: CodeExchange): URLSearchParams {
  return new URLSearchParams({
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
    code_verifier: exchange.verifier,
    client_id: exchange.clientId,
  });
}

/**
 * Exchanges the code for an access token. Document 1 §8: a failed token fetch is only logged,
 * never shown, so this answers null instead of throwing.
 */
export async function exchangeCode(
  fetchFn: typeof fetch,
  basePath: string,
  exchange: CodeExchange,
): Promise<string | null> {
  try {
    const response = await fetchFn(withBasePath(basePath, OAUTH_PATHS.token), {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: tokenRequestBody(exchange).toString(),
    });
    const body: unknown = await response.json().catch(() => null);
    const token =
      typeof body === 'object' && body !== null && 'access_token' in body
        ? body.access_token
        : null;
    if (response.ok && typeof token === 'string' && token !== '') return token;
    console.warn(`Token request answered ${response.status} without an access token`, body);
  } catch (error) {
    console.warn('Token request failed', error);
  }
  return null;
}

/**
 * The claims of a JWT's payload, read without verification: the browser only displays them,
 * and the server verifies the token on every use. Null when it is not a JWT.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[1])));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
