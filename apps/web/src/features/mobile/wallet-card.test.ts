import { beforeAll, describe, expect, it } from 'vitest';
import {
  WALLET_CARD_AUDIENCE,
  WALLET_CARD_JWT_TYPE,
  WALLET_CARD_TYPE,
  type WalletCardClaims,
} from '@anybank/contracts';
import { base64UrlEncode } from '../../lib/oauth';
import { CARD_REASONS, verifyWalletCard, type PublishedKey } from './wallet-card';

const ISSUER = 'https://bank.example';
const NOW = new Date('2026-03-01T10:00:00Z');
const KID = 'bank-key-1';

const CLAIMS: WalletCardClaims = {
  iss: ISSUER,
  sub: '0b6f2d7e-4c1a-4f8e-9a57-3d2c1b0a9f88',
  aud: WALLET_CARD_AUDIENCE,
  iat: NOW.getTime() / 1000 - 60,
  exp: NOW.getTime() / 1000 + 3600,
  jti: 'card-1',
  card_type: WALLET_CARD_TYPE,
  name: 'Robin Tester',
  given_name: 'Robin',
  family_name: 'Tester',
  customer_number: '••••••1234',
};

const encode = (value: unknown) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));

async function newKeyPair() {
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
}

/** A compact JWS as the bank makes one: ES256 over `header.payload`, r||s in base64url. */
async function signCard(
  privateKey: CryptoKey,
  claims: unknown,
  header: Record<string, unknown> = { alg: 'ES256', kid: KID, typ: WALLET_CARD_JWT_TYPE },
): Promise<string> {
  const signed = `${encode(header)}.${encode(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    privateKey,
    new TextEncoder().encode(signed),
  );
  return `${signed}.${base64UrlEncode(new Uint8Array(signature))}`;
}

describe('checking a card in the wallet', () => {
  let bankKeys: CryptoKeyPair;
  let forgerKeys: CryptoKeyPair;
  let published: PublishedKey[];

  beforeAll(async () => {
    bankKeys = await newKeyPair();
    forgerKeys = await newKeyPair();
    const jwk = await crypto.subtle.exportKey('jwk', bankKeys.publicKey);
    published = [
      { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: KID, alg: 'ES256', use: 'sig' },
    ];
  });

  const check = (token: string, fetchKeys = async () => published) =>
    verifyWalletCard(token, { subtle: crypto.subtle, fetchKeys, issuer: ISSUER, now: NOW });

  it("marks a card signed with the bank's published key as verified, with its claims", async () => {
    const verdict = await check(await signCard(bankKeys.privateKey, CLAIMS));
    expect(verdict).toEqual({ kind: 'verified', claims: CLAIMS });
  });

  it('refuses a card whose holder was changed after signing', async () => {
    const token = await signCard(bankKeys.privateKey, CLAIMS);
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${encode({ ...CLAIMS, name: 'Mallory Forger' })}.${signature}`;
    const verdict = await check(tampered);
    expect(verdict.kind).toBe('invalid');
    expect(verdict).toMatchObject({ reason: CARD_REASONS.badSignature });
    // The wallet still knows what the card claims, to show it as not verified.
    expect(verdict.claims?.name).toBe('Mallory Forger');
  });

  it('refuses a card whose signature was changed', async () => {
    const token = await signCard(bankKeys.privateKey, CLAIMS);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await check(tampered)).toMatchObject({
      kind: 'invalid',
      reason: CARD_REASONS.badSignature,
    });
  });

  it("refuses a card a forger signed under the bank's key id", async () => {
    const verdict = await check(await signCard(forgerKeys.privateKey, CLAIMS));
    expect(verdict).toMatchObject({ kind: 'invalid', reason: CARD_REASONS.badSignature });
  });

  it('refuses a card signed with a key the bank does not publish', async () => {
    const token = await signCard(bankKeys.privateKey, CLAIMS, {
      alg: 'ES256',
      kid: 'someone-else',
      typ: WALLET_CARD_JWT_TYPE,
    });
    expect(await check(token)).toMatchObject({ kind: 'invalid', reason: CARD_REASONS.unknownKey });
  });

  it('refuses a card from another issuer, or meant for another audience', async () => {
    const foreign = await signCard(bankKeys.privateKey, { ...CLAIMS, iss: 'https://evil.example' });
    expect(await check(foreign)).toMatchObject({ reason: CARD_REASONS.otherIssuer });
    const misdirected = await signCard(bankKeys.privateKey, { ...CLAIMS, aud: 'anybank-api' });
    expect(await check(misdirected)).toMatchObject({ reason: CARD_REASONS.otherIssuer });
  });

  it('refuses an expired card', async () => {
    const expired = await signCard(bankKeys.privateKey, {
      ...CLAIMS,
      exp: NOW.getTime() / 1000,
    });
    expect(await check(expired)).toMatchObject({ kind: 'invalid', reason: CARD_REASONS.expired });
  });

  it("refuses the bank's other tokens and unsigned ones, even with a card's claims", async () => {
    const accessToken = await signCard(bankKeys.privateKey, CLAIMS, {
      alg: 'ES256',
      kid: KID,
      typ: 'at+jwt',
    });
    expect(await check(accessToken)).toMatchObject({ reason: CARD_REASONS.notACard });
    const unsigned = `${encode({ alg: 'none', typ: WALLET_CARD_JWT_TYPE, kid: KID })}.${encode(CLAIMS)}.`;
    expect(await check(unsigned)).toMatchObject({ reason: CARD_REASONS.notACard });
    const notACard = await signCard(bankKeys.privateKey, { ...CLAIMS, card_type: 'gift-card' });
    expect(await check(notACard)).toMatchObject({ reason: CARD_REASONS.notACard, claims: null });
    expect(await check('not-a-jwt')).toMatchObject({ reason: CARD_REASONS.notACard });
  });

  it("says nothing either way when the bank's keys cannot be fetched", async () => {
    const token = await signCard(bankKeys.privateKey, CLAIMS);
    const offline = async (): Promise<PublishedKey[]> => {
      throw new TypeError('Failed to fetch');
    };
    expect(await check(token, offline)).toEqual({ kind: 'unchecked', claims: CLAIMS });
  });
});
