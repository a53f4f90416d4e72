import { createHash, randomUUID, type webcrypto } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK } from 'jose';
import * as oidc from 'openid-client';
import {
  OAUTH_CONSENT_INTERACTION_PARAM,
  PAYMENTS_SCOPE,
  PAYMENT_AUTHORIZATION_DETAILS_TYPE,
  PAYMENT_CONSENTS_API_PATH,
  PAYMENT_CONSENT_PAGE_PATH,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  RETAIL_CALLBACK_PATH,
  RETAIL_SHOP_CLIENT_ID,
  XSRF_HEADER,
  type PaymentConsent,
  type PaymentConsentScreen,
} from '@anybank/contracts';
import { and, eq } from 'drizzle-orm';
import { accounts, users } from '../src/db/schema';
import { loadClientKeyPair } from '../src/modules/identity/keys/client-key';
import type { BrowserSession } from './browser-session';
import { arriveAtRedirectUri, discoverAs, signInAt } from './relying-party';
import { SignInDriver } from './sign-in-driver';
import { testConfig } from './test-config';
import type { TestDatabase } from './test-database';

/**
 * The pay-by-bank shop's side, played with openid-client (panva) as an independent FAPI 2.0
 * client: its own key (the one the server made and registered; private_key_jwt), DPoP-bound
 * tokens, PAR with PKCE and the consent in `authorization_details`.
 */
export interface Shop {
  config: oidc.Configuration;
  dpop: oidc.DPoPHandle;
  origin: string;
}

export async function shopOf(
  test: TestDatabase,
  origin: string,
  /** The key its tokens are bound to; a new one by default. */
  dpopKeys?: oidc.CryptoKeyPair,
): Promise<Shop> {
  const key = await loadClientKeyPair(
    test.handle.db,
    testConfig().keyEncryptionKey,
    RETAIL_SHOP_CLIENT_ID,
  );
  const privateKey = (await importJWK(key.privateJwk, 'ES256')) as webcrypto.CryptoKey;
  const config = await discoverAs(
    origin,
    RETAIL_SHOP_CLIENT_ID,
    oidc.PrivateKeyJwt({ key: privateKey, kid: key.privateJwk.kid }),
  );
  const dpop = oidc.getDPoPHandle(config, dpopKeys ?? (await oidc.randomDPoPKeyPair('ES256')));
  return { config, dpop, origin };
}

/** The shop's own token (client credentials, DPoP-bound), for the payment API by default. */
export async function shopToken(shop: Shop, scope: string = PAYMENTS_SCOPE): Promise<string> {
  const tokens = await oidc.clientCredentialsGrant(shop.config, { scope }, { DPoP: shop.dpop });
  return tokens.access_token;
}

/**
 * The shop's own token (client credentials, `scope`) and a DPoP proof of its key for any request
 * (RFC 9449 §4.2), for callers that send requests themselves (the authorization matrix).
 */
export async function shopTokenWithProofs(test: TestDatabase, origin: string, scope: string) {
  const keys = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(keys.publicKey);
  const token = await shopToken(await shopOf(test, origin, keys), scope);
  const ath = createHash('sha256').update(token).digest('base64url');
  return {
    token,
    /** A fresh proof for `method` at `path` (its query left out, as `htu` wants). */
    proof: (method: string, path: string) =>
      new SignJWT({
        htm: method,
        htu: `${origin}${path.split('?')[0] ?? ''}`,
        ath,
        jti: randomUUID(),
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setIssuedAt()
        .sign(keys.privateKey),
  };
}

/** A call to the bank's API with a DPoP-bound token and a fresh proof. */
export async function callWithDpop(
  shop: Shop,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return oidc.fetchProtectedResource(
    shop.config,
    token,
    new URL(path, shop.origin),
    method,
    body === undefined ? undefined : JSON.stringify(body),
    new Headers(body === undefined ? {} : { 'content-type': 'application/json' }),
    { DPoP: shop.dpop },
  );
}

export async function createConsent(
  shop: Shop,
  payeeAccountId: string,
  amountCents: number,
  reference = 'ORDER-1234',
): Promise<PaymentConsent> {
  const response = await callWithDpop(
    shop,
    await shopToken(shop),
    'POST',
    PAYMENT_CONSENTS_API_PATH,
    {
      amountCents,
      currency: 'USD',
      payeeAccountId,
      reference,
    },
  );
  if (response.status !== 201)
    throw new Error(`consent: ${response.status} ${await response.text()}`);
  return (await response.json()) as PaymentConsent;
}

/** The pushed authorization request for a consent; answers the URL and its checks. */
export async function pushAuthorization(shop: Shop, consentId: string) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = await oidc.buildAuthorizationUrlWithPAR(
    shop.config,
    {
      redirect_uri: `${shop.origin}${RETAIL_CALLBACK_PATH}`,
      scope: `openid ${PAYMENTS_SCOPE}`,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      authorization_details: JSON.stringify([
        { type: PAYMENT_AUTHORIZATION_DETAILS_TYPE, consent_id: consentId },
      ]),
    },
    { DPoP: shop.dpop },
  );
  return { url, checks: { pkceCodeVerifier: codeVerifier, expectedState: state } };
}

const JANE = { username: 'jane.doe', email: 'jane.doe@example.com' };

/**
 * jane signs in at the authorization URL and arrives at the bank's payment consent screen;
 * answers what it shows and a way to answer it (allow from an account, or deny), which
 * answers the authorization response at the shop's callback.
 */
export async function janeAtConsentScreen(origin: string, url: URL, browser?: BrowserSession) {
  return customerAtConsentScreen(origin, url, JANE, browser);
}

/** The same for another seeded customer who signs in with a password and an e-mail code. */
export async function customerAtConsentScreen(
  origin: string,
  url: URL,
  customer: { username: string; email: string },
  browser?: BrowserSession,
) {
  const driver = new SignInDriver(
    origin,
    {
      clientId: RETAIL_SHOP_CLIENT_ID,
      // The sign-in ends at the consent screen, not yet at the shop.
      returnPath: PAYMENT_CONSENT_PAGE_PATH,
      userType: null,
      scopes: [],
    },
    browser,
  );
  const page = await signInAt(driver, url, customer);
  const interaction = page.searchParams.get(OAUTH_CONSENT_INTERACTION_PARAM) ?? '';
  /** The screen read (again): its status and what it shows (a refusal's body otherwise). */
  const readScreen = async () => {
    const answer = await driver.browser.fetch(
      `${PAYMENT_CONSENT_SCREEN_API_PATH}?${OAUTH_CONSENT_INTERACTION_PARAM}=${interaction}`,
    );
    return { status: answer.status, body: (await answer.json()) as PaymentConsentScreen };
  };
  const read = await readScreen();
  const screen = read.body;
  async function answer(decision: { decision: 'allow'; accountId: string } | { decision: 'deny' }) {
    const response = await driver.browser.fetch(PAYMENT_CONSENT_SCREEN_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify({ interaction, ...decision }),
    });
    const { redirectTo } = (await response.json()) as { redirectTo: string };
    return arriveAtRedirectUri(driver.browser, redirectTo, `${origin}${RETAIL_CALLBACK_PATH}`);
  }
  return { status: read.status, screen, answer, driver, interaction, readScreen };
}

/** The id of a seeded customer's account of `kind` (checking, savings, rewards Visa). */
export async function accountOf(test: TestDatabase, uid: string, kind: string): Promise<string> {
  const [row] = await test.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerId))
    .where(and(eq(users.uid, uid), eq(accounts.kind, kind)));
  if (!row) throw new Error(`${uid} has no ${kind} account`);
  return row.id;
}

/** A payment's two balances, in cents: the account paying and the account paid. */
export async function balancesOf(
  test: TestDatabase,
  payer: string,
  payee: string,
): Promise<[payer: number, payee: number]> {
  const balance = async (id: string) => {
    const [row] = await test.handle.db
      .select({ balance: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, id));
    return Number(row?.balance);
  };
  return [await balance(payer), await balance(payee)];
}
