import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes (RFC 6238): 6 digits, 30-second steps, one step of clock drift either
 * way. A code is accepted once: its time step must be later than the last step used.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_ISSUER = 'AnyBank';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://` URI an authenticator app scans (document 1 §3.1 keyUri). */
export function totpKeyUri(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

/**
 * The time step a code belongs to, if it is right within the window and newer than the last
 * step used (no replay); otherwise null.
 */
export function acceptedTotpStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'check').validate({
    token: code,
    timestamp: nowMs,
    window: TOTP_WINDOW_STEPS,
  });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
