import type { webcrypto } from 'node:crypto';
import { importJWK, type JWK } from 'jose';
import * as oidc from 'openid-client';
import {
  PAYMENTS_API_PATH,
  PAYMENTS_SCOPE,
  PAYMENT_AUTHORIZATION_DETAILS_TYPE,
  PAYMENT_CONSENTS_API_PATH,
  RETAIL_SHOP_CLIENT_ID,
  paymentConsentSchema,
  paymentSchema,
  type CreatePaymentConsent,
  type Payment,
  type PaymentConsent,
} from '@anybank/contracts';

/** What the shop keeps between sending the shopper to the bank and their return. */
export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
}

/** The bank's refusal, in the bank's words (its API's `message`), or a failure to reach it. */
export class BankRefusal extends Error {}

/** The authorization came back with an error (RFC 6749 §4.1.2.1): `access_denied` when refused. */
export class AuthorizationAnswerError extends Error {
  constructor(readonly error: string) {
    super(`the authorization answered ${error}`);
  }
}

/**
 * The shop's one way to its bank (issue 16 §2, ADR 0023): AnyBank's public HTTP API at its
 * public URL, through openid-client as a FAPI 2.0 client — `private_key_jwt` with the shop's own
 * key, pushed authorization requests with PKCE, DPoP-bound tokens and a DPoP proof on every call
 * to the payment API. It knows nothing of the bank but its address and its own registration.
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
    payment: Omit<Payment, 'paymentId' | 'status' | 'reference'> & { payeeAccountId: string },
  ): Promise<Payment>;
}

export function createBankPort(deps: {
  /** The bank's public address (PUBLIC_URL + BASE_PATH): its discovery document lives there. */
  bankUrl: string;
  /** The shop's private signing key (its public half is registered with the bank). */
  privateJwk: JWK & { kid: string };
  callbackUrl: string;
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
        // The demo runs on http://localhost; a deployment's PUBLIC_URL is https.
        deps.bankUrl.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    })().catch((error: unknown) => {
      configuration = null;
      throw error;
    });
    return configuration;
  }

  /** A fresh DPoP key for one piece of work: its tokens are bound to it and die with it. */
  async function dpopFor(config: oidc.Configuration) {
    return oidc.getDPoPHandle(config, await oidc.randomDPoPKeyPair('ES256'));
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

  function refusal(answer: { status: number; body: unknown }): BankRefusal {
    const message =
      typeof answer.body === 'object' && answer.body !== null && 'message' in answer.body
        ? String(answer.body.message)
        : `AnyBank answered ${answer.status}`;
    return new BankRefusal(message);
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
      const dpop = await dpopFor(config);
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
      const answer = await call(config, dpop, tokens.access_token, PAYMENTS_API_PATH, {
        consentId: payment.consentId,
        amountCents: payment.amountCents,
        currency: payment.currency,
        payeeAccountId: payment.payeeAccountId,
      });
      if (answer.status !== 201) throw refusal(answer);
      return paymentSchema.parse(answer.body);
    },
  };
}
