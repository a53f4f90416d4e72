import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';

/**
 * Push approvals on the bank's phone app: how long a request waits, what its status is at a
 * moment, and what exactly the phone signs. The phone's key is an ECDSA P-256 key made by the
 * app (WebCrypto) when it was activated; the server keeps only the public half.
 */
export const PUSH_TTL_MS = 2 * 60 * 1000;
/** How old a phone's signed listing request may be (clock drift, slow networks). */
export const DEVICE_SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000;

export type PushStatus = 'pending' | 'approved' | 'denied' | 'expired';
/** What the phone signs is in the contracts, shared with the phone app. */
export {
  pushDecisionMessage as decisionMessage,
  pushListingMessage as listingMessage,
  type PushDecision,
} from '@anybank/contracts';

export function pushStatusAt(row: { status: string; expiresAt: Date }, now: Date): PushStatus {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status as PushStatus;
}

export function isFreshTimestamp(timestampMs: number, now: Date): boolean {
  return (
    Number.isSafeInteger(timestampMs) &&
    Math.abs(now.getTime() - timestampMs) <= DEVICE_SIGNATURE_MAX_AGE_MS
  );
}

/** A P-256 public key as the phone sends it (JWK, no private part). */
export function isPublicP256Jwk(value: unknown): value is JsonWebKey {
  const jwk = value as Record<string, unknown> | null;
  return (
    typeof jwk === 'object' &&
    jwk !== null &&
    jwk.kty === 'EC' &&
    jwk.crv === 'P-256' &&
    typeof jwk.x === 'string' &&
    typeof jwk.y === 'string' &&
    !('d' in jwk)
  );
}

/** Verifies a WebCrypto ECDSA P-256/SHA-256 signature (raw r||s, base64url). */
export function verifyDeviceSignature(
  publicJwk: JsonWebKey,
  message: string,
  signature: string,
): boolean {
  try {
    const key = createPublicKey({ key: publicJwk, format: 'jwk' });
    return verify(
      'sha256',
      Buffer.from(message),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
}
