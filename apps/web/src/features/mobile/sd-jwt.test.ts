import { beforeAll, describe, expect, it } from 'vitest';
import { credentialCheckReasons as reasons, CREDENTIAL_TYPES } from '@anybank/contracts';
import { checkCredential } from './credential-check';
import { decodeJws, encodeJson, es256Verifies, type JsonObject } from './es256';
import {
  disclosureProblem,
  keyBindingClaims,
  parseSdJwt,
  presentedPart,
  sha256Base64Url,
} from './sd-jwt';
import {
  ISSUER,
  ISSUER_KID,
  JANE_CLAIMS,
  NOW,
  decoyDigest,
  disclosure,
  issue,
  keyPair,
} from './vc.fixtures';

const subtle = globalThis.crypto.subtle;
let issuer: Awaited<ReturnType<typeof keyPair>>;
let holder: Awaited<ReturnType<typeof keyPair>>;
let stranger: Awaited<ReturnType<typeof keyPair>>;
let issuerKeys: JsonObject[];

beforeAll(async () => {
  [issuer, holder, stranger] = await Promise.all([keyPair(), keyPair(), keyPair()]);
  issuerKeys = [{ ...issuer.publicJwk, kid: ISSUER_KID, use: 'sig' }];
});

const check = (
  credential: string,
  overrides: Partial<Parameters<typeof checkCredential>[1]> = {},
) =>
  checkCredential(credential, {
    subtle,
    issuer: ISSUER,
    keys: issuerKeys,
    holderJwk: holder.publicJwk,
    now: NOW,
    ...overrides,
  });

describe('sha256Base64Url', () => {
  it('is base64url (no padding) of SHA-256 of the text', async () => {
    expect(await sha256Base64Url(subtle, '')).toBe('47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU');
  });
});

describe('parseSdJwt', () => {
  it('splits the issuer JWT, the disclosures and no key-binding JWT', async () => {
    const { credential, issuerJwt } = await issue(issuer.privateKey, holder.publicJwk);
    const parsed = parseSdJwt(credential);
    expect(parsed?.issuerJwt).toBe(issuerJwt);
    expect(parsed?.disclosures.map((d) => [d.name, d.value])).toEqual(Object.entries(JANE_CLAIMS));
    expect(parsed?.keyBindingJwt).toBeNull();
  });

  it.each([
    ['a plain JWT', (c: string) => c.split('~')[0]!],
    ['a broken disclosure', (c: string) => c.replace('~', '~bm90LWpzb24~')],
    ['an array-element disclosure', (c: string) => c.replace('~', `~${encodeJson(['s', 1])}~`)],
    ['no JWT', () => '~abc~'],
  ])('refuses %s', async (_name, change) => {
    const { credential } = await issue(issuer.privateKey, holder.publicJwk);
    expect(parseSdJwt(change(credential))).toBeNull();
  });
});

describe('checkCredential', () => {
  it('verifies a credential the issuer signed for this holder, with its claims', async () => {
    const { credential } = await issue(issuer.privateKey, holder.publicJwk);
    const verdict = await check(credential);
    expect(verdict).toMatchObject({ kind: 'verified', credentialType: 'verified_customer' });
    expect(verdict.kind === 'verified' && verdict.claims).toEqual(JANE_CLAIMS);
  });

  it('accepts digests without a disclosure (decoys)', async () => {
    const { credential } = await issue(issuer.privateKey, holder.publicJwk, {
      extraDigests: [decoyDigest(7)],
    });
    expect((await check(credential)).kind).toBe('verified');
  });

  const cases: [string, () => Promise<string>, JsonObject, string][] = [
    [
      'signed by another key',
      async () => (await issue(stranger.privateKey, holder.publicJwk)).credential,
      {},
      reasons.badSignature,
    ],
    [
      'with an unknown kid',
      async () =>
        (await issue(issuer.privateKey, holder.publicJwk, { header: { kid: 'other' } })).credential,
      {},
      reasons.unknownKey,
    ],
    [
      'of another typ',
      async () =>
        (await issue(issuer.privateKey, holder.publicJwk, { header: { typ: 'JWT' } })).credential,
      {},
      reasons.notACredential,
    ],
    [
      'from another issuer',
      async () =>
        (
          await issue(issuer.privateKey, holder.publicJwk, {
            payload: { iss: 'https://evil.example' },
          })
        ).credential,
      {},
      reasons.otherIssuer,
    ],
    [
      'of an unknown vct',
      async () =>
        (await issue(issuer.privateKey, holder.publicJwk, { payload: { vct: 'urn:other' } }))
          .credential,
      {},
      reasons.unknownType,
    ],
    [
      'expired',
      async () =>
        (
          await issue(issuer.privateKey, holder.publicJwk, {
            payload: { exp: NOW.getTime() / 1000 - 1 },
          })
        ).credential,
      {},
      reasons.expired,
    ],
    [
      'bound to another key',
      async () => (await issue(issuer.privateKey, stranger.publicJwk)).credential,
      {},
      reasons.otherKey,
    ],
    [
      'with a changed disclosure',
      async () => {
        const { issuerJwt, disclosures } = await issue(issuer.privateKey, holder.publicJwk);
        // The real age_over_18, and a birthdate made up with the real one's salt.
        const madeUp = disclosure('salt-2', 'birthdate', '2015-01-01');
        return [issuerJwt, disclosures[3], madeUp, ''].join('~');
      },
      {},
      reasons.disclosures,
    ],
    [
      'with a disclosure repeated',
      async () => {
        const { issuerJwt, disclosures } = await issue(issuer.privateKey, holder.publicJwk);
        return [issuerJwt, disclosures[0], disclosures[0], ''].join('~');
      },
      {},
      reasons.disclosures,
    ],
    [
      'with a key-binding JWT already',
      async () => `${(await issue(issuer.privateKey, holder.publicJwk)).credential}a.b.c`,
      {},
      reasons.notACredential,
    ],
  ];
  it.each(cases)('refuses a credential %s', async (_name, make, _extra, reason) => {
    expect(await check(await make())).toEqual({ kind: 'invalid', reason });
  });

  it('refuses when the issuer publishes other keys only', async () => {
    const { credential } = await issue(issuer.privateKey, holder.publicJwk);
    const verdict = await check(credential, {
      keys: [{ ...stranger.publicJwk, kid: ISSUER_KID }],
    });
    expect(verdict).toEqual({ kind: 'invalid', reason: reasons.badSignature });
  });
});

describe('presenting', () => {
  it('keeps only the chosen disclosures, in the credential’s order, ending with ~', async () => {
    const { credential, issuerJwt, disclosures } = await issue(issuer.privateKey, holder.publicJwk);
    const parsed = parseSdJwt(credential)!;
    expect(presentedPart(parsed, ['address', 'given_name', 'not_there'])).toBe(
      `${issuerJwt}~${disclosures[0]}~${disclosures[4]}~`,
    );
    expect(presentedPart(parsed, [])).toBe(`${issuerJwt}~`);
    expect(
      await disclosureProblem(subtle, parseSdJwt(presentedPart(parsed, ['age_over_18']))!),
    ).toBeNull();
  });

  it('binds the key-binding claims to the audience, nonce and exact presented bytes', async () => {
    const claims = await keyBindingClaims(subtle, 'jwt~d1~', {
      audience: 'retail-shop',
      nonce: 'n-1',
      now: NOW,
    });
    expect(claims).toEqual({
      iat: NOW.getTime() / 1000,
      aud: 'retail-shop',
      nonce: 'n-1',
      sd_hash: await sha256Base64Url(subtle, 'jwt~d1~'),
    });
    expect(claims.sd_hash).not.toBe(await sha256Base64Url(subtle, 'jwt~d1'));
  });
});

describe('es256Verifies', () => {
  it('is false for a payload changed after signing', async () => {
    const { issuerJwt } = await issue(issuer.privateKey, holder.publicJwk);
    const [head, , signature] = issuerJwt.split('.');
    const forged = decodeJws(
      `${head}.${encodeJson({ vct: CREDENTIAL_TYPES.account_holder.vct })}.${signature}`,
    )!;
    expect(await es256Verifies(subtle, forged, issuer.publicJwk)).toBe(false);
    expect(await es256Verifies(subtle, decodeJws(issuerJwt)!, issuer.publicJwk)).toBe(true);
  });
});
