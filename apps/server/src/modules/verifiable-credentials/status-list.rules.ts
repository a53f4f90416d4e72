import { deflateSync } from 'node:zlib';
import { STATUS_LIST_SIZE } from '@anybank/contracts';

/**
 * The IETF OAuth Token Status List (draft-ietf-oauth-status-list), one bit per credential:
 * 0 valid, 1 revoked. The bits are packed least significant first (entry 0 is bit 0 of byte 0),
 * compressed with zlib (DEFLATE with its header) and sent base64url-encoded as `lst`.
 */

export const STATUS_BITS = 1;
export const STATUS_VALID = 0;
export const STATUS_REVOKED = 1;

/** The `lst` of a list whose entries at `revoked` are set; the others are valid. */
export function encodeStatusList(revoked: Iterable<number>, size = STATUS_LIST_SIZE): string {
  const bytes = new Uint8Array(Math.ceil(size / 8));
  for (const index of revoked) {
    if (!Number.isInteger(index) || index < 0 || index >= size) {
      throw new RangeError(`status index ${index} is outside the list`);
    }
    const byte = index >> 3;
    bytes[byte] = (bytes[byte] ?? 0) | (1 << (index & 7));
  }
  return deflateSync(bytes, { level: 9 }).toString('base64url');
}

/** A random entry for a new credential, so that neighbours in the list tell a verifier nothing. */
export function randomStatusIndex(random: () => number, size = STATUS_LIST_SIZE): number {
  return Math.floor(random() * size);
}

/** The claims of the status list token: the list's own URI as `sub`, and how long to cache it. */
export function statusListClaims(input: {
  issuer: string;
  uri: string;
  lst: string;
  now: Date;
  ttlSeconds: number;
}) {
  const iat = Math.floor(input.now.getTime() / 1000);
  return {
    iss: input.issuer,
    sub: input.uri,
    iat,
    exp: iat + 24 * 60 * 60,
    ttl: input.ttlSeconds,
    status_list: { bits: STATUS_BITS, lst: input.lst },
  };
}
