import { describe, expect, it } from 'vitest';
import {
  RECOVERY_CODES_PER_SET,
  RECOVERY_CODE_LOCK_MS,
  RECOVERY_CODE_MAX_ATTEMPTS,
  recoveryCodesRunningLow,
} from '@anybank/contracts';
import {
  generateRecoveryCodeSet,
  hashRecoveryCode,
  judgeRecoveryCode,
  normalizeRecoveryCode,
  type RecoveryAttempts,
} from './recovery-code.rules';

const NOW = new Date('2026-11-26T12:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('a new set of recovery codes', () => {
  it('has ten different codes of two groups of five unmistakable characters', () => {
    const codes = generateRecoveryCodeSet();
    expect(codes).toHaveLength(RECOVERY_CODES_PER_SET);
    expect(new Set(codes).size).toBe(RECOVERY_CODES_PER_SET);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
  });
});

describe('a recovery code as typed', () => {
  it.each([
    ['ABCDE-FGH23', 'ABCDEFGH23'],
    ['abcde fgh23', 'ABCDEFGH23'],
    [' ABCDEFGH23 ', 'ABCDEFGH23'],
    ['ABCDE-FGH2', null],
    ['ABCDE-FGH234', null],
    ['ABCDE-FGH20', null],
    ['ABCDE-FGHI3', null],
    ['', null],
  ])('%j reads as %j', (input, expected) => {
    expect(normalizeRecoveryCode(input)).toBe(expected);
  });
});

describe('a stored recovery code', () => {
  const row = { userId: 'user-1', salt: 'salt-1' };
  it('is a keyed hash that depends on the key, the customer, the salt and the code', () => {
    const hash = hashRecoveryCode('secret', row, 'ABCDEFGH23');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('ABCDEFGH23');
    expect(hashRecoveryCode('secret', row, 'ABCDEFGH23')).toBe(hash);
    expect(hashRecoveryCode('other', row, 'ABCDEFGH23')).not.toBe(hash);
    expect(hashRecoveryCode('secret', { ...row, salt: 'salt-2' }, 'ABCDEFGH23')).not.toBe(hash);
    expect(hashRecoveryCode('secret', { ...row, userId: 'user-2' }, 'ABCDEFGH23')).not.toBe(hash);
    expect(hashRecoveryCode('secret', row, 'ABCDEFGH24')).not.toBe(hash);
  });
});

describe('the attempt limit on recovery codes', () => {
  const fresh: RecoveryAttempts = { failures: 0, lockedUntil: null };
  const locked: RecoveryAttempts = { failures: 0, lockedUntil: later(60_000) };
  it.each<[string, RecoveryAttempts, Date, boolean, unknown, RecoveryAttempts]>([
    [
      'a right code clears the count',
      { failures: 3, lockedUntil: null },
      NOW,
      true,
      { result: 'ok' },
      fresh,
    ],
    [
      'a first wrong code counts',
      fresh,
      NOW,
      false,
      { result: 'invalid', attemptsLeft: RECOVERY_CODE_MAX_ATTEMPTS - 1 },
      { failures: 1, lockedUntil: null },
    ],
    [
      'the last wrong code locks them',
      { failures: RECOVERY_CODE_MAX_ATTEMPTS - 1, lockedUntil: null },
      NOW,
      false,
      { result: 'attempts_exceeded' },
      { failures: 0, lockedUntil: later(RECOVERY_CODE_LOCK_MS) },
    ],
    [
      'while locked even the right code is refused',
      locked,
      NOW,
      true,
      { result: 'attempts_exceeded' },
      locked,
    ],
    [
      'while locked a wrong code changes nothing',
      locked,
      NOW,
      false,
      { result: 'attempts_exceeded' },
      locked,
    ],
    [
      'once the lock is over a right code works',
      locked,
      later(60_000),
      true,
      { result: 'ok' },
      fresh,
    ],
  ])('%s', (_case, attempts, now, matches, verdict, next) => {
    expect(judgeRecoveryCode(attempts, now, matches)).toEqual({ verdict, next });
  });
});

describe('running low on recovery codes', () => {
  it.each([
    [10, false],
    [3, false],
    [2, true],
    [1, true],
    [0, true],
  ])('with %i left, the customer is asked to make new ones: %s', (left, low) => {
    expect(recoveryCodesRunningLow(left)).toBe(low);
  });
});
