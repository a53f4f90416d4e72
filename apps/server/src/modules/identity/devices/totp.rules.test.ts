import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptedTotpStep, newTotpSecret, totpKeyUri } from './totp.rules';

/** RFC 6238 computed here independently of otpauth, from the RFC's own algorithm. */
function rfcTotp(secretBase32: string, timeMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

describe('authenticator-app codes', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 22, 12, 0, 10);
  const step = Math.floor(now / 30000);

  it('accepts the current code, and one step of drift either way', () => {
    expect(acceptedTotpStep(secret, rfcTotp(secret, now), now, null)).toBe(step);
    expect(acceptedTotpStep(secret, rfcTotp(secret, now - 30000), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, rfcTotp(secret, now + 30000), now, null)).toBe(step + 1);
  });

  it('refuses a code two steps away', () => {
    expect(acceptedTotpStep(secret, rfcTotp(secret, now - 60000), now, null)).toBeNull();
  });

  it('refuses a code replayed within its window', () => {
    const code = rfcTotp(secret, now);
    expect(acceptedTotpStep(secret, code, now, step)).toBeNull();
    expect(acceptedTotpStep(secret, code, now + 5000, step)).toBeNull();
  });

  it('refuses a malformed code', () => {
    expect(acceptedTotpStep(secret, '12a456', now, null)).toBeNull();
  });

  it('writes a key URI an authenticator app can scan', () => {
    expect(totpKeyUri(secret, 'jane.doe')).toMatch(
      new RegExp(`^otpauth://totp/AnyBank:jane\\.doe\\?.*secret=${secret}`),
    );
  });
});
