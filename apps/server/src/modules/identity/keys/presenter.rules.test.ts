import { describe, expect, it } from 'vitest';
import {
  PRESENTER_COOKIE_TTL_SECONDS,
  isPresenterCookie,
  isPresenterSecret,
  presenterCookieValue,
} from './presenter.rules';

const SECRET = 'the-presenter-secret-of-the-test';
const NOW = new Date('2026-12-07T10:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('the presenter secret and cookie', () => {
  it('takes the secret itself only', () => {
    expect(isPresenterSecret(SECRET, SECRET)).toBe(true);
    for (const wrong of ['', SECRET.slice(0, -1), `${SECRET} `, SECRET.toUpperCase()]) {
      expect(isPresenterSecret(SECRET, wrong)).toBe(false);
    }
  });

  it('accepts the cookie it issued, for a week, and nothing else', () => {
    const cookie = presenterCookieValue(SECRET, NOW);
    expect(cookie).not.toContain(SECRET);
    const table: [string | undefined, Date, boolean][] = [
      [cookie, NOW, true],
      [cookie, later(PRESENTER_COOKIE_TTL_SECONDS - 1), true],
      [cookie, later(PRESENTER_COOKIE_TTL_SECONDS), false],
      [cookie, later(-60), false],
      [undefined, NOW, false],
      ['', NOW, false],
      [presenterCookieValue('another-secret-of-some-length', NOW), NOW, false],
      // Another moment with this MAC: the MAC covers the moment.
      [cookie.replace(/^\d+/, (issued) => String(Number(issued) + 1)), NOW, false],
    ];
    for (const [value, at, expected] of table) {
      expect(isPresenterCookie(SECRET, value, at), `${value} at ${at.toISOString()}`).toBe(
        expected,
      );
    }
  });
});
