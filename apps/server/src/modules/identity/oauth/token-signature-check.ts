import { compactVerify, importJWK, type CompactVerifyGetKey } from 'jose';
import type { PublicSigningJwk } from './oidc.keys';

/**
 * Whether a token the OAuth server just issued verifies against the bank's published keys
 * (`/as/jwks`), checked on the server for a "Behind the scenes" panel (ADR 0021): the panel is
 * told the outcome of this check, never asked to believe it. Only the signature is checked
 * (ES256, the key named by the token's `kid`): expiry and audience are not what the panel says.
 */
export type TokenSignature = 'valid' | 'invalid';

/** The published public key of a `kid`, or null (the key ring's `verificationKey`). */
export type PublishedKeyOf = (kid: string) => Promise<PublicSigningJwk | null>;

export async function checkTokenSignature(
  jws: string,
  publishedKeyOf: PublishedKeyOf,
): Promise<TokenSignature> {
  const keyOf: CompactVerifyGetKey = async (header) => {
    const jwk = typeof header.kid === 'string' ? await publishedKeyOf(header.kid) : null;
    if (!jwk) throw new Error('no published key has this kid');
    return importJWK(jwk, 'ES256');
  };
  try {
    await compactVerify(jws, keyOf, { algorithms: ['ES256'] });
    return 'valid';
  } catch {
    return 'invalid';
  }
}
