import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';

/** An ES256 signing key as oidc-provider's `jwks` takes it (private part included). */
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

export type PublicSigningJwk = Omit<SigningJwk, 'd'>;

/**
 * A new random token signing key (ES256). Its `kid` is its RFC 7638 thumbprint, so it names
 * this public key and nothing else. Keys are made once and kept in the database
 * (modules/identity/keys): nothing in the repository or the environment derives them.
 */
export async function generateSigningJwk(): Promise<SigningJwk> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error('the generated key has no EC coordinates');
  const kid = await calculateJwkThumbprint({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y });
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d, kid, alg: 'ES256', use: 'sig' };
}

export function publicPartOf(jwk: SigningJwk): PublicSigningJwk {
  const { kty, crv, x, y, kid, alg, use } = jwk;
  return { kty, crv, x, y, kid, alg, use };
}
