import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkTokenSignature, type PublishedKeyOf } from './token-signature-check';
import type { PublicSigningJwk } from './oidc.keys';

async function publishedKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return { jwk: jwk as PublicSigningJwk, privateKey };
}

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const signed = (privateKey: PrivateKey, kid: string, claims = { sub: 'jane' }) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);

const keysOf =
  (...keys: PublicSigningJwk[]): PublishedKeyOf =>
  async (kid) =>
    keys.find((key) => key.kid === kid) ?? null;

/** The token with one character of `part` (0 header, 1 claims, 2 signature) changed. */
function tampered(jws: string, part: number): string {
  const parts = jws.split('.');
  const text = parts[part]!;
  const at = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
  return parts.join('.');
}

describe('checking an issued token’s signature on the server against the published keys', () => {
  it('says valid for a token signed by a published key', async () => {
    const { jwk, privateKey } = await publishedKey('k1');
    expect(await checkTokenSignature(await signed(privateKey, 'k1'), keysOf(jwk))).toBe('valid');
  });

  it.each([
    ['its claims changed', 1],
    ['its signature changed', 2],
  ])('says invalid for a tampered token (%s)', async (_what, part) => {
    const { jwk, privateKey } = await publishedKey('k1');
    const token = await signed(privateKey, 'k1', { sub: 'jane.doe-and-more-claims' });
    expect(await checkTokenSignature(tampered(token, part), keysOf(jwk))).toBe('invalid');
  });

  it('says invalid for a token signed by a key that is not published under its kid', async () => {
    const published = await publishedKey('k1');
    const other = await publishedKey('k1');
    expect(
      await checkTokenSignature(await signed(other.privateKey, 'k1'), keysOf(published.jwk)),
    ).toBe('invalid');
    expect(
      await checkTokenSignature(await signed(published.privateKey, 'k2'), keysOf(published.jwk)),
    ).toBe('invalid');
  });

  it('says invalid for something that is not a token', async () => {
    const { jwk } = await publishedKey('k1');
    expect(await checkTokenSignature('not.a.token', keysOf(jwk))).toBe('invalid');
  });
});
