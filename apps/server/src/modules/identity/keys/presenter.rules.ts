import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The presenter cookie (README "Demo tools"): proof that this browser was given the presenter
 * secret, without holding it. Its value is the moment it was issued and a MAC of that moment
 * under the secret itself, so a new secret (PRESENTER_SECRET changed) ends every presenter
 * cookie at once, and nothing in the cookie lets anyone learn or forge the secret.
 */

export const PRESENTER_COOKIE = 'anybank_presenter';
/** Asked once per browser: the cookie holds for a week of demos. */
export const PRESENTER_COOKIE_TTL_SECONDS = 7 * 24 * 60 * 60;

const macOf = (secret: string, issuedAt: number) =>
  createHmac('sha256', secret).update(`anybank-presenter:${issuedAt}`).digest('base64url');

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether `given` is the presenter secret (compared in constant time). */
export function isPresenterSecret(secret: string, given: string): boolean {
  // Hashed first: equal lengths, so the comparison tells nothing of the secret's length.
  const digest = (text: string) => createHmac('sha256', 'presenter').update(text).digest('hex');
  return sameText(digest(secret), digest(given));
}

/** A presenter cookie's value, issued at `now`. */
export function presenterCookieValue(secret: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${issuedAt}.${macOf(secret, issuedAt)}`;
}

/** Whether a cookie's value is a presenter cookie this secret issued, still within its week. */
export function isPresenterCookie(secret: string, value: string | undefined, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return false;
  const issuedAt = Number(match[1]);
  const age = Math.floor(now.getTime() / 1000) - issuedAt;
  if (age < 0 || age >= PRESENTER_COOKIE_TTL_SECONDS) return false;
  return sameText(match[2] ?? '', macOf(secret, issuedAt));
}
