import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, type PublishedKey } from './token-signature';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const b64url = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? Buffer.from(bytes) : bytes).toString('base64url');

async function signedToken(kid: string) {
  const pair = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const signingInput = `${b64url(JSON.stringify({ alg: 'ES256', kid }))}.${b64url(JSON.stringify({ sub: 'jane' }))}`;
  const signature = new Uint8Array(
    await subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      pair.privateKey,
      new TextEncoder().encode(signingInput),
    ),
  );
  const jwk = { ...(await subtle.exportKey('jwk', pair.publicKey)), kid } as PublishedKey;
  return { signingInput, token: `${signingInput}.${b64url(signature)}`, jwk };
}

describe('checking a token’s signature in the browser (WebCrypto, ES256)', () => {
  it('says valid for the token this page holds, signed by a published key', async () => {
    const { signingInput, token, jwk } = await signedToken('k1');
    expect(await checkSignature(signingInput, token, [jwk], subtle)).toBe('valid');
  });

  it('says invalid when the signature is not the published key’s', async () => {
    const ours = await signedToken('k1');
    const other = await signedToken('k1');
    expect(await checkSignature(ours.signingInput, ours.token, [other.jwk], subtle)).toBe(
      'invalid',
    );
  });

  it('says invalid when no published key has the token’s kid', async () => {
    const { signingInput, token, jwk } = await signedToken('k1');
    expect(await checkSignature(signingInput, token, [{ ...jwk, kid: 'k2' }], subtle)).toBe(
      'invalid',
    );
  });

  it('does not check a token this page does not hold', async () => {
    const { signingInput, jwk } = await signedToken('k1');
    expect(await checkSignature(signingInput, null, [jwk], subtle)).toBe('unchecked');
    expect(await checkSignature(signingInput, 'another.token.sig', [jwk], subtle)).toBe(
      'unchecked',
    );
  });
});
