/**
 * Whether a token's signature checks against the bank's published keys, checked
 * here in the browser with WebCrypto (ES256: ECDSA P-256 with SHA-256, the signature as r||s,
 * which is the form WebCrypto verifies). The server records a token without its signature; the
 * signature is the one of the token this page holds.
 */
export type SignatureCheck = 'valid' | 'invalid' | 'unchecked';

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export interface PublishedKey extends JsonWebKey {
  kid?: string;
}

export async function checkSignature(
  signingInput: string,
  heldToken: string | null,
  keys: readonly PublishedKey[],
  subtle: SubtleCrypto = crypto.subtle,
): Promise<SignatureCheck> {
  if (!heldToken?.startsWith(`${signingInput}.`)) return 'unchecked';
  let kid: unknown;
  try {
    const [header = ''] = signingInput.split('.');
    ({ kid } = JSON.parse(new TextDecoder().decode(base64UrlBytes(header))) as { kid?: unknown });
  } catch {
    return 'invalid';
  }
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return 'invalid';
  try {
    const key = await subtle.importKey(
      'jwk',
      { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const signature = base64UrlBytes(heldToken.slice(signingInput.length + 1));
    const verified = await subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      signature,
      new TextEncoder().encode(signingInput),
    );
    return verified ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}
