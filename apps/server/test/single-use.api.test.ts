import { createHash, randomUUID, type webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  SignJWT,
  calculateJwkThumbprint,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS_SCOPE,
  API_AUDIENCE,
  BANK_CLIENT,
  OAUTH_PATHS,
  PAYMENTS_API_PATH,
  PAYMENTS_SCOPE,
  PAYMENT_CONSENTS_API_PATH,
  RETAIL_SHOP_CLIENT_ID,
  RETAIL_SHOP_COMPANY,
  obTransactionsPath,
  type PaymentConsent,
} from '@anybank/contracts';
import { auditEvents } from '../src/db/schema';
import { loadClientKeyPair } from '../src/modules/identity/keys/client-key';
import { customerToken, userIdOf } from './banking-server';
import {
  balancesOf,
  createConsent,
  janeAuthorisedPayment,
  shopTokenWithProofs,
  startPayByBankServer,
  type Shop,
} from './pay-by-bank';
import { discoverAs, openAuthorization, refusal, signInAt, signInOpened } from './relying-party';
import { SignInDriver, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { DATABASE_KINDS, type TestDatabase } from './test-database';

const JANE = { username: 'jane.doe', email: 'jane.doe@example.com' };
const USER_TYPE_CLAIM = `${testConfig().productId}UserType`;
/** How many requests carry the same one-time value at once. */
const PARALLEL = 40;

const countOf = (statuses: number[], status: number) =>
  statuses.filter((value) => value === status).length;

/** A DPoP key pair of the test's own, and proofs of it (RFC 9449 §4.2). */
async function dpopKey() {
  const keys = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(keys.publicKey);
  return {
    jkt: await calculateJwkThumbprint(jwk),
    proof: async (claims: { htm: string; htu: string; ath?: string }) =>
      new SignJWT({ ...claims, jti: randomUUID() })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setIssuedAt()
        .sign(keys.privateKey),
  };
}

/**
 * Single-use values at the OAuth server and its resource server, and the one access-token check
 * (docs/security.md, "Pay by bank"): what parallel requests race for, on both engines, since
 * PGlite runs one statement at a time and PostgreSQL runs them side by side.
 */
describe.each(DATABASE_KINDS)('single-use values and one token check on %s', (kind) => {
  const merchant = RETAIL_SHOP_COMPANY.accountId;
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let shop: Shop;
  let janeChecking: string;
  let stop: () => Promise<void>;
  let bankSite: oidc.Configuration;

  beforeAll(async () => {
    ({ test, server, origin, shop, janeChecking, stop } = await startPayByBankServer(kind));
    bankSite = await discoverAs(origin, BANK_CLIENT.clientId);
  });
  afterAll(() => stop());

  /** A consent jane authorised from her checking, and the shop's DPoP-bound token for it. */
  async function authorisedPayment(): Promise<{ consent: PaymentConsent; token: string }> {
    const { consent, tokens } = await janeAuthorisedPayment(shop, janeChecking, 4210);
    return { consent, token: tokens.access_token };
  }

  /** An access token signed with the server's real key (as if it had leaked), bound to `jkt`. */
  async function boundToken(claims: Record<string, unknown>, jkt: string): Promise<string> {
    const key = server.services.keys.signingKeys.signingKey();
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iat: now, exp: now + 600, ...claims, cnf: { jkt } })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key.kid })
      .setIssuer(origin)
      .setAudience(API_AUDIENCE)
      .sign(await importJWK(key, 'ES256'));
  }

  async function refusedTokens(since: number) {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'token.refused'));
    return rows.filter((row) => row.id > since);
  }
  async function lastAuditId(): Promise<number> {
    const rows = await test.handle.db.select({ id: auditEvents.id }).from(auditEvents);
    return Math.max(0, ...rows.map((row) => row.id));
  }

  it('refuses on every DPoP route a DPoP-bound token whose grant is another account’s or another client’s, and audits it', async () => {
    const { consent, token } = await authorisedPayment();
    const janes = decodeJwt(token);
    const johnId = await userIdOf(test, 'john.smith');
    const janeAtTheBankSite = decodeJwt(await customerToken(origin, 'jane.doe'));
    const key = await dpopKey();
    const { jkt } = key;
    const genuine = {
      sub: janes.sub,
      gid: janes.gid,
      client_id: RETAIL_SHOP_CLIENT_ID,
      scope: janes.scope,
      authorization_details: janes.authorization_details,
      [USER_TYPE_CLAIM]: 'customer',
    };
    const forged: [string, Record<string, unknown>][] = [
      ['another account than its grant’s', { ...genuine, sub: johnId }],
      ['another client than its grant’s', { ...genuine, client_id: BANK_CLIENT.clientId }],
      ['the grant of another client', { ...genuine, gid: janeAtTheBankSite.gid }],
      [
        'an application token with a scope its client may not hold',
        {
          client_id: BANK_CLIENT.clientId,
          scope: `${PAYMENTS_SCOPE} ${ACCOUNTS_SCOPE}`,
        },
      ],
    ];
    const routes: [method: string, path: string, body?: unknown][] = [
      [
        'POST',
        PAYMENT_CONSENTS_API_PATH,
        { amountCents: 100, currency: 'USD', payeeAccountId: merchant, reference: 'X' },
      ],
      ['GET', `${PAYMENT_CONSENTS_API_PATH}/${consent.consentId}`],
      [
        'POST',
        PAYMENTS_API_PATH,
        {
          consentId: consent.consentId,
          amountCents: 4210,
          currency: 'USD',
          payeeAccountId: merchant,
        },
      ],
      ['GET', obTransactionsPath(merchant)],
    ];
    const call = async (bearer: string, [method, path, body]: (typeof routes)[number]) => {
      const response = await fetch(new URL(path, origin), {
        method,
        headers: {
          authorization: `DPoP ${bearer}`,
          dpop: await key.proof({
            htm: method,
            htu: `${origin}${path}`,
            ath: createHash('sha256').update(bearer).digest('base64url'),
          }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { code?: string } };
    };

    const before = await balancesOf(test, janeChecking, merchant);
    const since = await lastAuditId();
    for (const [name, claims] of forged) {
      const bound = await boundToken(claims, jkt);
      for (const route of routes) {
        expect({ name, route: route[1], ...(await call(bound, route)) }).toMatchObject({
          status: 401,
          body: { code: 'session_ended' },
        });
      }
    }
    const refused = await refusedTokens(since);
    expect(refused.map((row) => (row.details as { problem?: string }).problem).sort()).toEqual(
      [
        ...Array<string>(routes.length).fill('subject'),
        ...Array<string>(routes.length * 2).fill('client'),
        ...Array<string>(routes.length).fill('scope'),
      ].sort(),
    );
    expect(await balancesOf(test, janeChecking, merchant)).toEqual(before);

    // The same making with the token's true claims passes: the refusals above are the grant's.
    const paid = await call(await boundToken(genuine, jkt), routes[2] as (typeof routes)[number]);
    expect(paid.status).toBe(201);
  });

  it('accepts a DPoP proof once when forty requests replay it at once', async () => {
    const consent = await createConsent(shop, merchant, 4210);
    const { token, proof } = await shopTokenWithProofs(test, origin, PAYMENTS_SCOPE);
    const path = `${PAYMENT_CONSENTS_API_PATH}/${consent.consentId}`;
    const sameProof = await proof('GET', path);
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        fetch(new URL(path, origin), {
          headers: { authorization: `DPoP ${token}`, dpop: sameProof },
        }).then((response) => response.status),
      ),
    );
    expect(countOf(statuses, 200)).toBe(1);
    expect(countOf(statuses, 401)).toBe(PARALLEL - 1);
  });

  /** The shop's token request (client credentials) with its own client assertion and proof. */
  async function shopTokenRequest(assertion: string, dpopProof: string) {
    return fetch(new URL(OAUTH_PATHS.token, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: dpopProof },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: PAYMENTS_SCOPE,
        client_id: RETAIL_SHOP_CLIENT_ID,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }),
    });
  }

  async function clientAssertion(): Promise<string> {
    const key = await loadClientKeyPair(
      test.handle.db,
      testConfig().keyEncryptionKey,
      RETAIL_SHOP_CLIENT_ID,
    );
    const privateKey = (await importJWK(key.privateJwk as JWK, 'ES256')) as webcrypto.CryptoKey;
    return new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: key.privateJwk.kid })
      .setIssuer(RETAIL_SHOP_CLIENT_ID)
      .setSubject(RETAIL_SHOP_CLIENT_ID)
      .setAudience(origin)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
  }

  it('issues one token when forty token requests replay one client assertion, or one DPoP proof, at once', async () => {
    const key = await dpopKey();
    const htu = `${origin}${OAUTH_PATHS.token}`;
    const assertion = await clientAssertion();
    const sameAssertion = await Promise.all(
      Array.from(
        { length: PARALLEL },
        async () =>
          (await shopTokenRequest(assertion, await key.proof({ htm: 'POST', htu }))).status,
      ),
    );
    expect(countOf(sameAssertion, 200)).toBe(1);
    expect(countOf(sameAssertion, 401)).toBe(PARALLEL - 1);

    const proof = await key.proof({ htm: 'POST', htu });
    const sameProof = await Promise.all(
      Array.from(
        { length: PARALLEL },
        async () => (await shopTokenRequest(await clientAssertion(), proof)).status,
      ),
    );
    expect(countOf(sameProof, 200)).toBe(1);
    expect(countOf(sameProof, 400)).toBe(PARALLEL - 1);
  });

  it('lets one browser use a pushed request_uri: another browser, and the same one again, are refused while it signs in', async () => {
    const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
    const expectedState = oidc.randomState();
    const owner = new SignInDriver(origin);
    const url = await oidc.buildAuthorizationUrlWithPAR(bankSite, {
      redirect_uri: owner.redirectUri,
      scope: BANK_CLIENT.scopes.join(' '),
      code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
      code_challenge_method: 'S256',
      state: expectedState,
    });
    await openAuthorization(owner, url);

    const other = new SignInDriver(origin);
    for (const browser of [other.browser, owner.browser]) {
      // The refusal goes back to the client (its one redirect URI), with no login modal.
      const again = await browser.fetch(url.pathname + url.search);
      const answer = new URL(again.headers.get('location') ?? '', origin);
      expect(`${answer.origin}${answer.pathname}`).toBe(owner.redirectUri);
      expect(answer.searchParams.get('error')).toBe('invalid_request_uri');
      expect(answer.searchParams.get('code')).toBeNull();
    }

    const callback = await signInOpened(owner, JANE);
    const tokens = await oidc.authorizationCodeGrant(bankSite, callback, {
      pkceCodeVerifier,
      expectedState,
    });
    expect(decodeJwt(tokens.access_token).aud).toBe(API_AUDIENCE);
  });

  /** jane signs in to the bank site through openid-client; answers the callback and its checks. */
  async function janesCode() {
    const driver = new SignInDriver(origin);
    const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
    const expectedState = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(bankSite, {
      redirect_uri: driver.redirectUri,
      scope: BANK_CLIENT.scopes.join(' '),
      code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
      code_challenge_method: 'S256',
      state: expectedState,
    });
    const callback = await signInAt(driver, url, JANE);
    return { callback, checks: { pkceCodeVerifier, expectedState } };
  }

  const me = (accessToken: string) =>
    fetch(new URL('/api/me', origin), { headers: { authorization: `Bearer ${accessToken}` } });

  it('spends a code on an exchange refused for a wrong PKCE verifier: the right verifier after it is refused', async () => {
    const { callback, checks } = await janesCode();
    const wrong = await refusal(
      oidc.authorizationCodeGrant(bankSite, callback, {
        ...checks,
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
      }),
    );
    expect(wrong).toMatchObject({ error: 'invalid_grant', status: 400 });
    const right = await refusal(oidc.authorizationCodeGrant(bankSite, callback, checks));
    expect(right).toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('issues tokens once for a code redeemed forty times at once, and revokes them as for any reused code', async () => {
    const { callback, checks } = await janesCode();
    const code = callback.searchParams.get('code') ?? '';
    const redemptions = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        fetch(new URL(OAUTH_PATHS.token, origin), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            code_verifier: checks.pkceCodeVerifier,
            redirect_uri: `${callback.origin}${callback.pathname}`,
            client_id: BANK_CLIENT.clientId,
          }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { access_token?: string; error?: string },
        })),
      ),
    );
    const issued = redemptions.filter((answer) => answer.status === 200);
    expect(issued).toHaveLength(1);
    expect(redemptions.filter((answer) => answer.body.error === 'invalid_grant')).toHaveLength(
      PARALLEL - 1,
    );
    // RFC 6749 §4.1.2: a code used more than once may be a stolen one; its tokens are revoked.
    expect((await me(issued[0]?.body.access_token ?? '')).status).toBe(401);
  });
});
