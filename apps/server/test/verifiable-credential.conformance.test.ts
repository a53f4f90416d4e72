import { createHash, createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { clientAuthenticationNone } from '@openid4vc/oauth2';
import { Openid4vciClient } from '@openid4vc/openid4vci';
import { setGlobalConfig } from '@openid4vc/utils';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { SignJWT, decodeJwt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDENTIAL_TYPES,
  WALLET_CLIENT_ID,
  credentialRevocationPath,
  vcPaths,
  type CredentialOfferResponse,
} from '@anybank/contracts';
import type { Server } from '../src/app';
import { apiClient, customerToken, startBankingServer } from './banking-server';
import { newHolderKey, type HolderKey } from './credential-wallet';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The bank's credential issuer against code it does not use for that part (ADR 0027): the
 * OpenWallet Foundation's OpenID4VCI client as the wallet, its SD-JWT VC library checking the
 * credential against the bank's published key, and its status-list library reading the list.
 * The bank builds both the credential and the list with its own code.
 */

// The test bank is served over plain HTTP on localhost.
setGlobalConfig({ allowInsecureUrls: true });

const { configurationId, vct } = CREDENTIAL_TYPES.verified_customer;

function walletClient(holder: HolderKey) {
  return new Openid4vciClient({
    callbacks: {
      hash: (data, alg) => {
        if (alg !== 'sha-256') throw new Error(`unexpected hash ${alg}`);
        return createHash('sha256').update(data).digest();
      },
      generateRandom: (length) => randomBytes(length),
      signJwt: async (signer, { header, payload }) => {
        if (signer.method !== 'jwk') throw new Error('the wallet signs with its own jwk');
        const jwt = await new SignJWT(payload)
          .setProtectedHeader({ ...header, alg: 'ES256' })
          .sign(holder.privateKey);
        return { jwt, signerJwk: signer.publicJwk };
      },
      // The phone's wallet is a public client (no secret): it names itself, nothing more.
      clientAuthentication: clientAuthenticationNone({ clientId: WALLET_CLIENT_ID }),
      decryptJwe: () => {
        throw new Error('no encrypted responses');
      },
    },
  });
}

/** ES256 over `data`, as the SD-JWT libraries ask a verifier: JOSE's raw r||s signature. */
function es256Verifier(key: KeyObject) {
  return (data: string, signature: string) =>
    verify(
      'sha256',
      Buffer.from(data),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
}

describe('the credential issuer with independent implementations', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let token: string;
  let credential: string;
  let holder: HolderKey;

  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    token = await customerToken(origin, 'jane.doe');
    holder = await newHolderKey();
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('issues to the OpenID4VCI client: metadata, offer, pre-authorized code with tx_code, nonce, proof, credential', async () => {
    const offered = await apiClient(origin, token)(vcPaths.offers, {
      method: 'POST',
      body: { credentialType: 'verified_customer' },
    });
    expect(offered.status).toBe(201);
    const { credentialOfferUri } = (await offered.json()) as CredentialOfferResponse;
    const outbox = (await (
      await fetch(
        new URL(`/api/dev/outbox?to=${encodeURIComponent('+15551234567')}&limit=1`, origin),
      )
    ).json()) as { messages: { code?: string }[] };
    const txCode = outbox.messages[0]?.code;

    const wallet = walletClient(holder);
    const credentialOffer = await wallet.resolveCredentialOffer(credentialOfferUri);
    expect(credentialOffer.credential_configuration_ids).toEqual([configurationId]);
    const issuerMetadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
    expect(issuerMetadata.credentialIssuer.credential_configurations_supported).toHaveProperty(
      configurationId,
    );
    const { accessTokenResponse } = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata,
      txCode,
    });
    const { c_nonce: nonce } = await wallet.requestNonce({ issuerMetadata });
    const { jwt } = await wallet.createCredentialRequestJwtProof({
      issuerMetadata,
      credentialConfigurationId: configurationId,
      nonce,
      signer: { method: 'jwk', publicJwk: holder.publicJwk as never, alg: 'ES256' },
    });
    const response = await wallet.retrieveCredentials({
      issuerMetadata,
      accessToken: accessTokenResponse.access_token,
      credentialConfigurationId: configurationId,
      proofs: { jwt: [jwt] },
    });
    const [first] = response.credentialResponse.credentials ?? [];
    const issued = typeof first === 'object' && 'credential' in first ? first.credential : first;
    expect(typeof issued).toBe('string');
    credential = issued as string;
  });

  it('verifies with the SD-JWT VC library against the bank’s published key, status included', async () => {
    const { issuer, jwks } = (await (await fetch(new URL(vcPaths.issuerKeys, origin))).json()) as {
      issuer: string;
      jwks: { keys: Record<string, unknown>[] };
    };
    expect(issuer).toBe(origin);
    const key = createPublicKey({ key: jwks.keys[0] as never, format: 'jwk' });
    const sdJwtVc = new SDJwtVcInstance({
      hasher: (data) =>
        createHash('sha256')
          .update(typeof data === 'string' ? data : Buffer.from(data))
          .digest(),
      verifier: es256Verifier(key),
      statusVerifier: es256Verifier(key),
    });
    const verified = await sdJwtVc.verify(credential);
    expect(verified.payload).toMatchObject({
      iss: origin,
      vct,
      cnf: { jwk: holder.publicJwk },
      given_name: 'Jane',
      family_name: 'Doe',
      birthdate: '1988-04-12',
      age_over_18: true,
      address: { street_address: '123 Main Street', locality: 'Springfield', postal_code: '62701' },
    });
    // Every claim about Jane is a disclosure: none is in the signed payload as such.
    const claims = await sdJwtVc.getClaims(credential);
    expect(Object.keys(claims)).toEqual(expect.arrayContaining(['given_name', 'age_over_18']));
    const signedPayload = decodeJwt(credential.split('~')[0] ?? '');
    expect(signedPayload).not.toHaveProperty('given_name');
    expect(signedPayload).not.toHaveProperty('age_over_18');
  });

  it('decodes the status list with the status-list library, and sees the revocation', async () => {
    const { status } = decodeJwt(credential.split('~')[0] ?? '') as {
      status: { status_list: { idx: number; uri: string } };
    };
    const readStatus = async () => {
      const listJwt = await (await fetch(status.status_list.uri)).text();
      return getListFromStatusListJWT(listJwt).getStatus(status.status_list.idx);
    };
    expect(await readStatus()).toBe(0);
    const call = apiClient(origin, token);
    const { credentials } = (await (await call(vcPaths.credentials)).json()) as {
      credentials: { id: string }[];
    };
    const [newest] = credentials;
    expect(
      (await call(credentialRevocationPath(newest?.id ?? ''), { method: 'POST' })).status,
    ).toBe(200);
    expect(await readStatus()).toBe(1);
  });

  it('refuses the revoked credential in the SD-JWT VC library’s status check', async () => {
    const { jwks } = (await (await fetch(new URL(vcPaths.issuerKeys, origin))).json()) as {
      jwks: { keys: Record<string, unknown>[] };
    };
    const key = createPublicKey({ key: jwks.keys[0] as never, format: 'jwk' });
    const sdJwtVc = new SDJwtVcInstance({
      hasher: (data) =>
        createHash('sha256')
          .update(typeof data === 'string' ? data : Buffer.from(data))
          .digest(),
      verifier: es256Verifier(key),
      statusVerifier: es256Verifier(key),
    });
    await expect(sdJwtVc.verify(credential)).rejects.toThrow();
    // The key itself is the bank's: importable, and the one the list is signed with.
    await expect(importJWK(jwks.keys[0] as never, 'ES256')).resolves.toBeDefined();
  });
});
