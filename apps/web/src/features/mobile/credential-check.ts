import {
  SD_JWT_VC_TYPE,
  credentialCheckReasons as reasons,
  credentialTypeOf,
  type CredentialType,
} from '@anybank/contracts';
import { es256Verifies, keyFor, type JsonObject } from './es256';
import { disclosedClaims, disclosureProblem, parseSdJwt } from './sd-jwt';

/**
 * The wallet's check of an SD-JWT VC the bank issued, before it keeps it (ADR 0027): the issuer
 * JWT is a `dc+sd-jwt` signed (ES256) by a key the issuer publishes at
 * `/.well-known/jwt-vc-issuer`, by that issuer, of a type the wallet knows, current, bound to
 * the wallet's own key (`cnf.jwk`), and every disclosure's digest is among those it signed.
 * DOM-free: WebCrypto, the keys and the clock are passed in.
 */

export type CredentialVerdict =
  | {
      kind: 'verified';
      credentialType: CredentialType;
      claims: JsonObject;
      expiresAt: Date;
    }
  | { kind: 'invalid'; reason: string };

export interface CredentialCheckContext {
  subtle: SubtleCrypto;
  /** The issuer the credential must name (`iss`), and the keys it publishes. */
  issuer: string;
  keys: readonly JsonObject[];
  /** The public key the wallet proved it holds: `cnf.jwk` must be it. */
  holderJwk: JsonObject;
  now: Date;
}

const sameKey = (a: unknown, b: JsonObject) =>
  typeof a === 'object' &&
  a !== null &&
  (a as JsonObject).kty === b.kty &&
  (a as JsonObject).crv === b.crv &&
  (a as JsonObject).x === b.x &&
  (a as JsonObject).y === b.y;

export async function checkCredential(
  compact: string,
  context: CredentialCheckContext,
): Promise<CredentialVerdict> {
  const invalid = (reason: string): CredentialVerdict => ({ kind: 'invalid', reason });
  const sdJwt = parseSdJwt(compact);
  if (sdJwt === null || sdJwt.keyBindingJwt !== null) return invalid(reasons.notACredential);
  const { header, payload } = sdJwt.jws;
  if (header.typ !== SD_JWT_VC_TYPE || header.alg !== 'ES256') {
    return invalid(reasons.notACredential);
  }
  const key = keyFor(context.keys, header.kid);
  if (key === null) return invalid(reasons.unknownKey);
  if (!(await es256Verifies(context.subtle, sdJwt.jws, key))) return invalid(reasons.badSignature);
  if (payload.iss !== context.issuer) return invalid(reasons.otherIssuer);
  const credentialType = typeof payload.vct === 'string' ? credentialTypeOf(payload.vct) : null;
  if (credentialType === null) return invalid(reasons.unknownType);
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= context.now.getTime()) {
    return invalid(reasons.expired);
  }
  const cnf = payload.cnf as JsonObject | undefined;
  if (!sameKey(cnf?.jwk, context.holderJwk)) return invalid(reasons.otherKey);
  if ((await disclosureProblem(context.subtle, sdJwt)) !== null) {
    return invalid(reasons.disclosures);
  }
  return {
    kind: 'verified',
    credentialType,
    claims: disclosedClaims(sdJwt),
    expiresAt: new Date(payload.exp * 1000),
  };
}

/** A kept credential as the wallet lists it (checked when it was added), or null. */
export function readCredential(
  compact: string,
): { credentialType: CredentialType; claims: JsonObject; expiresAt: Date | null } | null {
  const sdJwt = parseSdJwt(compact);
  const vct = sdJwt?.jws.payload.vct;
  const credentialType = typeof vct === 'string' ? credentialTypeOf(vct) : null;
  if (sdJwt === null || credentialType === null) return null;
  const exp = sdJwt.jws.payload.exp;
  return {
    credentialType,
    claims: disclosedClaims(sdJwt),
    expiresAt: typeof exp === 'number' ? new Date(exp * 1000) : null,
  };
}
