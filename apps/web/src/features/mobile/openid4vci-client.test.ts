import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CREDENTIAL_PROOF_JWT_TYPE,
  WALLET_CLIENT_ID,
  verifiableCredentialMessages as text,
  credentialCheckReasons as reasons,
} from '@anybank/contracts';
import { decodeJws, es256Verifies, type JsonObject } from './es256';
import type { CredentialOffer } from './credential-offer';
import { redeemOffer, tokenRefusal, type NewHolderKey } from './openid4vci-client';
import { ISSUER, ISSUER_KID, JANE_CLAIMS, NOW, issue, keyPair } from './vc.fixtures';

const subtle = globalThis.crypto.subtle;
let issuerKey: Awaited<ReturnType<typeof keyPair>>;
let stranger: Awaited<ReturnType<typeof keyPair>>;

const OFFER: CredentialOffer = {
  credentialIssuer: ISSUER,
  configurationIds: ['anybank_verified_customer'],
  preAuthorizedCode: 'pre-1',
  txCode: { length: 6, numeric: true, description: null },
};

/** An issuer on the other end of `fetch`: what each endpoint answers, and what it was sent. */
interface FakeIssuer {
  token: (form: URLSearchParams) => [number, unknown];
  signWith: () => CryptoKey;
  seen: { form?: URLSearchParams; proof?: string; request?: JsonObject; auth?: string | null };
}
let fake: FakeIssuer;
let keysMade: string[];
let keysDiscarded: string[];

beforeAll(async () => {
  [issuerKey, stranger] = await Promise.all([keyPair(), keyPair()]);
});
beforeEach(() => {
  keysMade = [];
  keysDiscarded = [];
  fake = {
    token: () => [200, { access_token: 'at-1', token_type: 'Bearer' }],
    signWith: () => issuerKey.privateKey,
    seen: {},
  };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  switch (url) {
    case `${ISSUER}/.well-known/openid-credential-issuer`:
      return json(200, {
        credential_issuer: ISSUER,
        credential_endpoint: `${ISSUER}/as/credential`,
        nonce_endpoint: `${ISSUER}/as/challenge`,
        credential_configurations_supported: { anybank_verified_customer: {} },
      });
    case `${ISSUER}/.well-known/openid-configuration`:
      return json(200, { issuer: ISSUER, token_endpoint: `${ISSUER}/as/token.oauth2` });
    case `${ISSUER}/as/token.oauth2`:
      fake.seen.form = new URLSearchParams(init?.body as URLSearchParams);
      return json(...fake.token(fake.seen.form));
    case `${ISSUER}/as/challenge`:
      return json(200, { c_nonce: 'cn-1' });
    case `${ISSUER}/as/credential`: {
      const request = JSON.parse(String(init?.body)) as { proofs: { jwt: string[] } };
      fake.seen.request = request as unknown as JsonObject;
      fake.seen.auth = new Headers(init?.headers).get('Authorization');
      const proof = decodeJws(request.proofs.jwt[0]!)!;
      const jwk = proof.header.jwk as JsonObject;
      if (!(await es256Verifies(subtle, proof, jwk))) return json(400, { error: 'invalid_proof' });
      fake.seen.proof = request.proofs.jwt[0];
      const { credential } = await issue(fake.signWith(), jwk);
      return json(200, { credentials: [{ credential }] });
    }
    case `${ISSUER}/.well-known/jwt-vc-issuer`:
      return json(200, {
        issuer: ISSUER,
        jwks: { keys: [{ ...issuerKey.publicJwk, kid: ISSUER_KID }] },
      });
    default:
      return json(404, {});
  }
}

async function newKey(): Promise<NewHolderKey> {
  const { privateKey, publicJwk } = await keyPair();
  const keyId = `k${keysMade.length + 1}`;
  keysMade.push(keyId);
  return { keyId, publicJwk, privateKey, discard: async () => void keysDiscarded.push(keyId) };
}

const redeem = (txCode: string | null = '123456', triedBefore = false) =>
  redeemOffer(OFFER, txCode, { fetch: fakeFetch, subtle, now: () => NOW, newKey, triedBefore });

describe('redeemOffer', () => {
  it('gets a credential bound to a new key and checks it before answering', async () => {
    const outcome = await redeem();
    expect(outcome).toMatchObject({ kind: 'issued', keyId: 'k1' });
    expect(outcome.kind === 'issued' && outcome.verdict.claims).toEqual(JANE_CLAIMS);
    expect(Object.fromEntries(fake.seen.form!)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
      'pre-authorized_code': 'pre-1',
      client_id: WALLET_CLIENT_ID,
      tx_code: '123456',
    });
    expect(fake.seen.auth).toBe('Bearer at-1');
    expect(fake.seen.request?.credential_configuration_id).toBe('anybank_verified_customer');
    const proof = decodeJws(fake.seen.proof!)!;
    expect(proof.header).toMatchObject({ alg: 'ES256', typ: CREDENTIAL_PROOF_JWT_TYPE });
    expect(proof.payload).toEqual({ aud: ISSUER, iat: NOW.getTime() / 1000, nonce: 'cn-1' });
    expect(keysDiscarded).toEqual([]);
  });

  it('refuses a credential the issuer’s published key did not sign, and drops the key', async () => {
    fake.signWith = () => stranger.privateKey;
    expect(await redeem()).toMatchObject({
      kind: 'refused',
      message: text.credentialNotVerified(reasons.badSignature),
    });
    expect(keysDiscarded).toEqual(['k1']);
  });

  it('says the offer is spent when the token is refused and makes no key', async () => {
    fake.token = () => [
      400,
      { error: 'invalid_grant', error_description: 'grant request is invalid' },
    ];
    expect(await redeem('000000', true)).toMatchObject({
      kind: 'refused',
      message: text.offerRefused,
    });
    expect(keysMade).toEqual([]);
  });

  it('says the issuer could not be reached when fetch fails', async () => {
    const outcome = await redeemOffer(OFFER, '123456', {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      subtle,
      now: () => NOW,
      newKey,
      triedBefore: false,
    });
    expect(outcome).toMatchObject({ kind: 'refused', message: text.issuerUnreachable });
  });
});

describe('tokenRefusal', () => {
  it.each([
    [
      400,
      { error: 'invalid_grant', error_description: 'grant request is invalid' },
      false,
      text.offerOrCodeRefused,
    ],
    [
      400,
      { error: 'invalid_grant', error_description: 'grant request is invalid' },
      true,
      text.offerRefused,
    ],
    [
      400,
      { error: 'invalid_grant', error_description: 'invalid tx_code provided' },
      false,
      text.txCodeRefused,
    ],
    [
      400,
      { error: 'invalid_grant', error_description: 'pre-authorized code is expired' },
      false,
      text.offerRefused,
    ],
    [
      400,
      { error: 'invalid_request', error_description: 'missing tx_code' },
      false,
      text.issuanceFailed,
    ],
    [500, null, false, text.issuanceFailed],
  ])('%i %j (tried before: %s)', (status, body, tried, message) => {
    expect(tokenRefusal(status, body, tried)).toBe(message);
  });
});
