import { describe, expect, it } from 'vitest';
import { formatTimeLeft, secondsLeft, sentAgo } from './time-left';

describe('time left on a push request', () => {
  const expiresAt = '2026-01-01T10:02:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole seconds down to the expiry, never below zero', () => {
    expect(secondsLeft(expiresAt, at('2026-01-01T10:00:00.000Z'))).toBe(120);
    expect(secondsLeft(expiresAt, at('2026-01-01T10:01:54.400Z'))).toBe(5);
    expect(secondsLeft(expiresAt, at('2026-01-01T10:03:00.000Z'))).toBe(0);
    expect(secondsLeft('not a date', at('2026-01-01T10:00:00.000Z'))).toBe(0);
  });

  it('shows minutes and seconds, or Expired', () => {
    expect(formatTimeLeft(120)).toBe('2:00 left');
    expect(formatTimeLeft(65)).toBe('1:05 left');
    expect(formatTimeLeft(9)).toBe('0:09 left');
    expect(formatTimeLeft(0)).toBe('Expired');
  });
});

describe('when a request was sent, in words', () => {
  const sentAt = '2026-11-26T16:00:00.000Z';
  const at = (offsetSeconds: number) => Date.parse(sentAt) + offsetSeconds * 1000;
  it.each([
    [5, 'now'],
    [60, '1 minute ago'],
    [150, '3 minutes ago'],
    [2 * 3600, '2 hours ago'],
  ])('%i s later: %s', (offset, words) => {
    expect(sentAgo(sentAt, at(offset))).toBe(words);
  });

  it('shows the date a day or more later, and a value that is not a time as it came', () => {
    expect(sentAgo(sentAt, at(2 * 86_400))).toMatch(/^Nov 26, 2026/);
    expect(sentAgo('soon', at(0))).toBe('soon');
  });
});
