import { describe, expect, it } from 'vitest';
import { STEP_UP_WINDOW_MS } from '@anybank/contracts';
import { isRecentAuthentication, stepUpMethodsOf } from './recent-authentication.rules';

const NOW = new Date('2026-11-26T10:00:00Z');
const secondsAgo = (ms: number) => Math.floor((NOW.getTime() - ms) / 1000);
const dateAgo = (ms: number) => new Date(NOW.getTime() - ms);

describe('recent authentication', () => {
  it.each([
    ['a sign-in a minute ago', secondsAgo(60_000), null, true],
    ['a sign-in exactly 5 minutes ago', secondsAgo(STEP_UP_WINDOW_MS), null, true],
    ['a sign-in 5 minutes and a second ago', secondsAgo(STEP_UP_WINDOW_MS + 1000), null, false],
    ['a token that does not say when', null, null, false],
    ['an old sign-in with a step-up a minute ago', secondsAgo(3_600_000), dateAgo(60_000), true],
    [
      'an old sign-in with an old step-up',
      secondsAgo(3_600_000),
      dateAgo(STEP_UP_WINDOW_MS + 1000),
      false,
    ],
    ['no auth_time but a fresh step-up', null, dateAgo(1000), true],
    ['a sign-in claimed an hour in the future', secondsAgo(-3_600_000), null, false],
  ] as const)('counts %s as recent: %s', (_name, authTime, latestStepUpAt, expected) => {
    expect(isRecentAuthentication({ authTime, latestStepUpAt, now: NOW })).toBe(expected);
  });
});

describe('the factors a step-up offers', () => {
  it('names the password first, then each kind of device once', () => {
    expect(
      stepUpMethodsOf({
        signsInWithPassword: true,
        devices: [
          { type: 'Email', usable: true },
          { type: 'SMS', usable: true },
          { type: 'Email', usable: true },
          { type: 'PLATFORM', usable: true },
        ],
      }),
    ).toEqual(['password', 'email_code', 'sms_code', 'passkey']);
  });

  it('leaves out the password of a device user and devices that cannot be used', () => {
    expect(
      stepUpMethodsOf({
        signsInWithPassword: false,
        devices: [
          { type: 'iPhone', usable: false },
          { type: 'TOTP', usable: true },
        ],
      }),
    ).toEqual(['authenticator_code']);
  });
});
