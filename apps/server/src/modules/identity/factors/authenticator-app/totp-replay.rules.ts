import { acceptedTotpStep } from '../../devices/totp.rules';

/**
 * OWASP ASVS 2.8.5: a right authenticator-app code whose time step was already
 * used is refused (devices/totp.rules.ts) and is also a sign that someone else saw the code —
 * over a shoulder, or through a phishing page that relays it. Its owner is told by e-mail.
 * A code that is simply wrong is not a replay: those are counted as attempts only.
 */
export function isTotpReplay(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): boolean {
  if (lastUsedStep === null) return false;
  const step = acceptedTotpStep(secretBase32, code, nowMs, null);
  return step !== null && step <= lastUsedStep;
}
