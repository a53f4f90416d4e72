import { createHash, randomUUID, type webcrypto } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK } from 'jose';
import * as oidc from 'openid-client';
import { expect } from 'vitest';
import {
  OAUTH_CONSENT_INTERACTION_PARAM,
  PAYMENTS_API_PATH,
  PAYMENTS_SCOPE,
  PAYMENT_AUTHORIZATION_DETAILS_TYPE,
  PAYMENT_CONSENTS_API_PATH,
  PAYMENT_CONSENT_PAGE_PATH,
  PAYMENT_CONSENT_SCREEN_API_PATH,
  RETAIL_CALLBACK_PATH,
  RETAIL_CHECKOUT_API_PATH,
  RETAIL_SHOP_CLIENT_ID,
  RETAIL_SHOP_COMPANY,
  XSRF_HEADER,
  type PaymentConsent,
  type PaymentConsentScreen,
} from '@anybank/contracts';
import { and, eq } from 'drizzle-orm';
import { accounts, users } from '../src/db/schema';
import { loadClientKeyPair } from '../src/modules/identity/keys/client-key';
import { startBankingServer } from './banking-server';
import { BrowserSession } from './browser-session';
import { arriveAtRedirectUri, discoverAs, signInAt } from './relying-party';
import { SignInDriver, type Server } from './sign-in-driver';
import { testConfig } from './test-config';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

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

/**
 * What a pay-by-bank API test runs against: a seeded database of `kind`, the banking server on
 * it, the shop's client at that server (shopOf) and the checking account jane pays from.
 * `stop` closes the server and drops the database.
 */
export interface PayByBankServer {
  test: TestDatabase;
  server: Server;
  origin: string;
  shop: Shop;
  janeChecking: string;
  stop: () => Promise<void>;
}

export async function startPayByBankServer(kind: DatabaseKind): Promise<PayByBankServer> {
  const test = await createTestDatabase(kind, { seeded: true });
  let server: Server | undefined;
  const stop = async () => {
    await server?.app.close();
    await test.drop();
  };
  try {
    const started = await startBankingServer(test);
    server = started.server;
    return {
      test,
      server,
      origin: started.origin,
      shop: await shopOf(test, started.origin),
      janeChecking: await accountOf(test, 'jane.doe', 'checking'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
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

/** The shop exchanges the code at its callback for its DPoP-bound tokens. */
export async function shopTokensAt(
  shop: Shop,
  callback: URL,
  checks: { pkceCodeVerifier: string; expectedState: string },
) {
  return oidc.authorizationCodeGrant(shop.config, callback, checks, undefined, { DPoP: shop.dpop });
}

/**
 * A consent for `amountCents` that jane allowed on the consent screen from `accountId`; answers
 * it, the shop's DPoP-bound tokens for it and what the screen showed.
 */
export async function janeAuthorisedPayment(shop: Shop, accountId: string, amountCents = 4210) {
  const consent = await createConsent(shop, RETAIL_SHOP_COMPANY.accountId, amountCents);
  const pending = await pushAuthorization(shop, consent.consentId);
  const atScreen = await janeAtConsentScreen(shop.origin, pending.url);
  const callback = await atScreen.answer({ decision: 'allow', accountId });
  const tokens = await shopTokensAt(shop, callback, pending.checks);
  return { consent, tokens, screen: atScreen.screen };
}

/** The shop submits the payment `consent` allows, as consented unless `changes` say otherwise. */
export async function payAsConsented(
  shop: Shop,
  token: string,
  consent: PaymentConsent,
  changes: Record<string, unknown> = {},
): Promise<Response> {
  return callWithDpop(shop, token, 'POST', PAYMENTS_API_PATH, {
    consentId: consent.consentId,
    amountCents: consent.amountCents,
    currency: 'USD',
    payeeAccountId: RETAIL_SHOP_COMPANY.accountId,
    ...changes,
  });
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
  /** Posts the customer's answer (with the code they were sent, if any); the raw response. */
  const decide = (
    decision: { decision: 'allow'; accountId: string; code?: string } | { decision: 'deny' },
  ) =>
    driver.browser.fetch(PAYMENT_CONSENT_SCREEN_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify({ interaction, ...decision }),
    });
  /** Where a decided answer sends the browser: the authorization response at the shop's callback. */
  async function callbackOf(response: Response) {
    const { redirectTo } = (await response.json()) as { redirectTo: string };
    return arriveAtRedirectUri(driver.browser, redirectTo, `${origin}${RETAIL_CALLBACK_PATH}`);
  }
  async function answer(decision: { decision: 'allow'; accountId: string } | { decision: 'deny' }) {
    return callbackOf(await decide(decision));
  }
  return {
    status: read.status,
    screen,
    answer,
    decide,
    callbackOf,
    driver,
    interaction,
    readScreen,
  };
}

/** A shopper's checkout at the retail shop up to the bank's consent screen, in one browser. */
export async function checkoutToConsentScreen(origin: string) {
  const browser = new BrowserSession(origin);
  const started = await browser.fetch(RETAIL_CHECKOUT_API_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
    body: JSON.stringify({ items: ['trail-running-shoes', 'merino-socks'] }),
  });
  expect(started.status).toBe(200);
  const { redirectTo } = (await started.json()) as { redirectTo: string };
  return { browser, atScreen: await janeAtConsentScreen(origin, new URL(redirectTo), browser) };
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
  return [await balanceOf(test, payer), await balanceOf(test, payee)];
}

/** An account's balance, in cents. */
export async function balanceOf(test: TestDatabase, accountId: string): Promise<number> {
  const [row] = await test.handle.db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return Number(row?.balance);
}
