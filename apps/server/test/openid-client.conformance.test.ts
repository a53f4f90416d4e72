import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AUDIENCE, BANK_CLIENT, OAUTH_PATHS } from '@anybank/contracts';
import { startBankingServer } from './banking-server';
import { arriveAtRedirectUri, discoverAs, refusal, signInAt } from './relying-party';
import { SignInDriver, type Server } from './sign-in-driver';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';

/**
 * openid-client (panva), an independent OpenID Connect implementation, as the bank site's
 * relying party: it reads the discovery document, builds the requests and validates every
 * answer (state, RFC 9207 `iss`, PKCE, the ID token's signature and claims) by its own rules.
 */

const JANE = { username: 'jane.doe', email: 'jane.doe@example.com' };

/** What a relying party keeps between sending the person away and their return. */
interface PendingSignIn {
  url: URL;
  checks: { pkceCodeVerifier: string; expectedState: string; expectedNonce: string };
}

async function authorizationRequest(
  config: oidc.Configuration,
  redirectUri: string,
  parameters: Record<string, string> = {},
): Promise<PendingSignIn> {
  const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
  const expectedState = oidc.randomState();
  const expectedNonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: BANK_CLIENT.scopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: 'S256',
    state: expectedState,
    nonce: expectedNonce,
    ...parameters,
  });
  return { url, checks: { pkceCodeVerifier, expectedState, expectedNonce } };
}

/** The sign-out page's form, confirmed as its script does (it adds logout=yes and submits). */
async function confirmSignOut(driver: SignInDriver, page: Response): Promise<string | null> {
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const confirmed = await driver.browser.fetch(new URL(action, driver.origin).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }),
  });
  return confirmed.headers.get('location');
}

// One database (API_DATABASES): OpenID conformance over HTTP.
describe.each(API_DATABASES)(
  'openid-client as the relying party of the bank site on %s',
  (kind) => {
    let test: TestDatabase;
    let server: Server;
    let origin: string;
    let config: oidc.Configuration;
    beforeAll(async () => {
      test = await createTestDatabase(kind, { seeded: true });
      ({ server, origin } = await startBankingServer(test));
      config = await discoverAs(origin, BANK_CLIENT.clientId);
    });
    afterAll(async () => {
      await server.app.close();
      await test.drop();
    });

    const me = (accessToken: string) =>
      fetch(new URL('/api/me', origin), { headers: { authorization: `Bearer ${accessToken}` } });

    it('discovers the server: its issuer, the code flow and PKCE S256 only, ES256 ID tokens, and no refresh tokens', () => {
      const metadata = config.serverMetadata();
      expect(metadata.issuer).toBe(origin);
      expect(metadata.authorization_endpoint).toBe(`${origin}${OAUTH_PATHS.authorization}`);
      expect(metadata.token_endpoint).toBe(`${origin}${OAUTH_PATHS.token}`);
      expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
      // No implicit or hybrid flow: tokens never travel in a front-channel URL.
      expect(metadata.response_types_supported).toEqual(['code']);
      expect(metadata.id_token_signing_alg_values_supported).toEqual(['ES256']);
      expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
      expect(metadata.grant_types_supported).not.toContain('refresh_token');
      expect(metadata.scopes_supported).not.toContain('offline_access');
    });

    it('answers at every endpoint its discovery document names', async () => {
      const endpoints = Object.entries(config.serverMetadata()).filter(
        (entry): entry is [string, string] =>
          /_(endpoint|uri)$/.test(entry[0]) && typeof entry[1] === 'string',
      );
      expect(endpoints.map(([name]) => name)).toEqual(
        expect.arrayContaining(['jwks_uri', 'userinfo_endpoint', 'end_session_endpoint']),
      );
      // Each asked the way a client would (without credentials): refused, but never missing.
      const postOnly =
        /^(token|revocation|pushed_authorization_request|backchannel_authentication)_/;
      for (const [name, url] of endpoints) {
        expect(new URL(url).origin, name).toBe(origin);
        const answer = await fetch(url, {
          redirect: 'manual',
          ...(postOnly.test(name)
            ? {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: '',
              }
            : {}),
        });
        expect(answer.status, `${name} ${url}`).not.toBe(404);
      }
    });

    it('signs jane.doe in with code + PKCE through the login modal; her ID token validates', async () => {
      const driver = new SignInDriver(origin);
      const pending = await authorizationRequest(config, driver.redirectUri);
      const callback = await signInAt(driver, pending.url, JANE);
      expect(callback.searchParams.get('iss')).toBe(origin);

      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        ...pending.checks,
        idTokenExpected: true,
      });
      expect(tokens.claims()).toMatchObject({
        iss: origin,
        aud: BANK_CLIENT.clientId,
        nonce: pending.checks.expectedNonce,
        given_name: 'Jane',
      });
      // The bank's API scopes make the access token a JWT for the APIs, not for userinfo.
      expect(tokens.scope?.split(' ').sort()).toEqual(['banking', 'consent']);
      expect(tokens.refresh_token).toBeUndefined();
      expect((await me(tokens.access_token)).status).toBe(200);
      const userinfo = await refusal(
        oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub ?? ''),
      );
      expect(userinfo).toMatchObject({ status: 401, code: 'OAUTH_WWW_AUTHENTICATE_CHALLENGE' });
    });

    it('answers userinfo for a sign-in that asks for identity only, and issues no refresh token for offline_access', async () => {
      const driver = new SignInDriver(origin);
      const pending = await authorizationRequest(config, driver.redirectUri, {
        scope: 'openid profile email offline_access',
      });
      const tokens = await oidc.authorizationCodeGrant(
        config,
        await signInAt(driver, pending.url, JANE),
        { ...pending.checks, idTokenExpected: true },
      );
      // A bank's sign-in ends with its session (8 hours at most, or sign-out): no token outlives it.
      expect(tokens.refresh_token).toBeUndefined();
      expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
      const subject = tokens.claims()?.sub ?? '';
      expect(await oidc.fetchUserInfo(config, tokens.access_token, subject)).toEqual({
        sub: subject,
        given_name: 'Jane',
        family_name: 'Doe',
        name: 'Jane Doe',
        email: JANE.email,
      });
      // That token is for userinfo alone: the bank's APIs take only their own JWTs.
      expect((await me(tokens.access_token)).status).toBe(401);
    });

    it('signs in through a pushed authorization request (PAR)', async () => {
      const driver = new SignInDriver(origin);
      const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
      const expectedState = oidc.randomState();
      const url = await oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: driver.redirectUri,
        scope: BANK_CLIENT.scopes.join(' '),
        code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
        code_challenge_method: 'S256',
        state: expectedState,
      });
      expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
      const tokens = await oidc.authorizationCodeGrant(config, await signInAt(driver, url, JANE), {
        pkceCodeVerifier,
        expectedState,
      });
      expect(decodeJwt(tokens.access_token).aud).toBe(API_AUDIENCE);
    });

    it('refuses a code with the wrong PKCE verifier', async () => {
      const driver = new SignInDriver(origin);
      const pending = await authorizationRequest(config, driver.redirectUri);
      const callback = await signInAt(driver, pending.url, JANE);
      const wrong = await refusal(
        oidc.authorizationCodeGrant(config, callback, {
          ...pending.checks,
          pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        }),
      );
      expect(wrong).toMatchObject({ error: 'invalid_grant', status: 400 });
    });

    it('refuses a code used twice, and revokes the tokens its first use issued', async () => {
      const driver = new SignInDriver(origin);
      const pending = await authorizationRequest(config, driver.redirectUri);
      const callback = await signInAt(driver, pending.url, JANE);
      const first = await oidc.authorizationCodeGrant(config, callback, pending.checks);
      expect((await me(first.access_token)).status).toBe(200);

      const again = await refusal(oidc.authorizationCodeGrant(config, callback, pending.checks));
      expect(again).toMatchObject({ error: 'invalid_grant', status: 400 });
      // A replayed code may be a stolen one: the grant behind it ends (RFC 6749 §4.1.2).
      expect((await me(first.access_token)).status).toBe(401);
    });

    it('refuses a code exchanged for another redirect URI, and never sends a code to an unregistered one', async () => {
      const driver = new SignInDriver(origin);
      const pending = await authorizationRequest(config, driver.redirectUri);
      const callback = await signInAt(driver, pending.url, JANE);
      const elsewhere = new URL(callback);
      elsewhere.pathname = '/somewhere-else';
      const refused = await refusal(oidc.authorizationCodeGrant(config, elsewhere, pending.checks));
      expect(refused).toMatchObject({ error: 'invalid_grant', status: 400 });

      const foreign = await authorizationRequest(config, 'https://attacker.example/callback');
      const answer = await driver.browser.fetch(foreign.url.pathname + foreign.url.search);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      expect(await answer.text()).toContain('redirect_uri');
    });

    it('signs out through the end-session URL it builds; then prompt=none answers login_required', async () => {
      const driver = new SignInDriver(origin);
      const pending = await authorizationRequest(config, driver.redirectUri);
      const tokens = await oidc.authorizationCodeGrant(
        config,
        await signInAt(driver, pending.url, JANE),
        { ...pending.checks, idTokenExpected: true },
      );

      // Signed in, the browser gets a code without seeing the login modal (single sign-on).
      const silent = await authorizationRequest(config, driver.redirectUri, { prompt: 'none' });
      const silentCallback = await arriveAtRedirectUri(
        driver.browser,
        silent.url,
        driver.redirectUri,
      );
      expect(silentCallback.searchParams.get('code')).toBeTruthy();

      const state = oidc.randomState();
      const endSession = oidc.buildEndSessionUrl(config, {
        id_token_hint: tokens.id_token ?? '',
        post_logout_redirect_uri: `${origin}/`,
        state,
      });
      const page = await driver.browser.fetch(endSession.pathname + endSession.search);
      expect(page.status).toBe(200);
      const back = new URL((await confirmSignOut(driver, page)) ?? '', origin);
      expect(`${back.origin}${back.pathname}`).toBe(`${origin}/`);
      expect(back.searchParams.get('state')).toBe(state);
      expect((await me(tokens.access_token)).status).toBe(401);

      const after = await authorizationRequest(config, driver.redirectUri, { prompt: 'none' });
      const afterCallback = await arriveAtRedirectUri(
        driver.browser,
        after.url,
        driver.redirectUri,
      );
      const loginRequired = await refusal(
        oidc.authorizationCodeGrant(config, afterCallback, after.checks),
      );
      expect(loginRequired).toMatchObject({ error: 'login_required' });
    });
  },
);
