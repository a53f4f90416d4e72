import type { FeedbackType, OptionsType } from '@zxcvbn-ts/core';
import { passwordStrengthMessages as words } from './account-security-messages';
import { messages } from './messages';
import { isValidPassword } from './validators';

/**
 * OWASP ASVS 2.1.7: a new password must not be a common, breached or personal
 * one. One check for the browser (a courtesy meter) and the server (which decides), so the two
 * say the same. zxcvbn-ts's dictionaries are large (~1 MB): they are imported lazily, so the
 * browser loads them only when a password form opens and the server once, at the first check.
 */

/** zxcvbn's scores 0–4; below this a new password is refused. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * What zxcvbn may spend on one password, for the server (where an anonymous caller chooses the
 * password: registration, forgot password) and the meter alike, so the two still say the same.
 * Its cost grows with the length and, most, with the l33t variants it tries (measured here: a
 * 128-character patterned password took ~0.5 s of CPU, a 32-character one with every default
 * over 0.1 s). zxcvbn judges the first `judgedLength` characters only: a password whose first
 * 32 are strong is strong, and one whose first 32 are a pattern is refused for the pattern.
 * Both are zxcvbn-ts's own options (`maxLength`, `l33tMaxSubstitutions`); the owner's details
 * are still looked for in the whole password. bench/anonymous-stall.bench.ts measures the rest.
 */
export const PASSWORD_STRENGTH_LIMITS = {
  judgedLength: 32,
  l33tMaxSubstitutions: 10,
} as const;

/**
 * Passwords this bank itself has published: the demo password is printed in the README and
 * on the demo pages, so it is breached by definition, and zxcvbn alone scores it 3.
 */
const PUBLISHED_PASSWORDS = ['welcome2bank', 'welcome2anybank'];

/** Whose password it is: their own details must not be in it. */
export interface PasswordOwner {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export type PasswordProblem = 'password_policy' | 'password_personal' | 'password_too_weak';

export type PasswordVerdict =
  | { ok: true; score: number }
  | { ok: false; problem: PasswordProblem; message: string; score: number };

/** A scored password: zxcvbn's score, its feedback keys and which dictionaries matched. */
export interface PasswordScore {
  score: number;
  feedback: FeedbackType;
  dictionaries: string[];
}

export type PasswordScorer = (password: string, userInputs: string[]) => PasswordScore;

/** Details shorter than this are left out: "Al" would refuse "Always…". */
const MIN_PERSONAL_WORD = 3;

/** The owner's details as words: `jane.doe@example.com` gives it, `jane.doe`, `jane`, `doe`. */
export function ownerWords(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  const own = [owner.username, owner.firstName, owner.lastName, local]
    .map((value) => value?.trim().toLowerCase() ?? '')
    .filter((value) => value !== '');
  // The address's domain is nobody's own ("example.com" would refuse "Welcome…").
  const whole = email === '' ? own : [...own, email];
  const parts = own.flatMap((value) => value.split(/[^a-z0-9]+/));
  return [...new Set([...whole, ...parts])].filter((word) => word.length >= MIN_PERSONAL_WORD);
}

/** True when the password holds one of the owner's details, in any letter case. */
export function containsOwnerWord(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  return ownerWords(owner).some((word) => lower.includes(word));
}

/** Why zxcvbn scored it low and what would be better, in our words. */
export function weaknessMessage(score: Pick<PasswordScore, 'feedback' | 'dictionaries'>): string {
  const why = score.dictionaries.includes('published')
    ? words.published
    : ((score.feedback.warning && words.warnings[score.feedback.warning]) ?? words.guessable);
  const better = score.feedback.suggestions
    .map((key) => words.suggestions[key])
    .filter((text): text is string => text !== undefined);
  return words.tooWeak(why, (better.length > 0 ? better : [words.better]).join(' '));
}

/**
 * The verdict on a new password, in order: the spec's rule (its message stays), then the
 * owner's own details, then zxcvbn's score with the details as its user inputs.
 */
export function judgePassword(
  password: string,
  owner: PasswordOwner,
  scorer: PasswordScorer,
): PasswordVerdict {
  if (!isValidPassword(password)) {
    return {
      ok: false,
      problem: 'password_policy',
      message: messages.validation.passwordHint,
      score: 0,
    };
  }
  const scored = scorer(password, ownerWords(owner));
  if (containsOwnerWord(password, owner)) {
    return { ok: false, problem: 'password_personal', message: words.personal, score: 0 };
  }
  if (scored.score < MIN_PASSWORD_SCORE) {
    return {
      ok: false,
      problem: 'password_too_weak',
      message: weaknessMessage(scored),
      score: scored.score,
    };
  }
  return { ok: true, score: scored.score };
}

let scorerPromise: Promise<PasswordScorer> | null = null;

/** zxcvbn with its common and English dictionaries and ours, built once (~2 s of CPU). */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  scorerPromise ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const options: OptionsType = {
      dictionary: {
        ...common.dictionary,
        ...english.dictionary,
        published: PUBLISHED_PASSWORDS,
      },
      graphs: common.adjacencyGraphs,
      maxLength: PASSWORD_STRENGTH_LIMITS.judgedLength,
      l33tMaxSubstitutions: PASSWORD_STRENGTH_LIMITS.l33tMaxSubstitutions,
    };
    const zxcvbn = new ZxcvbnFactory(options);
    return (password, userInputs) => {
      const result = zxcvbn.check(password, userInputs);
      return {
        score: result.score,
        feedback: result.feedback,
        dictionaries: result.sequence.flatMap((match) =>
          'dictionaryName' in match ? [String(match.dictionaryName)] : [],
        ),
      };
    };
  })();
  scorerPromise.catch(() => {
    scorerPromise = null;
  });
  return scorerPromise;
}

/** The whole check, with the dictionaries loaded on first use. */
export async function checkNewPassword(
  password: string,
  owner: PasswordOwner,
): Promise<PasswordVerdict> {
  return judgePassword(password, owner, await loadPasswordScorer());
}
