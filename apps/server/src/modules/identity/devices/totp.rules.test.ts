import { describe, expect, it } from 'vitest';
import { rfcTotp } from '../../../../test/rfc-totp';
import { acceptedTotpStep, newTotpSecret, totpKeyUri } from './totp.rules';

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
