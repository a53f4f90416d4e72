// A bank-like issuer and a holder key the wallet's tests share: real ES256 keys, real SD-JWTs.
import { CREDENTIAL_TYPES, SD_JWT_VC_TYPE } from '@anybank/contracts';
import { base64UrlEncode } from '../../lib/oauth';
import { encodeJson, es256Sign, type JsonObject } from './es256';
import { sha256Base64Url } from './sd-jwt';

export const ISSUER = 'https://bank.example/bank';
export const NOW = new Date('2026-12-07T10:00:00Z');
export const ISSUER_KID = 'vc-key-1';
const subtle = globalThis.crypto.subtle;

export async function keyPair(): Promise<{ privateKey: CryptoKey; publicJwk: JsonObject }> {
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const { kty, crv, x, y } = await subtle.exportKey('jwk', pair.publicKey);
  return { privateKey: pair.privateKey, publicJwk: { kty, crv, x, y } };
}

export const disclosure = (salt: string, name: string, value: unknown) =>
  encodeJson([salt, name, value]);

export const JANE_CLAIMS = {
  given_name: 'Jane',
  family_name: 'Doe',
  birthdate: '1990-04-01',
  age_over_18: true,
  address: { street_address: '1 Main St', locality: 'Springfield', country: 'US' },
  verification_level: 'identity_verified',
};

export interface Issued {
  credential: string;
  issuerJwt: string;
  disclosures: string[];
}

/** An SD-JWT VC as the bank issues one; `change` edits the issuer JWT's header or payload. */
export async function issue(
  issuerKey: CryptoKey,
  holderJwk: JsonObject,
  options: {
    claims?: JsonObject;
    header?: JsonObject;
    payload?: JsonObject;
    extraDigests?: string[];
  } = {},
): Promise<Issued> {
  const claims = options.claims ?? JANE_CLAIMS;
  const disclosures = Object.entries(claims).map(([name, value], index) =>
    disclosure(`salt-${index}`, name, value),
  );
  const digests = await Promise.all(disclosures.map((d) => sha256Base64Url(subtle, d)));
  const iat = Math.floor(NOW.getTime() / 1000) - 60;
  const issuerJwt = await es256Sign(
    subtle,
    issuerKey,
    { typ: SD_JWT_VC_TYPE, kid: ISSUER_KID, ...options.header },
    {
      iss: ISSUER,
      vct: CREDENTIAL_TYPES.verified_customer.vct,
      iat,
      exp: iat + 365 * 86400,
      cnf: { jwk: holderJwk },
      status: { status_list: { idx: 42, uri: `${ISSUER}/api/wallet/status-lists/1` } },
      _sd: [...digests, ...(options.extraDigests ?? [])].sort(),
      _sd_alg: 'sha-256',
      ...options.payload,
    },
  );
  return { credential: `${[issuerJwt, ...disclosures].join('~')}~`, issuerJwt, disclosures };
}

/** A base64url string of random-looking bytes, for a digest nobody has the disclosure of. */
export const decoyDigest = (seed: number) => base64UrlEncode(new Uint8Array(32).fill(seed));
