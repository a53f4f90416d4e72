import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { SDJwtVcInstance, type SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import {
  CREDENTIAL_TYPES,
  CREDENTIAL_TTL_SECONDS,
  STATUS_LIST_JWT_TYPE,
  STATUS_LIST_SIZE,
  STATUS_LIST_TTL_SECONDS,
  vcPaths,
} from '@anybank/contracts';
import type { IssuerSource } from '../src/modules/retail-shop';

/**
 * A stand-in for the bank's credential issuer (ADR 0027) while the bank issues none yet: its
 * own ES256 key, SD-JWT VCs of the verified-customer type made with @sd-jwt/sd-jwt-vc, and a
 * Token Status List it can set bits in. The shop is given it as its issuer source; the shop's
 * checks are the real ones.
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

export const JANE_CLAIMS = {
  given_name: 'Jane',
  family_name: 'Doe',
  birthdate: '1990-04-12',
  age_over_18: true,
  address: {
    street_address: '1 Main Street',
    locality: 'Springfield',
    postal_code: '12345',
    country: 'US',
  },
  verification_level: 'identity_verified',
};

export async function createTestIssuer() {
  const key = await testKey();
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  let nextIndex = 7;
  /** The bank's site URL, known once the server listens. */
  let url = '';
  const statusListUri = () => `${url}${vcPaths.statusList.replace(':listId', '1')}`;
  const source: IssuerSource = {
    issuerMetadata: async () => ({ issuer: url, jwks: { keys: [key.publicJwk] } }),
    statusList: async (uri: string) =>
      new SignJWT({
        sub: uri,
        ttl: STATUS_LIST_TTL_SECONDS,
        status_list: { bits: 1, lst: deflateSync(bits).toString('base64url') },
      })
        .setProtectedHeader({ alg: 'ES256', kid: key.publicJwk.kid, typ: STATUS_LIST_JWT_TYPE })
        .setIssuedAt()
        .sign(key.privateKey),
  };
  return {
    key,
    source,
    statusListUri,
    listenAt(siteUrl: string) {
      url = siteUrl;
    },
    revoke(idx: number) {
      bits[idx >> 3] = (bits[idx >> 3] ?? 0) | (1 << (idx & 7));
    },
    /** A verified-customer credential for the holder's key, at a fresh status list index. */
    async issue(
      holder: TestKey,
      options: { signWith?: TestKey; claims?: Record<string, unknown>; exp?: number } = {},
    ): Promise<{ credential: string; idx: number }> {
      const signing = options.signWith ?? key;
      const idx = nextIndex++;
      const now = Math.floor(Date.now() / 1000);
      const claims = options.claims ?? JANE_CLAIMS;
      const sdJwt = new SDJwtVcInstance({
        hasher,
        hashAlg: 'sha-256',
        saltGenerator: () => randomBytes(16).toString('base64url'),
        signer: signerOf(signing.privateKey),
        signAlg: 'ES256',
      });
      const payload: SdJwtVcPayload = {
        iss: url,
        iat: now,
        exp: options.exp ?? now + CREDENTIAL_TTL_SECONDS,
        vct: CREDENTIAL_TYPES.verified_customer.vct,
        cnf: { jwk: holder.publicJwk },
        status: { status_list: { idx, uri: statusListUri() } },
        ...claims,
      };
      const frame = { _sd: Object.keys(claims) } as Parameters<SDJwtVcInstance['issue']>[1];
      const credential = await sdJwt.issue(payload, frame, {
        header: { kid: signing.publicJwk.kid },
      });
      return { credential, idx };
    },
  };
}
export type TestIssuer = Awaited<ReturnType<typeof createTestIssuer>>;

/** The holder's presentation: the claims it chooses, and a key-binding JWT (RFC 9901 §4.3). */
export async function presentCredential(
  credential: string,
  holder: TestKey,
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
