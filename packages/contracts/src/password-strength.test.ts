import { describe, expect, it } from 'vitest';
import { passwordStrengthMessages as words } from './account-security-messages';
import { messages } from './messages';
import { readPhoneNumber } from './phone-number';
import {
  PASSWORD_STRENGTH_LIMITS,
  containsOwnerWord,
  judgePassword,
  loadPasswordScorer,
  ownerWords,
  weaknessMessage,
  type PasswordScorer,
} from './password-strength';

const JANE = {
  username: 'jane.doe',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
};

/** A scorer that answers what each row says, so the verdict's order is what is tested. */
const scoring =
  (score: number, warning: string | null = null, suggestions: string[] = []): PasswordScorer =>
  () => ({ score, feedback: { warning, suggestions }, dictionaries: [] });

describe('the new-password verdict', () => {
  it.each([
    ['short', scoring(4), 'password_policy'],
    ['jane.doe2026!Aa', scoring(4), 'password_personal'],
    ['Strong.Doe.Words42', scoring(4), 'password_personal'],
    ['Common.Enough2026', scoring(2, 'common'), 'password_too_weak'],
    ['Quiet.Maple.Lantern7', scoring(3), null],
  ])('judges %s for jane as %s', (password, scorer, problem) => {
    const verdict = judgePassword(password, JANE, scorer);
    expect(verdict.ok ? null : verdict.problem).toBe(problem);
  });

  it('keeps the spec’s message for its rule and says why and what is better otherwise', () => {
    const policy = judgePassword('short', JANE, scoring(4));
    expect(policy).toMatchObject({ message: messages.validation.passwordHint });
    expect(
      weaknessMessage({
        feedback: { warning: 'similarToCommon', suggestions: ['capitalization'] },
        dictionaries: ['passwords'],
      }),
    ).toBe(
      words.tooWeak(words.warnings.similarToCommon ?? '', words.suggestions.capitalization ?? ''),
    );
    expect(
      weaknessMessage({
        feedback: { warning: null, suggestions: [] },
        dictionaries: ['published'],
      }),
    ).toBe(words.tooWeak(words.published, words.better));
  });

  it('reads the owner’s details as words, leaving out the domain and short parts', () => {
    expect(ownerWords({ ...JANE, firstName: 'Al' })).toEqual(
      expect.arrayContaining(['jane.doe', 'jane', 'doe', 'jane.doe@example.com']),
    );
    expect(ownerWords(JANE)).not.toContain('example');
    expect(ownerWords({ firstName: 'Al' })).toEqual([]);
    expect(containsOwnerWord('Welcome.Home.42', JANE)).toBe(false);
    expect(containsOwnerWord('xxDOExx', JANE)).toBe(true);
  });
});

describe('what zxcvbn is given (its cost grows with the length)', () => {
  const { judgedLength } = PASSWORD_STRENGTH_LIMITS;
  const STRONG_START = 'Quiet.Maple.Lantern7';

  it('judges the first characters only: what follows neither rescues a weak start nor spoils a strong one', async () => {
    const scorer = await loadPasswordScorer();
    const patterned = 'Aa1!'.repeat(judgedLength / 4);
    expect(judgePassword(patterned, JANE, scorer).ok).toBe(false);
    // A weak start stays weak, however much follows it (the spec allows 128 characters).
    expect(judgePassword(`${patterned}${STRONG_START}x9Q`, JANE, scorer).ok).toBe(false);
    expect(judgePassword(`${STRONG_START}${'Aa1!'.repeat(27)}`, JANE, scorer).ok).toBe(true);
    // The owner's details are still looked for in the whole password.
    const named = `${STRONG_START}${'x'.repeat(judgedLength)}Doe`;
    expect(judgePassword(named, JANE, scorer)).toMatchObject({ problem: 'password_personal' });
  });
});

describe('phone numbers', () => {
  it.each([
    ['+15551234567', '+15551234567'],
    ['2015550123', '+12015550123'],
    ['(201) 555-0123', '+12015550123'],
    ['+44.2071234567', '+442071234567'],
    ['5551234', null],
    ['12345', null],
    ['+1 555', null],
    ['call me', null],
  ])('reads %s as %s (US by default)', (input, e164) => {
    const reading = readPhoneNumber(input);
    expect(reading.ok ? reading.e164 : null).toBe(e164);
    if (!reading.ok) expect(reading.message).toBe(messages.validation.phoneFormat);
  });

  it('reads a number without + in the configured country and formats it for the customer', () => {
    expect(readPhoneNumber('020 7123 4567', 'GB')).toEqual({
      ok: true,
      e164: '+442071234567',
      formatted: '+44 20 7123 4567',
    });
  });
});
