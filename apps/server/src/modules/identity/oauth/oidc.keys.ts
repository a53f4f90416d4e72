import { createECDH, createHash, hkdfSync } from 'node:crypto';

/** The order of the P-256 group: a private scalar must be in [1, n-1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export interface SigningJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/**
 * The token signing key (ES256), derived from SIGNING_SECRET with HKDF. Every instance with the
 * same secret signs with the same key, so none needs to share a key file, and rotating the
 * secret rotates the key (which signs every session out: that is what a rotation is for).
 */
export function deriveSigningJwk(secret: string): SigningJwk {
  for (let counter = 0; ; counter += 1) {
    const candidate = Buffer.from(
      hkdfSync('sha256', secret, 'anybank-oidc', `es256-signing-key-${counter}`, 32),
    );
    const scalar = BigInt(`0x${candidate.toString('hex')}`);
    if (scalar === 0n || scalar >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(candidate);
    const publicKey = ecdh.getPublicKey();
    const x = publicKey.subarray(1, 33).toString('base64url');
    const y = publicKey.subarray(33, 65).toString('base64url');
    const kid = createHash('sha256').update(publicKey).digest('base64url').slice(0, 16);
    return {
      kty: 'EC',
      crv: 'P-256',
      x,
      y,
      d: candidate.toString('base64url'),
      kid,
      alg: 'ES256',
      use: 'sig',
    };
  }
}
