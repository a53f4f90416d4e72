import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { SDJwtVcInstance, type SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import { CREDENTIAL_TYPES, CREDENTIAL_TTL_SECONDS, vcPaths } from '@anybank/contracts';

/**
 * The wallet's SD-JWT VC work for the shop's tests (ADR 0027), with @sd-jwt/sd-jwt-vc: a
 * holder's presentation with its key-binding JWT, and a forged credential — one shaped as the
 * bank's, naming the bank as issuer, but signed by a key of the test's own (the bank issues the
 * real ones: credential-wallet.ts).
 */

const hasher = (data: string | ArrayBuffer, alg: string) => {
  if (alg !== 'sha-256') throw new Error(alg);
  const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data);
  return new Uint8Array(createHash('sha256').update(bytes).digest());
};

/** A compact ES256 JWS signer over `data` (the library hands the signing input). */
function signerOf(key: CryptoKey) {
  return async (data: string) => {
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      Buffer.from(data),
    );
    return Buffer.from(signature).toString('base64url');
  };
}

export interface TestKey {
  privateKey: CryptoKey;
  publicJwk: JWK & { kid: string };
}

export async function testKey(kid = randomBytes(8).toString('hex')): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256' } };
}

const JANE_CLAIMS = {
  given_name: 'Jane',
  family_name: 'Doe',
  birthdate: '1988-04-12',
  age_over_18: true,
  address: { street_address: '12 Elm Street', locality: 'Springfield', country: 'US' },
  verification_level: 'identity_verified',
};

/**
 * A verified-customer credential for the holder's key naming `issuer`, signed by `signWith`,
 * each claim disclosable; `payload` changes or adds registered claims (vct, exp, status…).
 */
export async function signCredential(
  issuer: string,
  signWith: TestKey,
  holder: { publicJwk: JWK },
  options: { claims?: Record<string, unknown>; payload?: Partial<SdJwtVcPayload> } = {},
): Promise<string> {
  const claims = options.claims ?? JANE_CLAIMS;
  const now = Math.floor(Date.now() / 1000);
  const sdJwt = new SDJwtVcInstance({
    hasher,
    hashAlg: 'sha-256',
    saltGenerator: () => randomBytes(16).toString('base64url'),
    signer: signerOf(signWith.privateKey),
    signAlg: 'ES256',
  });
  const payload: SdJwtVcPayload = {
    iss: issuer,
    iat: now,
    exp: now + CREDENTIAL_TTL_SECONDS,
    vct: CREDENTIAL_TYPES.verified_customer.vct,
    cnf: { jwk: holder.publicJwk },
    status: {
      status_list: { idx: 7, uri: `${issuer}${vcPaths.statusList.replace(':listId', '1')}` },
    },
    ...options.payload,
    ...claims,
  };
  const frame = { _sd: Object.keys(claims) } as Parameters<SDJwtVcInstance['issue']>[1];
  return sdJwt.issue(payload, frame, { header: { kid: signWith.publicJwk.kid } });
}

/** The holder's presentation: the claims it chooses, and a key-binding JWT (RFC 9901 §4.3). */
export async function presentCredential(
  credential: string,
  holder: { privateKey: CryptoKey },
  claims: readonly string[],
  kb: { aud: string; nonce: string; iat?: number },
): Promise<string> {
  const sdJwt = new SDJwtVcInstance({
    hasher,
    hashAlg: 'sha-256',
    kbSigner: signerOf(holder.privateKey),
    kbSignAlg: 'ES256',
  });
  return sdJwt.present(credential, Object.fromEntries(claims.map((name) => [name, true])), {
    kb: { payload: { aud: kb.aud, nonce: kb.nonce, iat: kb.iat ?? Math.floor(Date.now() / 1000) } },
  });
}
