import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decisionMessage,
  isFreshTimestamp,
  isPublicP256Jwk,
  pushStatusAt,
  verifyDeviceSignature,
} from './push.rules';

function phoneKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signWith = (message: string) =>
    sign('sha256', Buffer.from(message), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString(
      'base64url',
    );
  return { publicJwk: publicKey.export({ format: 'jwk' }), signWith };
}

describe('push approvals', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it.each([
    [{ status: 'pending', expiresAt: new Date('2026-11-22T12:01:00Z') }, 'pending'],
    [{ status: 'pending', expiresAt: new Date('2026-11-22T12:00:00Z') }, 'expired'],
    [{ status: 'approved', expiresAt: new Date('2026-11-22T11:00:00Z') }, 'approved'],
    [{ status: 'denied', expiresAt: new Date('2026-11-22T12:05:00Z') }, 'denied'],
  ] as const)('a request %o is %s', (row, status) => {
    expect(pushStatusAt(row, now)).toBe(status);
  });

  it('accepts a decision signed by the device, and nothing else', () => {
    const phone = phoneKey();
    const other = phoneKey();
    const message = decisionMessage('request-1', 'approve');
    expect(verifyDeviceSignature(phone.publicJwk, message, phone.signWith(message))).toBe(true);
    expect(verifyDeviceSignature(phone.publicJwk, message, other.signWith(message))).toBe(false);
    expect(
      verifyDeviceSignature(
        phone.publicJwk,
        decisionMessage('request-1', 'deny'),
        phone.signWith(message),
      ),
    ).toBe(false);
    expect(
      verifyDeviceSignature(
        phone.publicJwk,
        decisionMessage('request-2', 'approve'),
        phone.signWith(message),
      ),
    ).toBe(false);
    expect(verifyDeviceSignature(phone.publicJwk, message, 'not-a-signature')).toBe(false);
  });

  it('takes only a P-256 public key, never one with its private part', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(isPublicP256Jwk(publicKey.export({ format: 'jwk' }))).toBe(true);
    expect(isPublicP256Jwk(privateKey.export({ format: 'jwk' }))).toBe(false);
    expect(isPublicP256Jwk({ kty: 'RSA', n: 'x', e: 'AQAB' })).toBe(false);
  });

  it('accepts a listing signed within five minutes', () => {
    expect(isFreshTimestamp(now.getTime() - 60_000, now)).toBe(true);
    expect(isFreshTimestamp(now.getTime() - 6 * 60_000, now)).toBe(false);
  });
});
