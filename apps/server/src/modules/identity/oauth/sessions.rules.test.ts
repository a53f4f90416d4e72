import { describe, expect, it } from 'vitest';
import {
  describeUserAgent,
  isActivityWriteDue,
  placeOfAddress,
  sessionOrder,
} from './sessions.rules';

describe('what a user agent tells the customer of a signed-in browser', () => {
  it.each([
    [
      'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131',
      'Windows',
    ],
    [
      'Chrome on Linux (the test browsers)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      'Chrome 156',
      'Linux',
    ],
    [
      'Edge on Windows, which also says Chrome and Safari',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131',
      'Windows',
    ],
    [
      'Opera on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'Opera 115',
      'macOS',
    ],
    [
      'Firefox on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133',
      'macOS',
    ],
    [
      'Safari on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari 18',
      'macOS',
    ],
    [
      'Safari on an iPhone, which also says "like Mac OS X"',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18',
      'iPhone',
    ],
    [
      'Chrome on an iPad',
      'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome 131',
      'iPad',
    ],
    [
      'Firefox on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
      'Firefox 133',
      'iPhone',
    ],
    [
      'Samsung Internet on Android, which also says Linux and Chrome',
      'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 26',
      'Android',
    ],
    [
      'Chrome on a Chromebook',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131',
      'ChromeOS',
    ],
    ['a program that names neither', 'curl/8.5.0', null, null],
    ['no user agent at all', '', null, null],
  ])('%s', (_case, userAgent, browser, platform) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, platform });
  });
});

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
