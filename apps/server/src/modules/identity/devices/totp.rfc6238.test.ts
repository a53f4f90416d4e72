import { describe, expect, it } from 'vitest';
import { rfcTotp } from '../../../../test/rfc-totp';
import { acceptedTotpStep, totpKeyUri } from './totp.rules';

/**
 * RFC 6238 Appendix B, the SHA-1 rows: the ASCII key "12345678901234567890" and the 8-digit
 * values the RFC prints. The bank's codes are 6 digits, which RFC 4226 §5.3 makes the same
 * number modulo 10^6: the last six digits of each value. The rules use SHA-1 only (what
 * authenticator apps assume when a key URI names no algorithm), so the SHA-256 and SHA-512 rows
 * describe codes the bank never issues.
 */
/** The RFC's key in base32, as an authenticator app receives it (`printf 12345678901234567890 | base32`). */
const RFC_KEY_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const SHA1_VECTORS: [unixSeconds: number, rfcValue: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('authenticator-app codes against the RFC 6238 test vectors', () => {
  it.each(SHA1_VECTORS)('accepts at %i s the code of the RFC value %s', (seconds, rfcValue) => {
    const code = rfcValue.slice(-6);
    expect(acceptedTotpStep(RFC_KEY_BASE32, code, seconds * 1000, null)).toBe(
      Math.floor(seconds / 30),
    );
  });

  it.each(SHA1_VECTORS)(
    'computes at %i s the RFC value %s in the tests’ own implementation',
    (seconds, rfcValue) => {
      expect(rfcTotp(RFC_KEY_BASE32, seconds * 1000)).toBe(rfcValue.slice(-6));
    },
  );

  it('refuses each vector’s code two steps later, beyond the one step of drift allowed', () => {
    for (const [seconds, rfcValue] of SHA1_VECTORS) {
      expect(
        acceptedTotpStep(RFC_KEY_BASE32, rfcValue.slice(-6), (seconds + 60) * 1000, null),
      ).toBeNull();
    }
  });

  it('tells the authenticator app the RFC parameters the rules use: SHA-1, 6 digits, 30 s', () => {
    const uri = new URL(totpKeyUri(RFC_KEY_BASE32, 'jane.doe'));
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
