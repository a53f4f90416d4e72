import { describe, expect, it } from 'vitest';
import type { RiskLevel, RiskPayload } from '@anybank/contracts';
import {
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
  usernameFailures: 0,
  ipFailures: 0,
  highRiskOverride: false,
};
const withPayload = (changes: Partial<RiskPayload>): Partial<RiskSignals> => ({
  payload: { ...browser, ...changes },
});

describe('risk evaluation', () => {
  it.each<[string, Partial<RiskSignals>, RiskLevel, RiskRule[]]>([
    ['an ordinary browser with no failures', {}, 'LOW', []],
    ['4 failures for the username', { usernameFailures: 4 }, 'LOW', []],
    ['5 failures for the username', { usernameFailures: 5 }, 'MEDIUM', ['usernameVelocity']],
    ['19 failures from the address', { ipFailures: 19 }, 'LOW', []],
    ['20 failures from the address', { ipFailures: 20 }, 'HIGH', ['ipVelocity']],
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
      { payload: null, usernameFailures: 5, ipFailures: 20 },
      'HIGH',
      ['ipVelocity', 'usernameVelocity'],
    ],
    [
      'username failures with webdriver: the higher level decides',
      { usernameFailures: 6, ...withPayload({ webdriver: true }) },
      'HIGH',
      ['webdriver', 'usernameVelocity'],
    ],
    [
      'every rule at once',
      {
        usernameFailures: 5,
        ipFailures: 20,
        highRiskOverride: true,
        ...withPayload({ webdriver: true, userAgent: HEADLESS }),
      },
      'HIGH',
      ['adminOverride', 'webdriver', 'automatedUserAgent', 'ipVelocity', 'usernameVelocity'],
    ],
  ])('%s → %s', (_name, changes, level, rules) => {
    const result = evaluateRisk({ ...calm, ...changes });
    expect(result.level).toBe(level);
    expect(result.rules).toEqual(rules);
    expect(result.reasons).toHaveLength(rules.length);
    expect(result.recommendedAction).toBe(
      DEFAULT_RISK_POLICY.recommendedActions[rules[0] ?? 'none'],
    );
  });

  it('explains each rule in a sentence with its figures', () => {
    const result = evaluateRisk({
      ...calm,
      usernameFailures: 7,
      ipFailures: 25,
      ...withPayload({ userAgent: HEADLESS }),
    });
    expect(result.reasons).toEqual([
      'The browser identifies itself as an automated or headless browser (HeadlessChrome).',
      '25 failed sign-ins from this address in the last 15 minutes.',
      '7 failed sign-ins for this username in the last 15 minutes.',
    ]);
    expect(result.recommendedAction).toBe('Sign-in blocked because this browser looks automated.');
  });

  it('follows a policy’s own thresholds, levels and words', () => {
    const policy = {
      ...DEFAULT_RISK_POLICY,
      usernameFailureThreshold: 2,
      failureWindowMs: 5 * 60 * 1000,
      levels: { ...DEFAULT_RISK_POLICY.levels, usernameVelocity: 'HIGH' as const },
      recommendedActions: { ...DEFAULT_RISK_POLICY.recommendedActions, usernameVelocity: 'Stop.' },
    };
    expect(evaluateRisk({ ...calm, usernameFailures: 2 }, policy)).toEqual({
      level: 'HIGH',
      recommendedAction: 'Stop.',
      reasons: ['2 failed sign-ins for this username in the last 5 minutes.'],
      rules: ['usernameVelocity'],
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
});
