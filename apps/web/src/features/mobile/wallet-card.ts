import {
  WALLET_CARD_AUDIENCE,
  WALLET_CARD_JWT_TYPE,
  walletCardClaimsSchema,
  type WalletCardClaims,
} from '@anybank/contracts';
import { base64UrlDecode, decodeJwtPayload } from '../../lib/oauth';

/**
 * Checking an AnyBank customer card in the wallet (ADR 0012): the card is a JWT signed with
 * the bank's token key (ES256); the wallet verifies the signature with WebCrypto against the
 * keys the bank publishes (its JWKS), then the claims: the bank as issuer, the wallet as
 * audience, the card's own type, not expired. DOM-free: WebCrypto, the JWKS and the clock are
 * passed in, so the unit tests run it in Node with keys of their own.
 */

/** One key of a JWKS, as far as the wallet reads it. */
export interface PublishedKey {
  kty?: string;
  crv?: string;
  x?: string;
  y?: string;
  kid?: string;
  alg?: string;
  use?: string;
}

export type CardVerdict =
  /** The bank's key signed exactly these claims, and the card is current. */
  | { kind: 'verified'; claims: WalletCardClaims }
  /** Something is wrong with the card: forged, changed, someone else's, expired. */
  | { kind: 'invalid'; claims: WalletCardClaims | null; reason: string }
  /** The bank's keys could not be fetched: nothing is known either way. */
  | { kind: 'unchecked'; claims: WalletCardClaims | null };

export interface CardCheckContext {
  subtle: SubtleCrypto;
  /** The bank's published keys (`{keys: […]}` of its JWKS). */
  fetchKeys: () => Promise<PublishedKey[]>;
  /** The bank's issuer: its public address and base path. */
  issuer: string;
  now: Date;
}

export const CARD_REASONS = {
  notACard: 'This is not an AnyBank card.',
  unknownKey: 'It is not signed with a key AnyBank publishes.',
  badSignature: 'Its signature does not match its contents.',
  otherIssuer: 'It was issued by someone other than AnyBank.',
  expired: 'It has expired. Pair your wallet again for a new card.',
} as const;

/** The card's claims as it states them, unverified: for showing the card while it is checked. */
export function claimsOf(token: string): WalletCardClaims | null {
  const parsed = walletCardClaimsSchema.safeParse(decodeJwtPayload(token));
  return parsed.success ? parsed.data : null;
}

function headerOf(token: string): Record<string, unknown> | null {
  const [encoded] = token.split('.');
  try {
    const header: unknown = JSON.parse(new TextDecoder().decode(base64UrlDecode(encoded ?? '')));
    return typeof header === 'object' && header !== null
      ? (header as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function signatureOf(token: string): Uint8Array<ArrayBuffer> | null {
  try {
    const bytes = base64UrlDecode(token.split('.')[2] ?? '');
    // ES256 in a JWS is r||s, 32 bytes each: WebCrypto's own format for ECDSA.
    return bytes.length === 64 ? new Uint8Array(bytes) : null;
  } catch {
    return null;
  }
}

async function signatureMatches(
  subtle: SubtleCrypto,
  key: PublishedKey,
  token: string,
  signature: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const publicKey = await subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: key.x, y: key.y },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const signed = token.slice(0, token.lastIndexOf('.'));
  return subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    signature,
    new TextEncoder().encode(signed),
  );
}

/** Verifies a card: its signature against the bank's published keys, then its claims. */
export async function verifyWalletCard(
  token: string,
  context: CardCheckContext,
): Promise<CardVerdict> {
  const claims = claimsOf(token);
  const header = headerOf(token);
  const signature = signatureOf(token);
  const invalid = (reason: string): CardVerdict => ({ kind: 'invalid', claims, reason });
  if (
    claims === null ||
    signature === null ||
    token.split('.').length !== 3 ||
    header?.alg !== 'ES256' ||
    header.typ !== WALLET_CARD_JWT_TYPE ||
    typeof header.kid !== 'string'
  ) {
    return invalid(CARD_REASONS.notACard);
  }

  let keys: PublishedKey[];
  try {
    keys = await context.fetchKeys();
  } catch (error) {
    console.warn("The bank's keys could not be fetched", error);
    return { kind: 'unchecked', claims };
  }
  const key = keys.find(
    (candidate) =>
      candidate.kid === header.kid &&
      candidate.kty === 'EC' &&
      candidate.crv === 'P-256' &&
      (candidate.use === undefined || candidate.use === 'sig'),
  );
  if (!key) return invalid(CARD_REASONS.unknownKey);
  let matches: boolean;
  try {
    matches = await signatureMatches(context.subtle, key, token, signature);
  } catch {
    // A published key WebCrypto cannot import is no key the card can be checked with.
    return invalid(CARD_REASONS.unknownKey);
  }
  if (!matches) return invalid(CARD_REASONS.badSignature);

  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== context.issuer || !audiences.includes(WALLET_CARD_AUDIENCE)) {
    return invalid(CARD_REASONS.otherIssuer);
  }
  if (claims.exp * 1000 <= context.now.getTime()) return invalid(CARD_REASONS.expired);
  return { kind: 'verified', claims };
}
