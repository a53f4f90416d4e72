import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  EmbeddedJWK,
  calculateJwkThumbprint,
  errors as joseErrors,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type Provider from 'oidc-provider';
import { API_AUDIENCE, apiErrorMessage } from '@anybank/contracts';
import type { Config } from '../../../config';
import { DomainError } from '../../../domain-error';
import type { SigningKeyRing } from '../keys/keys.service';

/** Who calls with a DPoP-bound access token (issue 16 §2, ADR 0023). */
export interface SenderConstrainedCaller {
  clientId: string;
  /** The customer the token speaks for; null for the client's own (client-credentials) token. */
  userId: string | null;
  grantId: string | null;
  scopes: ReadonlySet<string>;
  /** The token's RFC 9396 `authorization_details`, as the OAuth server put them in. */
  authorizationDetails: unknown;
}

export interface SenderConstrainedGuard {
  /** 401 without a DPoP-bound token and a valid proof of its key for this request; 403 without the scope. */
  require(request: FastifyRequest, scope: string): Promise<SenderConstrainedCaller>;
}

/** How old a DPoP proof may be, and how far ahead a client's clock may run (seconds). */
const PROOF_MAX_AGE_S = 60;
const CLOCK_TOLERANCE_S = 5;

const invalidProof = () => new DomainError('dpop_proof_invalid');

/**
 * The bank's APIs as the resource server of sender-constrained tokens (RFC 9449 §7): the JWT
 * access token is checked as every other (signature by one of the provider's keys, issuer,
 * audience, expiry), must be bound to a key (`cnf.jkt`), and must come with a DPoP proof signed
 * by that key for this very request (§4.3: `typ`, ES256 over the embedded public key, `htm`,
 * `htu`, a fresh `iat`, `ath` the token's hash) whose `jti` was never seen before (the provider's
 * own replay store). A token whose grant has ended is refused, as everywhere.
 */
export function createSenderConstrainedGuard(
  config: Config,
  provider: Provider,
  signingKeys: Pick<SigningKeyRing, 'verificationKey'>,
): SenderConstrainedGuard {
  const issuer = `${config.publicUrl}${config.basePath}`;
  const keyOfToken: JWTVerifyGetKey = async (header) => {
    const jwk =
      typeof header.kid === 'string' ? await signingKeys.verificationKey(header.kid) : null;
    if (!jwk) throw new joseErrors.JWKSNoMatchingKey();
    return importJWK(jwk, 'ES256');
  };

  async function tokenPayload(token: string) {
    try {
      const { payload } = await jwtVerify(token, keyOfToken, {
        issuer,
        audience: API_AUDIENCE,
        algorithms: ['ES256'],
        typ: 'at+jwt',
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new DomainError('session_ended');
      throw error;
    }
  }

  async function verifyProof(
    request: FastifyRequest,
    token: string,
    jkt: string,
    clientId: string,
  ) {
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
    const htu = `${config.publicUrl}${request.url.split('?')[0] ?? ''}`;
    const ath = createHash('sha256').update(token).digest('base64url');
    if (
      payload.htm !== request.method ||
      payload.htu !== htu ||
      payload.ath !== ath ||
      typeof payload.jti !== 'string' ||
      typeof payload.iat !== 'number' ||
      (await calculateJwkThumbprint(protectedHeader.jwk as JWK)) !== jkt
    ) {
      throw invalidProof();
    }
    const firstUse = await provider.ReplayDetection.unique(
      `dpop:${clientId}`,
      payload.jti,
      payload.iat + PROOF_MAX_AGE_S + CLOCK_TOLERANCE_S,
    );
    if (!firstUse) throw invalidProof();
  }

  return {
    async require(request, scope) {
      const header = request.headers.authorization ?? '';
      const match = /^DPoP ([A-Za-z0-9_.-]+)$/.exec(header);
      if (!match?.[1]) {
        throw new DomainError(
          /^Bearer /i.test(header) ? 'dpop_proof_required' : 'sign_in_required',
        );
      }
      const token = match[1];
      const payload = await tokenPayload(token);
      const cnf = payload.cnf as { jkt?: unknown } | undefined;
      const clientId = typeof payload.client_id === 'string' ? payload.client_id : null;
      if (typeof cnf?.jkt !== 'string' || !clientId) throw new DomainError('dpop_proof_required');
      await verifyProof(request, token, cnf.jkt, clientId);
      const grantId = typeof payload.gid === 'string' ? payload.gid : null;
      if (grantId && !(await provider.Grant.find(grantId))) throw new DomainError('session_ended');
      const scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []);
      if (!scopes.has(scope)) {
        throw new DomainError('missing_scope', {
          message: apiErrorMessage('missing_scope', scope),
        });
      }
      return {
        clientId,
        userId: grantId && typeof payload.sub === 'string' ? payload.sub : null,
        grantId,
        scopes,
        authorizationDetails: payload.authorization_details,
      };
    },
  };
}
