import { createECDH, createHash, createHmac, hkdfSync } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_AUDIENCE,
  BALANCES_API_PATH,
  BANK_CLIENT,
  CLIENT_BALANCES_API_PATH,
  OAUTH_PATHS,
  PARTNER_CLIENTS,
  SCOPES,
} from '@anybank/contracts';
import { buildServer } from '../src/app';
import { auditEvents } from '../src/db/schema';
import { SERVICE_CLIENT_ID } from '../src/modules/identity/oauth/oauth.clients';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { applicationToken, partnerToken } from './partner-tokens';
import type { Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, API_DATABASES, type TestDatabase } from './test-database';
import { webBuildWithIndex } from './web-build';

/**
 * ADR 0017. Before it, SIGNING_SECRET and SESSION_SECRET defaulted to strings written in this
 * repository, and the ES256 key was derived from SIGNING_SECRET by a published HKDF recipe: anyone
 * could sign a token for any user. These are those strings and that recipe, kept here only.
 */
const STRINGS_ONCE_IN_THE_REPOSITORY = [
  'demo-signing-secret-change-me-0123456789',
  'demo-session-secret-change-me-0123456789',
  'demo-api-key-change-me',
];
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
function oldDerivedSigningJwk(secret: string): JWK & { kid: string } {
  for (let counter = 0; ; counter += 1) {
    const candidate = Buffer.from(
      hkdfSync('sha256', secret, 'anybank-oidc', `es256-signing-key-${counter}`, 32),
    );
    const scalar = BigInt(`0x${candidate.toString('hex')}`);
    if (scalar === 0n || scalar >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(candidate);
    const publicKey = ecdh.getPublicKey();
    return {
      kty: 'EC',
      crv: 'P-256',
      x: publicKey.subarray(1, 33).toString('base64url'),
      y: publicKey.subarray(33, 65).toString('base64url'),
      d: candidate.toString('base64url'),
      kid: createHash('sha256').update(publicKey).digest('base64url').slice(0, 16),
    };
  }
}
function oldDerivedClientSecret(secret: string, clientId: string): string {
  return createHmac('sha256', secret).update(`client-secret:${clientId}`).digest('base64url');
}

const config = testConfig();
const USER_TYPE_CLAIM = `${config.productId}UserType`;

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** An access token as the bank's provider writes one, signed with `jwk`, with these claims. */
async function signAccessToken(
  origin: string,
  jwk: JWK & { kid: string },
  claims: Record<string, unknown>,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 600, ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid })
    .setIssuer(origin)
    .setAudience(API_AUDIENCE)
    .sign(await importJWK(jwk, 'ES256'));
}

async function publishedKids(origin: string): Promise<string[]> {
  const body = (await (await fetch(new URL(OAUTH_PATHS.jwks, origin))).json()) as {
    keys: { kid: string }[];
  };
  return body.keys.map((key) => key.kid);
}

// One database (API_DATABASES): token signatures; no SQL of its own.
describe.each(API_DATABASES)('no token can be forged on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let janeToken: string;
  let janeId: string;
  let johnId: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    janeToken = await customerToken(origin, 'jane.doe');
    janeId = await userIdOf(test, 'jane.doe');
    johnId = await userIdOf(test, 'john.smith');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  /** The issue's attack: john's id as subject, jane's live grant, a customer's scopes. */
  function customerClaims(overrides: Record<string, unknown> = {}) {
    const jane = claimsOf(janeToken);
    return {
      sub: johnId,
      gid: jane.gid,
      client_id: BANK_CLIENT.clientId,
      scope: `openid profile ${SCOPES.banking}`,
      [USER_TYPE_CLAIM]: 'customer',
      ...overrides,
    };
  }
  const advisorClaims = () =>
    customerClaims({
      client_id: PARTNER_CLIENTS.AnyWealthAdvisor.clientId,
      scope: `openid ${SCOPES.consentAdmin} ${SCOPES.directory} ${SCOPES.consent}`,
      [USER_TYPE_CLAIM]: 'AnyWealthAdvisor',
    });
  const balances = (token: string) => apiClient(origin, token)(BALANCES_API_PATH);
  const advisorBalances = (token: string) =>
    apiClient(origin, token)(`${CLIENT_BALANCES_API_PATH}?subject=${johnId}`);

  async function refusals(since: number) {
    return test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'token.refused')))
      .then((rows) => rows.filter((row) => row.id > since));
  }
  async function lastAuditId(): Promise<number> {
    const rows = await test.handle.db.select({ id: auditEvents.id }).from(auditEvents);
    return Math.max(0, ...rows.map((row) => row.id));
  }

  it('publishes a key of its own, not one derived from any string the repository held', async () => {
    const published = await publishedKids(origin);
    expect(published).toHaveLength(1);
    for (const text of STRINGS_ONCE_IN_THE_REPOSITORY) {
      expect(published).not.toContain(oldDerivedSigningJwk(text).kid);
    }
  });

  it('publishes only the public half of its key, and serves its pages without any secret', async () => {
    const jwks = (await (await fetch(new URL(OAUTH_PATHS.jwks, origin))).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.every((key) => !('d' in key))).toBe(true);
    // The SPA's page carries the public configuration; build one server with a page to look.
    const distDir = await webBuildWithIndex('<!doctype html><html><head></head></html>');
    const withPage = await buildServer({ config, database: test.handle, webDistDir: distDir });
    try {
      const page = await withPage.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      const { secrets, signingKeys } = withPage.services.keys;
      for (const value of [...Object.values(secrets), signingKeys.signingKey().d]) {
        expect(page.body).not.toContain(value);
      }
    } finally {
      await withPage.app.close();
      await rm(distDir, { recursive: true, force: true });
    }
  });

  it('refuses at the balances and the advisor API a token signed with a key derived from a repository string', async () => {
    // The same claims signed with the server's own key pass: the refusals below are the key's.
    const realKey = server.services.keys.signingKeys.signingKey();
    const genuine = await signAccessToken(origin, realKey, customerClaims({ sub: janeId }));
    expect((await balances(genuine)).status).toBe(200);

    for (const text of STRINGS_ONCE_IN_THE_REPOSITORY) {
      const derived = oldDerivedSigningJwk(text);
      expect(
        (await balances(await signAccessToken(origin, derived, customerClaims()))).status,
      ).toBe(401);
      expect(
        (await advisorBalances(await signAccessToken(origin, derived, advisorClaims()))).status,
      ).toBe(401);
      // Naming the server's real kid does not help either.
      const posing = { ...derived, kid: realKey.kid };
      expect((await balances(await signAccessToken(origin, posing, customerClaims()))).status).toBe(
        401,
      );
      expect(
        (await advisorBalances(await signAccessToken(origin, posing, advisorClaims()))).status,
      ).toBe(401);
    }
  });

  it('refuses a client-credentials secret derived the old way, and takes the real one', async () => {
    for (const text of STRINGS_ONCE_IN_THE_REPOSITORY) {
      const response = await fetch(new URL(OAUTH_PATHS.token, origin), {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${SERVICE_CLIENT_ID}:${oldDerivedClientSecret(text, SERVICE_CLIENT_ID)}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource: API_AUDIENCE }),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error?: string }).error).toBe('invalid_client');
    }
    expect(await applicationToken(origin, server.services.keys.secrets)).toBeTruthy();
  });

  it.each([
    ['a subject that is not the grant’s account', 'subject', () => customerClaims()],
    [
      'a client that is not the grant’s',
      'client',
      () => customerClaims({ sub: janeId, client_id: PARTNER_CLIENTS.AnyMarketing.clientId }),
    ],
    [
      'a user type the account does not have, with its scopes',
      'user-type',
      () => ({ ...advisorClaims(), sub: janeId, client_id: BANK_CLIENT.clientId }),
    ],
    [
      'a scope the client may not hold for this user',
      'scope',
      () => customerClaims({ sub: janeId, scope: `openid ${SCOPES.banking} ${SCOPES.helpdesk}` }),
    ],
  ])(
    'refuses and audits a token signed with the real key that carries %s',
    async (_case, problem, claims) => {
      const since = await lastAuditId();
      const token = await signAccessToken(
        origin,
        server.services.keys.signingKeys.signingKey(),
        claims(),
      );
      expect((await balances(token)).status).toBe(401);
      if (problem === 'user-type') expect((await advisorBalances(token)).status).toBe(401);
      const events = await refusals(since);
      expect(events.length).toBeGreaterThanOrEqual(1);
      expect(events[0]).toMatchObject({ userId: janeId, details: { problem } });
    },
  );

  it('still answers the real tokens of a customer and an advisor', async () => {
    expect((await balances(janeToken)).status).toBe(200);
    const amy = await partnerToken(origin, 'AnyWealthAdvisor');
    expect((await advisorBalances(amy)).status).not.toBe(401);
    expect(decodeProtectedHeader(amy).kid).toBe(server.services.keys.signingKeys.signingKey().kid);
  });
});
