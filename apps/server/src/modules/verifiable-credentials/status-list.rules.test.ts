import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeStatusList, randomStatusIndex, statusListClaims } from './status-list.rules';

function bitsOf(lst: string): Uint8Array {
  return inflateSync(Buffer.from(lst, 'base64url'));
}

describe('the token status list', () => {
  it.each([
    [[], [0, 0]],
    [[0], [0b0000_0001, 0]],
    [[7], [0b1000_0000, 0]],
    [
      [8, 9],
      [0, 0b0000_0011],
    ],
    [
      [0, 3, 15],
      [0b0000_1001, 0b1000_0000],
    ],
  ])('sets the bits %j, least significant first', (revoked, bytes) => {
    expect([...bitsOf(encodeStatusList(revoked, 16))]).toEqual(bytes);
  });

  it('compresses with zlib, as the draft asks (a header, not raw DEFLATE)', () => {
    const raw = Buffer.from(encodeStatusList([1], 16384), 'base64url');
    expect(raw[0]).toBe(0x78);
    expect(bitsOf(encodeStatusList([1], 16384))).toHaveLength(2048);
  });

  it('refuses an index outside the list', () => {
    expect(() => encodeStatusList([16], 16)).toThrow(RangeError);
    expect(() => encodeStatusList([-1], 16)).toThrow(RangeError);
  });

  it('draws an index within the list', () => {
    expect(randomStatusIndex(() => 0, 16)).toBe(0);
    expect(randomStatusIndex(() => 0.999999, 16)).toBe(15);
  });

  it('names itself as its subject and says how long to cache it', () => {
    const claims = statusListClaims({
      issuer: 'https://bank.example',
      uri: 'https://bank.example/api/wallet/status-lists/1',
      lst: 'eNo',
      now: new Date('2026-12-07T00:00:00Z'),
      ttlSeconds: 60,
    });
    expect(claims).toMatchObject({
      iss: 'https://bank.example',
      sub: 'https://bank.example/api/wallet/status-lists/1',
      ttl: 60,
      status_list: { bits: 1, lst: 'eNo' },
    });
    expect(claims.exp).toBeGreaterThan(claims.iat);
  });
});
