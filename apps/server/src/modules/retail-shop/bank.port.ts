import { webcrypto } from 'node:crypto';
import { importJWK, type JWK } from 'jose';
import * as oidc from 'openid-client';
import {
  ACCOUNTS_SCOPE,
  PAYMENTS_API_PATH,
  PAYMENTS_SCOPE,
  PAYMENT_AUTHORIZATION_DETAILS_TYPE,
  PAYMENT_CONSENTS_API_PATH,
  RETAIL_SHOP_CLIENT_ID,
  obTransactionsPath,
  obTransactionsResponseSchema,
  paymentConsentSchema,
  paymentSchema,
  type CreatePaymentConsent,
  type Payment,
  type PaymentConsent,
  type SubmitPayment,
} from '@anybank/contracts';
import type { DpopPrivateJwk } from './order-cookie';
import { recordingFetch } from './exchange-recorder';
import { fetchTrusting } from './trusted-fetch';
import { creditOfPayment, type BankCredit } from './retail-shop.rules';
import type { BankShopper } from './shopper-session.service';

/** What the shop keeps between sending the shopper to the bank and their return. */
export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
}

/** The bank's refusal, in the bank's words (its API's `message`), or a failure to reach it. */
export class BankRefusal extends Error {}

/**
 * The authorization a payment was made with, kept by the shop: its DPoP-bound access token and
 * the private key the token is bound to (a token is good only with proofs of that key).
 */
export interface KeptAuthorization {
  accessToken: string;
  dpopKey: DpopPrivateJwk;
}

/** What the bank answered a call, as it said it: its status, error code and words. */
export interface BankAnswer {
  status: number;
  code: string | null;
  message: string;
}

/**
 * How many pages (50 transactions each, newest first) of its account the shop reads looking for
 * one payment's credit: a just-made payment is on the first; an order read much later, after
 * hundreds of other payments, is reported not found rather than reading the whole history.
 */
const CREDIT_PAGES_READ = 4;

/** The authorization came back with an error (RFC 6749 §4.1.2.1): `access_denied` when refused. */
export class AuthorizationAnswerError extends Error {
  constructor(readonly error: string) {
    super(`the authorization answered ${error}`);
  }
}

/**
 * The shop's one way to its bank (ADR 0023): AnyBank's public HTTP API at its
 * public URL, through openid-client as a FAPI 2.0 client — `private_key_jwt` with the shop's own
 * key, pushed authorization requests with PKCE, DPoP-bound tokens and a DPoP proof on every call
 * to the payment API and to its company's account. It knows nothing of the bank but its address
 * and its own registration.
 */
export interface BankPort {
  createConsent(consent: CreatePaymentConsent): Promise<PaymentConsent>;
  /** The authorization URL (PAR) naming the consent, and the checks its answer must pass. */
  authorize(consentId: string): Promise<{ url: string; checks: AuthorizationChecks }>;
  /**
   * The bank's answer at the shop's callback: the code exchanged (DPoP-bound token), then the
   * payment submitted once with that token. Throws the authorization response's error (the
   * shopper's refusal: `access_denied`) as an AuthorizationAnswerError.
   */
  pay(
    callbackUrl: URL,
    checks: AuthorizationChecks,
    payment: SubmitPayment,
  ): Promise<{ payment: Payment; authorization: KeptAuthorization; shopper: BankShopper | null }>;
  /**
   * The entry crediting this payment (by its payment id) in the shop's company account at the
   * bank, read with the shop's own token (scope `accounts`, DPoP) from the account's
   * transactions; null when its recent transactions hold none. Throws a BankRefusal when the
   * bank refuses the read.
   */
  findCredit(accountId: string, paymentId: string): Promise<BankCredit | null>;
  /** The payment submitted again with the kept token and key: the bank's answer, as it is. */
  submitAgain(authorization: KeptAuthorization, payment: SubmitPayment): Promise<BankAnswer>;
}

const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** The kept DPoP key again as the key pair openid-client signs its proofs with. */
async function keyPairOf(jwk: DpopPrivateJwk): Promise<oidc.CryptoKeyPair> {
  const publicJwk = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  return {
    privateKey: await webcrypto.subtle.importKey('jwk', jwk, EC_P256, false, ['sign']),
    // Extractable: each proof carries the public key (RFC 9449 §4.2).
    publicKey: await webcrypto.subtle.importKey('jwk', publicJwk, EC_P256, true, ['verify']),
  };
}

export function createBankPort(deps: {
  /** The bank's public address (PUBLIC_URL + BASE_PATH): its discovery document lives there. */
  bankUrl: string;
  /** The shop's private signing key (its public half is registered with the bank). */
  privateJwk: JWK & { kid: string };
  callbackUrl: string;
  /**
   * The bank's own certificate (PEM) when it serves HTTPS itself (HTTPS=on): trusted besides
   * the public roots, as a shop is told to trust its bank's test certificate (trusted-fetch.ts).
   */
  bankCertificate?: string;
}): BankPort {
  let configuration: Promise<oidc.Configuration> | null = null;

  /** Discovered on first use: the bank's server is not listening yet when the shop is built. */
  function bank(): Promise<oidc.Configuration> {
    configuration ??= (async () => {
      const key = (await importJWK(deps.privateJwk, 'ES256')) as webcrypto.CryptoKey;
      return oidc.discovery(
        new URL(deps.bankUrl),
        RETAIL_SHOP_CLIENT_ID,
        undefined,
        oidc.PrivateKeyJwt({ key, kid: deps.privateJwk.kid }),
        {
          // The demo runs on http://localhost; a deployment's PUBLIC_URL is https, and with
          // HTTPS=on its certificate may be the one the bank made itself.
          ...(deps.bankUrl.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {}),
          // Every call noted for the order's Shop ⇄ Bank view (exchange-recorder.ts).
          [oidc.customFetch]: recordingFetch(
            deps.bankCertificate && !deps.bankUrl.startsWith('http://')
              ? fetchTrusting(deps.bankCertificate)
              : (url, options) => fetch(url, options as RequestInit),
          ),
        },
      );
    })().catch((error: unknown) => {
      configuration = null;
      throw error;
    });
    return configuration;
  }

  /**
   * A fresh DPoP key for one piece of work: its tokens are bound to it and die with it. Or the
   * given one: the payment's (made extractable, to be kept with its token), then that kept key
   * for the payment submitted again.
   */
  async function dpopFor(config: oidc.Configuration, keys?: oidc.CryptoKeyPair) {
    return oidc.getDPoPHandle(config, keys ?? (await oidc.randomDPoPKeyPair('ES256')));
  }

  async function call(
    config: oidc.Configuration,
    dpop: oidc.DPoPHandle,
    token: string,
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: unknown }> {
    const response = await oidc.fetchProtectedResource(
      config,
      token,
      new URL(`${deps.bankUrl}${path}`),
      'POST',
      JSON.stringify(body),
      new Headers({ 'content-type': 'application/json' }),
      { DPoP: dpop },
    );
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  /** The bank's answer in its own words: its API's `code` and `message` (ADR 0018). */
  function answerOf(answer: { status: number; body: unknown }): BankAnswer {
    const body =
      typeof answer.body === 'object' && answer.body !== null
        ? (answer.body as Record<string, unknown>)
        : {};
    return {
      status: answer.status,
      code: typeof body.code === 'string' ? body.code : null,
      message:
        typeof body.message === 'string' ? body.message : `AnyBank answered ${answer.status}`,
    };
  }

  function refusal(answer: { status: number; body: unknown }): BankRefusal {
    return new BankRefusal(answerOf(answer).message);
  }

  async function submit(
    config: oidc.Configuration,
    dpop: oidc.DPoPHandle,
    token: string,
    payment: SubmitPayment,
  ) {
    return call(config, dpop, token, PAYMENTS_API_PATH, {
      consentId: payment.consentId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      payeeAccountId: payment.payeeAccountId,
    });
  }

  return {
    async createConsent(consent) {
      const config = await bank();
      const dpop = await dpopFor(config);
      const tokens = await oidc.clientCredentialsGrant(
        config,
        { scope: PAYMENTS_SCOPE },
        { DPoP: dpop },
      );
      const answer = await call(
        config,
        dpop,
        tokens.access_token,
        PAYMENT_CONSENTS_API_PATH,
        consent,
      );
      if (answer.status !== 201) throw refusal(answer);
      return paymentConsentSchema.parse(answer.body);
    },

    async authorize(consentId) {
      const config = await bank();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = await oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: deps.callbackUrl,
        scope: `openid ${PAYMENTS_SCOPE}`,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        authorization_details: JSON.stringify([
          { type: PAYMENT_AUTHORIZATION_DETAILS_TYPE, consent_id: consentId },
        ]),
      });
      return { url: url.href, checks: { state, codeVerifier } };
    },

    async pay(callbackUrl, checks, payment) {
      const config = await bank();
      const keys = await oidc.randomDPoPKeyPair('ES256', { extractable: true });
      const dpop = await dpopFor(config, keys);
      const tokens = await oidc
        .authorizationCodeGrant(
          config,
          callbackUrl,
          { pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state },
          undefined,
          { DPoP: dpop },
        )
        .catch((error: unknown) => {
          if (error instanceof oidc.AuthorizationResponseError) {
            throw new AuthorizationAnswerError(error.error);
          }
          throw error;
        });
      const answer = await submit(config, dpop, tokens.access_token, payment);
      if (answer.status !== 201) throw refusal(answer);
      const { kty, crv, x, y, d } = await webcrypto.subtle.exportKey('jwk', keys.privateKey);
      if (kty !== 'EC' || crv !== 'P-256' || !x || !y || !d) {
        throw new Error('the DPoP key did not export as a P-256 JWK');
      }
      // Who signed in at the bank, from the ID token openid-client checked (ADR 0028).
      const claims = tokens.claims();
      const shopper =
        claims && typeof claims.sub === 'string'
          ? { sub: claims.sub, sid: typeof claims.sid === 'string' ? claims.sid : null }
          : null;
      return {
        payment: paymentSchema.parse(answer.body),
        shopper,
        authorization: {
          accessToken: tokens.access_token,
          dpopKey: { kty, crv, x, y, d },
        },
      };
    },

    async findCredit(accountId, paymentId) {
      const config = await bank();
      const dpop = await dpopFor(config);
      const tokens = await oidc.clientCredentialsGrant(
        config,
        { scope: ACCOUNTS_SCOPE },
        { DPoP: dpop },
      );
      let page: URL | null = new URL(`${deps.bankUrl}${obTransactionsPath(accountId)}`);
      for (let read = 0; page && read < CREDIT_PAGES_READ; read += 1) {
        const response = await oidc.fetchProtectedResource(
          config,
          tokens.access_token,
          page,
          'GET',
          undefined,
          undefined,
          { DPoP: dpop },
        );
        const body: unknown = await response.json().catch(() => null);
        if (response.status !== 200) throw refusal({ status: response.status, body });
        const transactions = obTransactionsResponseSchema.parse(body);
        const credit = creditOfPayment(transactions.Data.Transaction, paymentId);
        if (credit) return credit;
        // Only a page at the bank's own address: the token and its proofs go nowhere else.
        const next = transactions.Links.Next;
        page = next?.startsWith(`${deps.bankUrl}/`) ? new URL(next) : null;
      }
      return null;
    },

    async submitAgain(authorization, payment) {
      const config = await bank();
      const dpop = await dpopFor(config, await keyPairOf(authorization.dpopKey));
      return answerOf(await submit(config, dpop, authorization.accessToken, payment));
    },
  };
}
