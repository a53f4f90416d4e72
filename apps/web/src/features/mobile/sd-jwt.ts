import { base64UrlEncode } from '../../lib/oauth';
import { decodeJson, decodeJws, type DecodedJws, type JsonObject } from './es256';

/**
 * SD-JWT (RFC 9901) as the holder reads and presents it (ADR 0027): `<issuer-jwt>~<d1>~…~` and,
 * presented, `<issuer-jwt>~<chosen disclosures>~<kb-jwt>`. Each disclosure is base64url of the
 * JSON `[salt, name, value]`; the issuer JWT's `_sd` lists base64url(SHA-256(disclosure)) of
 * each, so a disclosure cannot be changed or made up without the digest check failing.
 * DOM-free: `subtle` is passed in.
 */

export interface Disclosure {
  /** As it travels: the base64url text the digest is made of. */
  encoded: string;
  name: string;
  value: unknown;
}

export interface SdJwt {
  issuerJwt: string;
  jws: DecodedJws;
  disclosures: Disclosure[];
  /** The key-binding JWT after the last `~`, when presented; null in the wallet's own copy. */
  keyBindingJwt: string | null;
}

/** One object-property disclosure, or null (array-element disclosures are none the bank makes). */
export function parseDisclosure(encoded: string): Disclosure | null {
  const value = decodeJson(encoded);
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [salt, name] = value as unknown[];
  if (typeof salt !== 'string' || typeof name !== 'string' || name === '_sd' || name === '...') {
    return null;
  }
  return { encoded, name, value: value[2] as unknown };
}

/** The parts of an SD-JWT, unverified; null when it is not one. */
export function parseSdJwt(compact: string): SdJwt | null {
  const parts = compact.trim().split('~');
  if (parts.length < 2) return null;
  const issuerJwt = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  const jws = decodeJws(issuerJwt);
  if (jws === null) return null;
  const disclosures: Disclosure[] = [];
  for (const encoded of parts.slice(1, -1)) {
    const disclosure = parseDisclosure(encoded);
    if (disclosure === null) return null;
    disclosures.push(disclosure);
  }
  return { issuerJwt, jws, disclosures, keyBindingJwt: last === '' ? null : last };
}

/** base64url(SHA-256(the ASCII of `text`)): a disclosure's digest, and `sd_hash`. */
export async function sha256Base64Url(subtle: SubtleCrypto, text: string): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return base64UrlEncode(new Uint8Array(digest));
}

/**
 * Why the disclosures do not belong to the issuer JWT, or null when each one's digest is among
 * its `_sd` (once) and none hides a claim the JWT states in the clear.
 */
export async function disclosureProblem(
  subtle: SubtleCrypto,
  sdJwt: SdJwt,
): Promise<string | null> {
  const { payload } = sdJwt.jws;
  if (payload._sd_alg !== 'sha-256') return 'its digests are not SHA-256';
  const digests = Array.isArray(payload._sd) ? (payload._sd as unknown[]) : [];
  const seen = new Set<string>();
  const names = new Set<string>();
  for (const disclosure of sdJwt.disclosures) {
    const digest = await sha256Base64Url(subtle, disclosure.encoded);
    if (!digests.includes(digest)) return `the ${disclosure.name} it discloses was not signed`;
    if (seen.has(digest) || names.has(disclosure.name) || disclosure.name in payload) {
      return `it discloses ${disclosure.name} twice`;
    }
    seen.add(digest);
    names.add(disclosure.name);
  }
  return null;
}

/** The claims the disclosures reveal, by name, in the order they come. */
export function disclosedClaims(sdJwt: Pick<SdJwt, 'disclosures'>): JsonObject {
  return Object.fromEntries(sdJwt.disclosures.map(({ name, value }) => [name, value]));
}

/**
 * What a presentation shows before its key-binding JWT: the issuer JWT and only the
 * disclosures of `names` (ending with `~`). A name the credential does not disclose is left out.
 */
export function presentedPart(sdJwt: SdJwt, names: readonly string[]): string {
  const chosen = sdJwt.disclosures.filter((disclosure) => names.includes(disclosure.name));
  return [sdJwt.issuerJwt, ...chosen.map((disclosure) => disclosure.encoded), ''].join('~');
}

/** The key-binding JWT's claims (RFC 9901 §4.3): for this verifier, this request, these bytes. */
export async function keyBindingClaims(
  subtle: SubtleCrypto,
  presented: string,
  options: { audience: string; nonce: string; now: Date },
): Promise<JsonObject> {
  return {
    iat: Math.floor(options.now.getTime() / 1000),
    aud: options.audience,
    nonce: options.nonce,
    sd_hash: await sha256Base64Url(subtle, presented),
  };
}
