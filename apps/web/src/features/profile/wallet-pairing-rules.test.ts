import { describe, expect, it } from 'vitest';
import {
  isFinal,
  pairingProgressOf,
  pairingStartOf,
  type PairingProgress,
} from './wallet-pairing-rules';

const SITE = 'https://bank.example/bank';
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const LINK = `${SITE}/mobile#walletPairing=${'T'.repeat(43)}`;

function started(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'ok' as const,
    body: {
      success: true,
      additionalProperties: {
        pairingId: 'pairing-1',
        qrCode: QR,
        pairingUrl: LINK,
        expiresAt: '2026-03-01T10:10:00.000Z',
        ...overrides,
      },
    },
  };
}

describe("the personal-details page's reading of the wallet-pairing policy", () => {
  it('shows the QR code and the link of a started pairing, with its expiry', () => {
    expect(pairingStartOf(started(), SITE)).toEqual({
      kind: 'ready',
      pairingId: 'pairing-1',
      qrCode: QR,
      pairingUrl: LINK,
      expiresAt: new Date('2026-03-01T10:10:00.000Z'),
    });
  });

  it('shows the pairing error for a refusal, a failure or an answer in another shape', () => {
    const refused = { kind: 'refused' as const, status: 401, message: 'Sign in', details: [] };
    expect(pairingStartOf(refused, SITE)).toEqual({ kind: 'error' });
    expect(pairingStartOf({ kind: 'failed', reason: 'HTTP 500' }, SITE)).toEqual({
      kind: 'error',
    });
    expect(pairingStartOf({ kind: 'ok', body: { success: true } }, SITE)).toEqual({
      kind: 'error',
    });
    expect(pairingStartOf(started({ qrCode: 'https://qr.example/x.png' }), SITE)).toEqual({
      kind: 'error',
    });
  });

  it("never shows a link that leads anywhere but this site's phone app", () => {
    for (const pairingUrl of [
      'https://evil.example/mobile#walletPairing=x',
      'javascript:alert(1)',
      `${SITE}/banking#walletPairing=x`,
    ]) {
      expect(pairingStartOf(started({ pairingUrl }), SITE), pairingUrl).toEqual({ kind: 'error' });
    }
  });

  it('polls while the phone has not taken the card, and stops at paired, expired or an error', () => {
    const status = (value: string) => ({
      kind: 'ok' as const,
      body: { additionalProperties: { status: value } },
    });
    expect(pairingProgressOf(status('PENDING'))).toBe('PENDING');
    expect(pairingProgressOf(status('PAIRED'))).toBe('PAIRED');
    expect(pairingProgressOf(status('EXPIRED'))).toBe('EXPIRED');
    expect(pairingProgressOf(status('MAYBE'))).toBe('ERROR');
    expect(pairingProgressOf({ kind: 'failed', reason: 'offline' })).toBe('ERROR');
    expect(isFinal('PENDING')).toBe(false);
    const finals: PairingProgress[] = ['PAIRED', 'EXPIRED', 'ERROR'];
    expect(finals.map(isFinal)).toEqual([true, true, true]);
  });
});
