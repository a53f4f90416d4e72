import { describe, expect, it } from 'vitest';
import { decideTransfer, moveCeilingCents, secondFactorOf } from './transfer-decision.rules';
import { person } from './transfer-request.fixtures';

describe('what becomes of a valid transfer', () => {
  const bot = { ...person, webdriver: true };
  const headless = { ...person, userAgent: 'Mozilla/5.0 HeadlessChrome/131.0' };
  const defaults = { cibaThreshold: null, denyThreshold: null };
  const own = { cibaThreshold: 10, denyThreshold: 50 };

  // Amounts and running totals in cents; "above" is strict (document 2 §9).
  it.each([
    ['a person, small amount', 25_00, 0, person, defaults, null, 'move'],
    ['webdriver', 25_00, 0, bot, defaults, null, 'risk'],
    ['a headless user agent', 25_00, 0, headless, defaults, null, 'risk'],
    ['a bot above the deny threshold (risk first)', 20_000_00, 0, bot, defaults, 'push', 'risk'],
    [
      'exactly the default deny threshold, phone',
      10_000_00,
      0,
      person,
      defaults,
      'push',
      'approve',
    ],
    [
      'a cent above the default deny threshold',
      10_000_01,
      0,
      person,
      defaults,
      null,
      'max_threshold',
    ],
    [
      'above the deny threshold with a phone (deny first)',
      10_000_01,
      0,
      person,
      defaults,
      'push',
      'max_threshold',
    ],
    [
      'exactly the default CIBA threshold, no second factor',
      1_000_00,
      0,
      person,
      defaults,
      null,
      'move',
    ],
    ['a cent above the CIBA threshold, phone', 1_000_01, 0, person, defaults, 'push', 'approve'],
    [
      'a cent above the CIBA threshold, a code device',
      1_000_01,
      0,
      person,
      defaults,
      'code',
      'approve',
    ],
    [
      'above the CIBA threshold with no second factor at all',
      5_000_00,
      0,
      person,
      defaults,
      null,
      'approval_unavailable',
    ],
    ['the user’s own deny threshold', 50_01, 0, person, own, 'push', 'max_threshold'],
    ['the user’s own CIBA threshold', 10_01, 0, person, own, 'push', 'approve'],
    // The running total: what the last 24 hours already hold counts with this transfer.
    [
      'a second $1,000 after $1,000 (total $2,000 above $1,000)',
      1_000_00,
      1_000_00,
      person,
      defaults,
      'code',
      'approve',
    ],
    [
      '$1 after $999 (total exactly at the threshold)',
      1_00,
      999_00,
      person,
      defaults,
      null,
      'move',
    ],
    ['1 cent after $1,000 (total a cent above)', 1, 1_000_00, person, defaults, 'push', 'approve'],
    [
      '$1,000 after $9,000 (total exactly at the deny threshold)',
      1_000_00,
      9_000_00,
      person,
      defaults,
      'code',
      'approve',
    ],
    [
      '$1,000 after $9,500 (total above the deny threshold)',
      1_000_00,
      9_500_00,
      person,
      defaults,
      'code',
      'max_threshold',
    ],
    [
      '1 cent after $50 with the user’s own deny threshold',
      1,
      50_00,
      person,
      own,
      'push',
      'max_threshold',
    ],
  ] as const)(
    '%s → %s',
    (_case, amountCents, recentTotalCents, riskPayload, user, secondFactor, expected) => {
      const decision = decideTransfer({
        amountCents,
        recentTotalCents,
        riskPayload,
        user,
        secondFactor,
      });
      expect(decision.kind === 'deny' ? decision.reason : decision.kind).toBe(expected);
    },
  );

  it('asks the phone when there is one, else a code, else refuses', () => {
    const decide = (secondFactor: 'push' | 'code' | null) =>
      decideTransfer({
        amountCents: 2_000_00,
        recentTotalCents: 0,
        riskPayload: person,
        user: defaults,
        secondFactor,
      });
    const limit = { recentTotalCents: 0, amountCents: 2_000_00, thresholdCents: 1_000_00 };
    expect(decide('push')).toEqual({ kind: 'approve', via: 'push', limit });
    expect(decide('code')).toEqual({ kind: 'approve', via: 'code', limit });
    expect(decide(null)).toEqual({ kind: 'deny', reason: 'approval_unavailable' });
    expect(secondFactorOf({ hasPushDevice: true, hasCodeDevice: true })).toBe('push');
    expect(secondFactorOf({ hasPushDevice: false, hasCodeDevice: true })).toBe('code');
    expect(secondFactorOf({ hasPushDevice: false, hasCodeDevice: false })).toBeNull();
  });

  it('says which deny limit the 24-hour total crossed, and by what figures', () => {
    expect(
      decideTransfer({
        amountCents: 9_000_00,
        recentTotalCents: 1_500_00,
        riskPayload: person,
        user: defaults,
        secondFactor: 'push',
      }),
    ).toEqual({
      kind: 'deny',
      reason: 'max_threshold',
      limit: { recentTotalCents: 1_500_00, amountCents: 9_000_00, thresholdCents: 10_000_00 },
    });
  });

  it('gives the automation reasons of the sign-in risk rules', () => {
    expect(
      decideTransfer({
        amountCents: 1,
        recentTotalCents: 0,
        riskPayload: bot,
        user: defaults,
        secondFactor: null,
      }),
    ).toEqual({
      kind: 'deny',
      reason: 'risk',
      riskReasons: ['The browser reports that automation software controls it (webdriver).'],
    });
  });

  it.each([
    ['HeadlessChrome', 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0 Safari/537.36', true],
    ['Playwright', 'Playwright/1.65 (x64; debian 12)', true],
    ['puppeteer in any case', 'PUPPETEER', true],
    ['a desktop Chrome', person.userAgent, false],
    ['no header at all', null, false],
  ] as const)(
    'applies the automation rule to the request’s own User-Agent (%s) even when risk_data looks human',
    (_case, requestUserAgent, refused) => {
      const decision = decideTransfer({
        amountCents: 1,
        recentTotalCents: 0,
        riskPayload: person,
        requestUserAgent,
        user: defaults,
        secondFactor: null,
      });
      expect(decision.kind === 'deny' && decision.reason === 'risk').toBe(refused);
      if (decision.kind === 'deny' && decision.reason === 'risk') {
        expect(decision.riskReasons.join(' ')).toMatch(/request's own User-Agent/);
      }
    },
  );
});

describe('the running total a transfer may move on, for the statement that reads it', () => {
  const bot = { ...person, webdriver: true };
  const defaults = { cibaThreshold: null, denyThreshold: null };

  it.each([
    ['$25 under the default thresholds: $975 may already count', 25_00, person, defaults, 975_00],
    ['exactly the CIBA threshold: nothing may count', 1_000_00, person, defaults, 0],
    ['a cent above the CIBA threshold: never moves alone', 1_000_01, person, defaults, null],
    [
      'the lower of the two thresholds applies',
      1_00,
      person,
      { cibaThreshold: 50, denyThreshold: 20 },
      19_00,
    ],
    ['automation never moves', 1, bot, defaults, null],
  ] as const)('%s', (_case, amountCents, riskPayload, user, expected) => {
    expect(moveCeilingCents({ amountCents, riskPayload, user })).toBe(expected);
  });

  it('agrees with decideTransfer at every total around the ceiling, whatever the second factor', () => {
    const users = [
      defaults,
      { cibaThreshold: 10, denyThreshold: 50 },
      { cibaThreshold: 50, denyThreshold: 20 },
      { cibaThreshold: 1, denyThreshold: 2 },
    ];
    for (const user of users) {
      for (const amountCents of [1, 99, 10_00, 20_00, 1_000_00, 1_000_01]) {
        for (const riskPayload of [person, bot]) {
          const ceiling = moveCeilingCents({ amountCents, riskPayload, user });
          const around =
            ceiling === null ? [0, 1, 1_000_00] : [0, ceiling - 1, ceiling, ceiling + 1];
          for (const recentTotalCents of around.filter((total) => total >= 0)) {
            for (const secondFactor of ['push', 'code', null] as const) {
              const decision = decideTransfer({
                amountCents,
                recentTotalCents,
                riskPayload,
                user,
                secondFactor,
              });
              const moves = ceiling !== null && recentTotalCents <= ceiling;
              expect({
                user,
                amountCents,
                recentTotalCents,
                moves: decision.kind === 'move',
              }).toEqual({ user, amountCents, recentTotalCents, moves });
            }
          }
        }
      }
    }
  });

  it('never moves a request whose own User-Agent names automation', () => {
    expect(
      moveCeilingCents({
        amountCents: 1,
        riskPayload: person,
        requestUserAgent: 'Playwright/1.65 (x64; debian 12)',
        user: defaults,
      }),
    ).toBeNull();
  });
});
