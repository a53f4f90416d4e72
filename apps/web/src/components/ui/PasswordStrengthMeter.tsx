import { useEffect, useId, useState } from 'react';
import {
  judgePassword,
  loadPasswordScorer,
  messages,
  type PasswordOwner,
  type PasswordScorer,
  type PasswordVerdict,
} from '@anybank/contracts';

const words = messages.passwordStrength;
/** Typing pauses this long before the password is scored (zxcvbn takes a few milliseconds). */
const SETTLE_MS = 250;
const BAR_COLOURS = ['bg-danger', 'bg-danger', 'bg-warning', 'bg-success', 'bg-success'];

/**
 * A courtesy meter: it says what the server will say of a new password (the
 * same check, from the contracts), as the person types. The dictionaries load the first time a
 * password form shows (a separate chunk, not in the first page load); until then, and if they
 * fail to load, the form works as before and the server still decides.
 */
export function PasswordStrengthMeter({
  password,
  owner,
}: {
  password: string;
  owner: PasswordOwner;
}) {
  const id = useId();
  const [scorer, setScorer] = useState<PasswordScorer | null>(null);
  // The verdict with the password it was made for: a newer password shows none until judged.
  const [judged, setJudged] = useState<{ password: string; verdict: PasswordVerdict } | null>(null);
  const { username, firstName, lastName, email } = owner;

  useEffect(() => {
    let live = true;
    loadPasswordScorer().then(
      (loaded) => live && setScorer(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!scorer || password === '') return;
    const timer = setTimeout(
      () =>
        setJudged({
          password,
          verdict: judgePassword(password, { username, firstName, lastName, email }, scorer),
        }),
      SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [scorer, password, username, firstName, lastName, email]);

  if (password === '') return null;
  const verdict = judged?.password === password ? judged.verdict : null;
  const score =
    verdict?.ok === false && verdict.problem !== 'password_too_weak' ? 0 : (verdict?.score ?? 0);
  const level = words.levels[score] ?? '';
  const text = !verdict
    ? words.meterChecking
    : verdict.ok
      ? words.meterStrong
      : verdict.problem === 'password_policy'
        ? null
        : verdict.message;

  return (
    <div className="mt-2" data-testid="password-strength">
      <div className="d-flex align-items-center gap-2">
        <span id={`${id}-label`} className="small">
          {words.meterLabel}:
        </span>
        <div
          className="progress flex-grow-1"
          role="meter"
          aria-labelledby={`${id}-label`}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={verdict ? score : 0}
          aria-valuetext={verdict ? level : words.meterChecking}
          style={{ height: '0.5rem' }}
        >
          <div
            className={`progress-bar ${BAR_COLOURS[score] ?? 'bg-danger'}`}
            style={{ width: verdict ? `${((score + 1) / 5) * 100}%` : '0%' }}
          />
        </div>
        <span className="small fw-semibold">{verdict ? level : ''}</span>
      </div>
      <div
        className={`small ${verdict && !verdict.ok ? 'text-danger-emphasis' : 'text-body-secondary'}`}
        aria-live="polite"
      >
        {text}
      </div>
    </div>
  );
}
