import { describe, expect, it } from 'vitest';
import type { IssuedCredential } from '@anybank/contracts';
import { hasNewCredential, offerOf, sortedCredentials, statusOf } from './credential-offer-rules';

const SITE = 'https://bank.example/bank';
const OFFER = {
  offerId: 'o1',
  credentialType: 'verified_customer',
  credentialOfferUri: 'openid-credential-offer://?credential_offer=%7B%7D',
  phoneLink: `${SITE}/mobile#credential_offer=openid-credential-offer%3A%2F%2F`,
  qrCode: 'data:image/png;base64,AAAA',
  txCodeSentTo: '•••• 4567',
  expiresAt: '2026-12-07T10:10:00Z',
};

describe('offerOf', () => {
  it('takes an offer whose link opens this site’s phone', () => {
    expect(offerOf(OFFER, SITE)).toEqual(OFFER);
  });

  it.each([
    ['a link elsewhere', { ...OFFER, phoneLink: 'https://evil.example/mobile#credential_offer=x' }],
    ['a script link', { ...OFFER, phoneLink: 'javascript:alert(1)' }],
    [
      'another site on the same host',
      { ...OFFER, phoneLink: 'https://bank.example/bankx/mobile#a' },
    ],
    ['an offer URI of another scheme', { ...OFFER, credentialOfferUri: 'https://x' }],
    ['a QR code that is not a PNG', { ...OFFER, qrCode: 'https://x/qr.png' }],
    ['no body', null],
  ])('refuses %s', (_name, body) => {
    expect(offerOf(body, SITE)).toBeNull();
  });
});

const credential = (id: string, overrides: Partial<IssuedCredential> = {}): IssuedCredential => ({
  id,
  credentialType: 'verified_customer',
  issuedAt: '2026-12-01T10:00:00Z',
  expiresAt: '2027-12-01T10:00:00Z',
  revokedAt: null,
  ...overrides,
});

describe('statusOf', () => {
  const now = new Date('2026-12-07T10:00:00Z');
  it.each([
    [credential('a'), 'active'],
    [credential('a', { revokedAt: '2026-12-02T10:00:00Z' }), 'revoked'],
    [credential('a', { expiresAt: '2026-12-07T10:00:00Z' }), 'expired'],
    [
      credential('a', { expiresAt: '2026-12-01T10:00:00Z', revokedAt: '2026-11-30T10:00:00Z' }),
      'revoked',
    ],
  ])('%j is %s', (item, status) => {
    expect(statusOf(item, now)).toBe(status);
  });
});

describe('sortedCredentials and hasNewCredential', () => {
  it('lists the newest first and notices an id it had not seen', () => {
    const old = credential('a');
    const fresh = credential('b', { issuedAt: '2026-12-07T10:00:00Z' });
    expect(sortedCredentials([old, fresh]).map((c) => c.id)).toEqual(['b', 'a']);
    expect(hasNewCredential([old], [old])).toBe(false);
    expect(hasNewCredential([old], [fresh, old])).toBe(true);
    expect(hasNewCredential([old, fresh], [fresh])).toBe(false);
  });
});
