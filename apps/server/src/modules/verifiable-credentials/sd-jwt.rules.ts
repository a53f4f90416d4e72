import { createHash } from 'node:crypto';

/**
 * Selective disclosure for JWTs (RFC 9901), the part an issuer does: each claim becomes a
 * disclosure `base64url(JSON [salt, name, value])`, and the signed payload carries only its
 * SHA-256 digest in `_sd`. A holder shows a verifier the disclosures it chooses; the digests
 * prove they are the issuer's, and the rest stay hidden behind their digests.
 */

export const SD_ALG = 'sha-256';

/** One disclosure as it travels (`encoded`) and the digest the payload lists for it. */
export interface Disclosure {
  name: string;
  encoded: string;
  digest: string;
}

/** The digest of a disclosure: over its base64url text, as the holder sends it. */
export function disclosureDigest(encoded: string): string {
  return createHash('sha256').update(encoded, 'ascii').digest('base64url');
}

export function encodeDisclosure(salt: string, name: string, value: unknown): Disclosure {
  const encoded = Buffer.from(JSON.stringify([salt, name, value]), 'utf8').toString('base64url');
  return { name, encoded, digest: disclosureDigest(encoded) };
}

/**
 * Every claim disclosable on its own. The digests are sorted, so their order in `_sd` says
 * nothing about which claim is which; `saltOf` gives each claim a fresh random salt (128 bits),
 * without which a verifier could guess a hidden value by hashing candidates.
 */
export function discloseEach(
  claims: Readonly<Record<string, unknown>>,
  saltOf: (name: string) => string,
): { sd: string[]; disclosures: Disclosure[] } {
  const disclosures = Object.entries(claims).map(([name, value]) =>
    encodeDisclosure(saltOf(name), name, value),
  );
  return { sd: disclosures.map((item) => item.digest).sort(), disclosures };
}

/** The SD-JWT as issued: the signed JWT, then every disclosure, each followed by `~`. */
export function combinedSdJwt(issuerJwt: string, disclosures: readonly Disclosure[]): string {
  return `${[issuerJwt, ...disclosures.map((item) => item.encoded)].join('~')}~`;
}
