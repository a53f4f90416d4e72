import { describe, expect, it } from 'vitest';
import {
  WALLET_CARD_AUDIENCE,
  WALLET_CARD_TYPE,
  WALLET_PAIRING_TTL_SECONDS,
  walletCardClaimsSchema,
} from '@anybank/contracts';
import {
  customerNumberOf,
  hashTicket,
  isRedeemable,
  isTicketShaped,
  maskNumber,
  pairingExpiry,
  pairingLinkOf,
  pairingStatusOf,
  walletCardClaims,
} from './wallet.rules';

const STARTED = new Date('2026-03-01T10:00:00Z');
const USER_ID = '0b6f2d7e-4c1a-4f8e-9a57-3d2c1b0a9f88';

describe('wallet pairing rules', () => {
  it('lets a pairing link work for ten minutes after it was made, and not a moment longer', () => {
    const pairing = { expiresAt: pairingExpiry(STARTED), redeemedAt: null };
    const at = (seconds: number) => new Date(STARTED.getTime() + seconds * 1000);
    expect(WALLET_PAIRING_TTL_SECONDS).toBe(600);
    expect(isRedeemable(pairing, at(0))).toBe(true);
    expect(isRedeemable(pairing, at(599))).toBe(true);
    expect(isRedeemable(pairing, at(600))).toBe(false);
    expect(pairingStatusOf(pairing, at(599))).toBe('PENDING');
    expect(pairingStatusOf(pairing, at(600))).toBe('EXPIRED');
  });

  it('lets a pairing link work once: a redeemed one is paired for good and never redeemable', () => {
    const pairing = {
      expiresAt: pairingExpiry(STARTED),
      redeemedAt: new Date(STARTED.getTime() + 30_000),
    };
    expect(isRedeemable(pairing, new Date(STARTED.getTime() + 60_000))).toBe(false);
    expect(pairingStatusOf(pairing, new Date(STARTED.getTime() + 60_000))).toBe('PAIRED');
    // Still paired after the link's ten minutes: the page polling late hears the truth.
    expect(pairingStatusOf(pairing, new Date(STARTED.getTime() + 3_600_000))).toBe('PAIRED');
  });

  it('stores a ticket as a hash that differs from the ticket and from other tickets', () => {
    const ticket = 'a'.repeat(43);
    expect(hashTicket(ticket)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashTicket(ticket)).toBe(hashTicket(ticket));
    expect(hashTicket(ticket)).not.toBe(hashTicket(`${'a'.repeat(42)}b`));
    expect(hashTicket(ticket)).not.toContain(ticket);
  });

  it('takes only tickets of the shape it issues', () => {
    expect(isTicketShaped('A1_-'.repeat(10) + 'abc')).toBe(true);
    expect(isTicketShaped('short')).toBe(false);
    expect(isTicketShaped(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isTicketShaped('a'.repeat(44))).toBe(false);
  });

  it('puts the ticket in the fragment of a /mobile link on the public site', () => {
    expect(pairingLinkOf('https://bank.example/bank/', 'T'.repeat(43))).toBe(
      `https://bank.example/bank/mobile#walletPairing=${'T'.repeat(43)}`,
    );
  });

  it('gives each customer one ten-digit number and shows only its last four digits', () => {
    const number = customerNumberOf(USER_ID);
    expect(number).toMatch(/^\d{10}$/);
    expect(customerNumberOf(USER_ID)).toBe(number);
    expect(customerNumberOf('5d0c2f4a-1b2c-4d3e-8f90-a1b2c3d4e5f6')).not.toBe(number);
    expect(maskNumber(number)).toBe(`••••••${number.slice(-4)}`);
  });

  it('makes a card naming the bank, the customer and its own kind, valid for a year', () => {
    const claims = walletCardClaims({
      issuer: 'https://bank.example',
      holder: { id: USER_ID, firstName: 'Robin', lastName: 'Tester' },
      cardId: 'card-1',
      now: STARTED,
    });
    const iat = STARTED.getTime() / 1000;
    expect(claims).toEqual({
      iss: 'https://bank.example',
      sub: USER_ID,
      aud: WALLET_CARD_AUDIENCE,
      iat,
      exp: iat + 365 * 24 * 3600,
      jti: 'card-1',
      card_type: WALLET_CARD_TYPE,
      name: 'Robin Tester',
      given_name: 'Robin',
      family_name: 'Tester',
      customer_number: maskNumber(customerNumberOf(USER_ID)),
    });
    expect(walletCardClaimsSchema.parse(claims)).toEqual(claims);
    expect(claims.customer_number).not.toContain(customerNumberOf(USER_ID).slice(0, 6));
  });
});
