import { base64UrlDecode, base64UrlEncode } from '../../lib/oauth';

/**
 * Compact JWS with ES256, the one algorithm the phone's wallet signs and verifies (ADR 0027):
 * the issuer's credential, a verifier's request object, the wallet's own proof and key-binding
 * JWTs. WebCrypto's ECDSA signature is r||s, the JWS encoding itself. DOM-free: `subtle` is
 * passed in, so the unit tests run it in Node.
 */

export type JsonObject = Record<string, unknown>;

export interface DecodedJws {
  header: JsonObject;
  payload: JsonObject;
  /** `header.payload`, the bytes the signature covers. */
  signingInput: string;
  signature: Uint8Array<ArrayBuffer>;
}

const ECDSA_P256: EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' };
const ES256: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const encodeJson = (value: unknown): string =>
  base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));

/** The JSON a base64url part holds, or undefined when it holds none. */
export function decodeJson(part: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(base64UrlDecode(part)));
  } catch {
    return undefined;
  }
}

/** A compact JWS's parts, unverified; null when it is not one (or its signature is no r||s). */
export function decodeJws(compact: string): DecodedJws | null {
  const [head = '', body = '', signature = '', ...rest] = compact.split('.');
  if (rest.length > 0 || signature === '') return null;
  const [header, payload] = [decodeJson(head), decodeJson(body)];
  if (!isObject(header) || !isObject(payload)) return null;
  let bytes: Uint8Array;
  try {
    bytes = base64UrlDecode(signature);
  } catch {
    return null;
  }
  if (bytes.length !== 64) return null;
  return { header, payload, signingInput: `${head}.${body}`, signature: new Uint8Array(bytes) };
}

/** Whether `jwk` (a P-256 public key) signed this JWS with ES256; false for any other key. */
export async function es256Verifies(
  subtle: SubtleCrypto,
  jws: DecodedJws,
  jwk: JsonObject,
): Promise<boolean> {
  if (jws.header.alg !== 'ES256' || jwk.kty !== 'EC' || jwk.crv !== 'P-256') return false;
  try {
    const key = await subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string },
      ECDSA_P256,
      false,
      ['verify'],
    );
    return await subtle.verify(
      ES256,
      key,
      jws.signature,
      new TextEncoder().encode(jws.signingInput),
    );
  } catch {
    return false;
  }
}

/** Signs `header.payload` with the private key; `header.alg` is set to ES256. */
export async function es256Sign(
  subtle: SubtleCrypto,
  privateKey: CryptoKey,
  header: JsonObject,
  payload: JsonObject,
): Promise<string> {
  const signingInput = `${encodeJson({ ...header, alg: 'ES256' })}.${encodeJson(payload)}`;
  const signature = await subtle.sign(ES256, privateKey, new TextEncoder().encode(signingInput));
  return `${signingInput}.${base64UrlEncode(new Uint8Array(signature))}`;
}

/** The key among `keys` with this `kid` (any key when the JWS names none and there is one). */
export function keyFor(keys: readonly JsonObject[], kid: unknown): JsonObject | null {
  if (typeof kid !== 'string') return keys.length === 1 ? (keys[0] ?? null) : null;
  return (
    keys.find((key) => key.kid === kid && (key.use === undefined || key.use === 'sig')) ?? null
  );
}
