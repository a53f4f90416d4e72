import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { expect } from 'vitest';
import {
  PRESENTATION_QUERY_ID,
  RETAIL_SHOP_CLIENT_ID,
  XSRF_HEADER,
  walletCheckPath,
  walletCheckPaths,
  walletCheckStartedSchema,
  type PresentationPurpose,
} from '@anybank/contracts';
import { loadClientKeyPair } from '../src/modules/identity/keys/client-key';
import type { BrowserSession } from './browser-session';
import { testConfig } from './test-config';
import type { TestDatabase } from './test-database';

/**
 * The wallet's side of the shop's OpenID4VP requests (ADR 0027), for API tests: a shopper's
 * browser starts a check, the wallet reads and verifies the signed request object, and posts
 * its answer as a form (`direct_post`).
 */

/** A wallet's view of one request: what it read from the signed request object. */
export interface WalletRequest {
  browser: BrowserSession;
  checkId: string;
  nonce: string;
  state: string;
  responseUri: string;
  claims: string[];
}

/** The shopper's browser starts a check; the wallet reads its request object. */
export async function startWalletRequest(
  test: TestDatabase,
  origin: string,
  purpose: PresentationPurpose,
  browser: BrowserSession,
): Promise<WalletRequest> {
  const started = await browser.fetch(walletCheckPaths.start, {
    method: 'POST',
    headers: { [XSRF_HEADER]: '1', 'content-type': 'application/json' },
    body: JSON.stringify({ purpose }),
  });
  expect(started.status).toBe(201);
  const body = walletCheckStartedSchema.parse(await started.json());
  const requestUri = new URL(body.requestUri);
  expect(requestUri.protocol).toBe('openid4vp:');
  expect(requestUri.searchParams.get('client_id')).toBe(RETAIL_SHOP_CLIENT_ID);
  const requestObjectUrl = requestUri.searchParams.get('request_uri') ?? '';
  expect(body.phoneLink).toBe(`${origin}/mobile#openid4vp=${encodeURIComponent(body.requestUri)}`);

  const fetched = await fetch(requestObjectUrl);
  expect(fetched.status).toBe(200);
  expect(fetched.headers.get('content-type')).toContain('application/oauth-authz-req+jwt');
  const jwt = await fetched.text();
  // Signed with the key the shop registered at the bank, named by its kid.
  const { publicJwk } = await loadClientKeyPair(
    test.handle.db,
    testConfig().keyEncryptionKey,
    RETAIL_SHOP_CLIENT_ID,
  );
  expect(decodeProtectedHeader(jwt)).toMatchObject({
    kid: publicJwk.kid,
    typ: 'oauth-authz-req+jwt',
  });
  const { payload } = await jwtVerify(jwt, await importJWK(publicJwk, 'ES256'), {
    audience: 'https://self-issued.me/v2',
  });
  expect(payload).toMatchObject({
    client_id: RETAIL_SHOP_CLIENT_ID,
    response_type: 'vp_token',
    response_mode: 'direct_post',
    response_uri: `${origin}${walletCheckPath(walletCheckPaths.response, body.checkId)}`,
  });
  expect(Buffer.from(String(payload.nonce), 'base64url').length).toBeGreaterThanOrEqual(16);
  const query = payload.dcql_query as {
    credentials: { id: string; claims: { path: string[] }[] }[];
  };
  expect(query.credentials[0]?.id).toBe(PRESENTATION_QUERY_ID);
  return {
    browser,
    checkId: body.checkId,
    nonce: String(payload.nonce),
    state: String(payload.state),
    responseUri: String(payload.response_uri),
    claims: query.credentials[0]?.claims.map((claim) => claim.path[0] ?? '') ?? [],
  };
}

/** The wallet posts its answer (`direct_post`, a form). */
export const answerWalletRequest = (request: WalletRequest, form: Record<string, string>) =>
  fetch(request.responseUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

/** The `vp_token` of one presentation: a JSON object by the query's id. */
export const vpToken = (presentation: string) =>
  JSON.stringify({ [PRESENTATION_QUERY_ID]: [presentation] });
