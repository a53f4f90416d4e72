import { describe, expect, it } from 'vitest';
import { isActivityWriteDue, placeOfAddress, sessionOrder } from './sessions.rules';

describe('the place an address tells of, without a geolocation database', () => {
  it.each([
    ['127.0.0.1', 'This computer'],
    ['::1', 'This computer'],
    ['::ffff:127.0.0.1', 'This computer'],
    ['10.1.2.3', 'A private network'],
    ['172.16.0.1', 'A private network'],
    ['172.31.255.255', 'A private network'],
    ['192.168.1.20', 'A private network'],
    ['::ffff:192.168.1.20', 'A private network'],
    ['169.254.10.1', 'A private network'],
    ['100.64.0.1', 'A private network'],
    ['fd12:3456:789a::1', 'A private network'],
    ['fe80::1', 'A private network'],
    // Public addresses: unknown, so the list shows the address itself.
    ['172.32.0.1', null],
    ['203.0.113.7', null],
    ['2001:db8::1', null],
    ['8.8.8.8', null],
    // Not an address at all.
    ['999.1.1.1', null],
    ['localhost', null],
  ])('%s → %s', (address, place) => {
    expect(placeOfAddress(address)).toBe(place);
  });
});

describe('how often a session’s "last active" is written', () => {
  it.each([
    ['never written by this instance', undefined, 1_000_000, true],
    ['written a second ago', 999_000, 1_000_000, false],
    ['written 59.9 seconds ago', 940_100, 1_000_000, false],
    ['written a minute ago', 940_000, 1_000_000, true],
    ['written an hour ago', 1_000_000 - 3_600_000, 1_000_000, true],
  ])('%s → %s', (_case, lastWrittenMs, nowMs, due) => {
    expect(isActivityWriteDue(lastWrittenMs, nowMs)).toBe(due);
  });
});

describe('the order of the list', () => {
  it('shows this browser first, then the most recently active first', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute));
    const sessions = [
      { id: 'old', current: false, lastActiveAt: at(1) },
      { id: 'here', current: true, lastActiveAt: at(2) },
      { id: 'recent', current: false, lastActiveAt: at(30) },
    ];
    expect([...sessions].sort(sessionOrder).map((session) => session.id)).toEqual([
      'here',
      'recent',
      'old',
    ]);
  });
});
