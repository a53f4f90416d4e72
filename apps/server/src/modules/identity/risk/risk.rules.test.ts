import { describe, expect, it } from 'vitest';
import type { RiskLevel, RiskPayload } from '@anybank/contracts';
import {
  addressDelayMs,
  asksForSecondFactor,
  automatedMarkerIn,
  DEFAULT_RISK_POLICY,
  evaluateRisk,
  type RiskRule,
  type RiskSignals,
} from './risk.rules';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HEADLESS = CHROME.replace('Chrome/', 'HeadlessChrome/');

const browser: RiskPayload = {
  deviceId: 'device-0123456789',
  userAgent: CHROME,
  language: 'en-US',
  timeZone: 'America/New_York',
  screen: { width: 1920, height: 1080, colorDepth: 24 },
  webdriver: false,
};
const calm: RiskSignals = {
  payload: browser,
  pairFailures: 0,
  usernameFailuresElsewhere: 0,
  ipFailures: 0,
  lastIpFailureAgoMs: null,
  unknownUsernamesLastMinute: 0,
  highRiskOverride: false,
};
/** The address's failures, the latest `agoMs` ago. */
const fromAddress = (ipFailures: number, agoMs: number): Partial<RiskSignals> => ({
  ipFailures,
  lastIpFailureAgoMs: agoMs,
});
const withPayload = (changes: Partial<RiskPayload>): Partial<RiskSignals> => ({
  payload: { ...browser, ...changes },
});

describe('risk evaluation', () => {
  it.each<[string, Partial<RiskSignals>, RiskLevel, RiskRule[]]>([
    ['an ordinary browser with no failures', {}, 'LOW', []],
    ['4 failures for the username from this address', { pairFailures: 4 }, 'LOW', []],
    [
      '5 failures for the username from this address',
      { pairFailures: 5 },
      'MEDIUM',
      ['pairVelocity'],
    ],
    [
      '5 from this address, but a passkey signed',
      { pairFailures: 5, ownerProof: 'passkey' },
      'LOW',
      [],
    ],
    [
      '5 from this address, but the browser signed in to the account before',
      { pairFailures: 5, ownerProof: 'known-browser' },
      'LOW',
      [],
    ],
    ['4 failures for the username from elsewhere', { usernameFailuresElsewhere: 4 }, 'LOW', []],
    [
      '50 failures for the username from elsewhere: not refused, the second factor asked',
      { usernameFailuresElsewhere: 50 },
      'LOW',
      ['usernameVelocity'],
    ],
    ['19 failures from the address, the latest just now', fromAddress(19, 0), 'LOW', []],
    [
      '20 failures from the address, the latest 0.5 s ago: wait',
      fromAddress(20, 500),
      'MEDIUM',
      ['addressDelay'],
    ],
    ['20 failures from the address, the latest 1 s ago: go on', fromAddress(20, 1000), 'LOW', []],
    [
      '40 failures from the address, the latest 1.5 s ago: wait 2 s',
      fromAddress(40, 1500),
      'MEDIUM',
      ['addressDelay'],
    ],
    ['40 failures from the address, the latest 2 s ago', fromAddress(40, 2000), 'LOW', []],
    [
      '99 failures from the address, the latest 7 s ago: wait 8 s',
      fromAddress(99, 7000),
      'MEDIUM',
      ['addressDelay'],
    ],
    ['99 failures from the address, the latest 8 s ago', fromAddress(99, 8000), 'LOW', []],
    [
      '100 failures from the address, the ceiling: blocked however long ago',
      fromAddress(100, 600_000),
      'HIGH',
      ['ipVelocity'],
    ],
    [
      '29 unknown usernames from the address this minute',
      { unknownUsernamesLastMinute: 29 },
      'LOW',
      [],
    ],
    [
      '30 unknown usernames from the address this minute',
      { unknownUsernamesLastMinute: 30 },
      'HIGH',
      ['unknownUsernameRate'],
    ],
    ['a browser driven by webdriver', withPayload({ webdriver: true }), 'HIGH', ['webdriver']],
    ['HeadlessChrome', withPayload({ userAgent: HEADLESS }), 'HIGH', ['automatedUserAgent']],
    [
      'PhantomJS',
      withPayload({ userAgent: 'Mozilla/5.0 PhantomJS/2.1.1' }),
      'HIGH',
      ['automatedUserAgent'],
    ],
    [
      'puppeteer in any case',
      withPayload({ userAgent: `${CHROME} Puppeteer` }),
      'HIGH',
      ['automatedUserAgent'],
    ],
    [
      'Playwright',
      withPayload({ userAgent: `${CHROME} Playwright/1.65` }),
      'HIGH',
      ['automatedUserAgent'],
    ],
    ['the admin’s override', { highRiskOverride: true }, 'HIGH', ['adminOverride']],
    ['no browser (the phone app) and no failures', { payload: null }, 'LOW', []],
    [
      'no browser: only the guessing rules can fire',
      { payload: null, pairFailures: 5, ...fromAddress(100, 0) },
      'HIGH',
      ['ipVelocity', 'pairVelocity'],
    ],
    [
      'username failures with webdriver: the higher level decides',
      { pairFailures: 6, ...withPayload({ webdriver: true }) },
      'HIGH',
      ['webdriver', 'pairVelocity'],
    ],
    [
      'every rule at once',
      {
        pairFailures: 5,
        usernameFailuresElsewhere: 5,
        ...fromAddress(100, 0),
        unknownUsernamesLastMinute: 30,
        highRiskOverride: true,
        ...withPayload({ webdriver: true, userAgent: HEADLESS }),
      },
      'HIGH',
      [
        'adminOverride',
        'webdriver',
        'automatedUserAgent',
        'unknownUsernameRate',
        'ipVelocity',
        'pairVelocity',
        'usernameVelocity',
      ],
    ],
  ])('%s → %s', (_name, changes, level, rules) => {
    const result = evaluateRisk({ ...calm, ...changes });
    expect(result.level).toBe(level);
    expect(result.rules).toEqual(rules);
    expect(result.reasons).toHaveLength(rules.length);
    expect(result.recommendedAction).toBe(
      DEFAULT_RISK_POLICY.recommendedActions[level === 'LOW' ? 'none' : (rules[0] ?? 'none')],
    );
    expect(asksForSecondFactor(result)).toBe(rules.includes('usernameVelocity'));
  });

  it('explains each rule in a sentence with its figures', () => {
    const result = evaluateRisk({
      ...calm,
      pairFailures: 7,
      usernameFailuresElsewhere: 9,
      ...fromAddress(25, 0),
      ...withPayload({ userAgent: HEADLESS }),
    });
    expect(result.reasons).toEqual([
      'The browser identifies itself as an automated or headless browser (HeadlessChrome).',
      '25 failed sign-ins from this address in the last 15 minutes: each sign-in from it waits 1 s after the last failure.',
      '7 failed sign-ins for this username from this address in the last 15 minutes: this address may not sign in as it for now.',
      '9 failed sign-ins for this username from other addresses in the last 15 minutes: not refused here, but the second factor is asked even on a remembered browser.',
    ]);
    expect(result.recommendedAction).toBe('Sign-in blocked because this browser looks automated.');
  });

  it('follows a policy’s own thresholds, levels and words', () => {
    const policy = {
      ...DEFAULT_RISK_POLICY,
      usernameFailureThreshold: 2,
      failureWindowMs: 5 * 60 * 1000,
      levels: { ...DEFAULT_RISK_POLICY.levels, pairVelocity: 'HIGH' as const },
      recommendedActions: { ...DEFAULT_RISK_POLICY.recommendedActions, pairVelocity: 'Stop.' },
    };
    expect(evaluateRisk({ ...calm, pairFailures: 2 }, policy)).toEqual({
      level: 'HIGH',
      recommendedAction: 'Stop.',
      reasons: [
        '2 failed sign-ins for this username from this address in the last 5 minutes: this address may not sign in as it for now.',
      ],
      rules: ['pairVelocity'],
    });
  });

  it('lets a rule configured as LOW be reported without stopping the sign-in', () => {
    const policy = {
      ...DEFAULT_RISK_POLICY,
      levels: { ...DEFAULT_RISK_POLICY.levels, webdriver: 'LOW' as const },
    };
    const result = evaluateRisk({ ...calm, ...withPayload({ webdriver: true }) }, policy);
    expect(result).toMatchObject({ level: 'LOW', recommendedAction: 'Continue signing in.' });
    expect(result.rules).toEqual(['webdriver']);
  });

  it.each([
    [CHROME, null],
    [HEADLESS, 'HeadlessChrome'],
    ['node-fetch PUPPETEER', 'puppeteer'],
  ])('finds in %s the automation marker %s', (userAgent, marker) => {
    expect(automatedMarkerIn(userAgent, DEFAULT_RISK_POLICY)).toBe(marker);
  });

  it.each([
    [0, 0],
    [19, 0],
    [20, 1000],
    [39, 1000],
    [40, 2000],
    [60, 4000],
    [80, 8000],
    [99, 8000],
    [140, 30_000],
  ])('delays every sign-in from an address with %i failures by %i ms', (failures, delay) => {
    expect(addressDelayMs(failures, DEFAULT_RISK_POLICY)).toBe(delay);
  });
});
