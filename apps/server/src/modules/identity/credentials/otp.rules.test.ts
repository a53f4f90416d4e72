import { describe, expect, it } from 'vitest';
import {
  attemptsLeft,
  generateOtp,
  hashCode,
  hashesMatch,
  judgeAttempt,
  type OtpAttemptRow,
  type OtpVerdict,
} from './otp.rules';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const LATER = new Date(NOW.getTime() + 60_000);
const EARLIER = new Date(NOW.getTime() - 60_000);
const fresh: OtpAttemptRow = { attempts: 1, maxAttempts: 5, expiresAt: LATER, consumedAt: null };

describe('one-time code verdicts', () => {
  it.each<[string, Partial<OtpAttemptRow>, boolean, OtpVerdict]>([
    ['the right code on the first attempt', {}, true, 'ok'],
    ['a wrong code on the first attempt', {}, false, 'invalid'],
    ['the right code on the last allowed attempt', { attempts: 5 }, true, 'ok'],
    ['a wrong code on the last allowed attempt', { attempts: 5 }, false, 'attempts_exceeded'],
    ['the right code after the last allowed attempt', { attempts: 6 }, true, 'attempts_exceeded'],
    ['the right code at the expiry moment', { expiresAt: NOW }, true, 'expired'],
    ['the right code after expiry', { expiresAt: EARLIER }, true, 'expired'],
    [
      'a wrong code after expiry and too many attempts',
      { expiresAt: EARLIER, attempts: 9 },
      false,
      'expired',
    ],
    ['the right code once it was used', { consumedAt: EARLIER }, true, 'consumed'],
    [
      'the right code once used, even expired',
      { consumedAt: EARLIER, expiresAt: EARLIER },
      true,
      'consumed',
    ],
  ])('%s', (_name, changes, matches, verdict) => {
    expect(judgeAttempt({ ...fresh, ...changes }, NOW, matches)).toBe(verdict);
  });

  it.each([
    [1, 5, 4],
    [5, 5, 0],
    [7, 5, 0],
  ])('after %i of %i attempts, %i are left', (attempts, maxAttempts, left) => {
    expect(attemptsLeft({ attempts, maxAttempts })).toBe(left);
  });
});

describe('one-time code generation', () => {
  it('makes codes of exactly 6 digits, leading zeros included', () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // About 10% of uniformly random codes start with 0: a number formatted without padding
    // would have fewer digits.
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});

describe('one-time code hashing', () => {
  const hash = (secret: string, purpose: string, reference: string, code: string) =>
    hashCode(secret, purpose, reference, code);
  const base = hash('secret-one', 'signin', 'flow-1', '123456');

  it('is the same for the same inputs and a 64-character hex string', () => {
    expect(hash('secret-one', 'signin', 'flow-1', '123456')).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['another secret', ['secret-two', 'signin', 'flow-1', '123456']],
    ['another purpose', ['secret-one', 'pairing', 'flow-1', '123456']],
    ['another reference', ['secret-one', 'signin', 'flow-2', '123456']],
    ['another code', ['secret-one', 'signin', 'flow-1', '123457']],
    ['parts split elsewhere', ['secret-one', 'signin', 'flow-11', '23456']],
  ] as const)('differs with %s', (_name, [secret, purpose, reference, code]) => {
    expect(hash(secret, purpose, reference, code)).not.toBe(base);
  });

  it.each([
    ['the same hash', base, true],
    ['another hash', hash('secret-one', 'signin', 'flow-1', '000000'), false],
    ['a shorter string', base.slice(1), false],
    ['an empty string', '', false],
  ])('matches against %s: %s', (_name, candidate, expected) => {
    expect(hashesMatch(base, candidate)).toBe(expected);
  });
});

describe('recovery codes', () => {
  it('are 8 characters from an alphabet without look-alikes, and differ each time', async () => {
    const { generateRecoveryCode } = await import('./otp.rules');
    const codes = Array.from({ length: 50 }, generateRecoveryCode);
    expect(codes.every((code) => /^[A-HJ-KM-NP-Z2-9]{8}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(50);
  });
});
