import { createHash } from 'node:crypto';
import {
  WALLET_CARD_AUDIENCE,
  WALLET_CARD_TTL_SECONDS,
  WALLET_CARD_TYPE,
  WALLET_PAIRING_LINK_PARAM,
  WALLET_PAIRING_TTL_SECONDS,
  WALLET_TICKET_PATTERN,
  type WalletCardClaims,
  type WalletPairingStatus,
} from '@anybank/contracts';

/**
 * Pure rules of digital-wallet pairing: the ticket's life (10 minutes, once), the pairing link,
 * and the claims of the AnyBank customer card. No HTTP, no SQL; time is passed in.
 */

/** What the store holds of a pairing. */
export interface PairingRecord {
  expiresAt: Date;
  redeemedAt: Date | null;
}

/** When a pairing started now stops working. */
export function pairingExpiry(now: Date): Date {
  return new Date(now.getTime() + WALLET_PAIRING_TTL_SECONDS * 1000);
}

/**
 * A ticket works once, before it expires: after that neither a second phone nor a replay of the
 * link gets a card.
 */
export function isRedeemable(pairing: PairingRecord, now: Date): boolean {
  return pairing.redeemedAt === null && now.getTime() < pairing.expiresAt.getTime();
}

/** What the personal-details page is told: taken (whenever that was), still open, or too late. */
export function pairingStatusOf(pairing: PairingRecord, now: Date): WalletPairingStatus {
  if (pairing.redeemedAt !== null) return 'PAIRED';
  return isRedeemable(pairing, now) ? 'PENDING' : 'EXPIRED';
}

/**
 * The ticket as stored: its SHA-256. A ticket is 256 random bits, so a plain hash is enough to
 * make a copy of the table useless for redeeming (no salt or slow hash needed, unlike passwords).
 */
export function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket, 'utf8').digest('hex');
}

export function isTicketShaped(ticket: string): boolean {
  return WALLET_TICKET_PATTERN.test(ticket);
}

/** `{site}/mobile#walletPairing=<ticket>`: the fragment keeps the ticket out of server logs. */
export function pairingLinkOf(site: string, ticket: string): string {
  return `${site.replace(/\/+$/, '')}/mobile#${WALLET_PAIRING_LINK_PARAM}=${ticket}`;
}

/**
 * The customer's number as the card shows it: ten digits taken from their id, so the same
 * customer always gets the same number without a column of its own. It is a display number,
 * not a secret: the card carries only its last four digits.
 */
export function customerNumberOf(userId: string): string {
  const hex = createHash('sha256').update(`anybank-customer-number:${userId}`).digest('hex');
  return (BigInt(`0x${hex.slice(0, 16)}`) % 10_000_000_000n).toString().padStart(10, '0');
}

/** Every digit but the last four hidden. */
export function maskNumber(number: string): string {
  return `${'•'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}

export interface CardHolder {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * The claims of an AnyBank customer card. Its own audience and `card_type` (and the `typ`
 * header the signer adds) mean no verifier of access or ID tokens accepts it, and the
 * simulator accepts nothing else.
 */
export function walletCardClaims(input: {
  issuer: string;
  holder: CardHolder;
  cardId: string;
  now: Date;
}): WalletCardClaims {
  const iat = Math.floor(input.now.getTime() / 1000);
  const { holder } = input;
  return {
    iss: input.issuer,
    sub: holder.id,
    aud: WALLET_CARD_AUDIENCE,
    iat,
    exp: iat + WALLET_CARD_TTL_SECONDS,
    jti: input.cardId,
    card_type: WALLET_CARD_TYPE,
    name: `${holder.firstName} ${holder.lastName}`.trim(),
    given_name: holder.firstName,
    family_name: holder.lastName,
    customer_number: maskNumber(customerNumberOf(holder.id)),
  };
}
