import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  EmbeddedJWK,
  calculateJwkThumbprint,
  errors as joseErrors,
  jwtVerify,
  type JWK,
} from 'jose';
import { DomainError } from '../../../domain-error';

/** How old a DPoP proof may be, and how far ahead a client's clock may run (seconds). */
const PROOF_MAX_AGE_S = 60;
const CLOCK_TOLERANCE_S = 5;

/** The replay store: true the first time a client's `jti` is seen (one atomic insert). */
export type FirstUse = (iss: string, jti: string, expiresAt: number) => Promise<boolean>;

const invalidProof = () => new DomainError('dpop_proof_invalid');

/**
 * The DPoP proof a resource server checks beside a token bound to a key (RFC 9449 §4.3, §7):
 * `typ`, ES256 over the embedded public key, `htm`, `htu` (this request, no query), a fresh
 * `iat`, `ath` the token's hash, the key's thumbprint the token's `cnf.jkt`, and a `jti` never
 * seen before from this client (the provider's replay store, which its own endpoints use too).
 * 401 `dpop_proof_required` without a proof, `dpop_proof_invalid` for any other failure.
 */
export async function verifyDpopProof(
  request: FastifyRequest,
  bound: { token: string; jkt: string; clientId: string },
  publicUrl: string,
  firstUse: FirstUse,
): Promise<void> {
  const proof = request.headers.dpop;
  if (typeof proof !== 'string' || proof === '') throw new DomainError('dpop_proof_required');
  let verified;
  try {
    verified = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: ['ES256'],
      maxTokenAge: PROOF_MAX_AGE_S,
      clockTolerance: CLOCK_TOLERANCE_S,
    });
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw invalidProof();
    throw error;
  }
  const { payload, protectedHeader } = verified;
  const htu = `${publicUrl}${request.url.split('?')[0] ?? ''}`;
  const ath = createHash('sha256').update(bound.token).digest('base64url');
  if (
    payload.htm !== request.method ||
    payload.htu !== htu ||
    payload.ath !== ath ||
    typeof payload.jti !== 'string' ||
    typeof payload.iat !== 'number' ||
    (await calculateJwkThumbprint(protectedHeader.jwk as JWK)) !== bound.jkt
  ) {
    throw invalidProof();
  }
  const first = await firstUse(
    `dpop:${bound.clientId}`,
    payload.jti,
    payload.iat + PROOF_MAX_AGE_S + CLOCK_TOLERANCE_S,
  );
  if (!first) throw invalidProof();
}
