import { describe, expect, it } from 'vitest';
import {
  ADMIN_THRESHOLDS_PATH,
  DEMO_CHAPTERS,
  DEMO_SCENARIOS,
  demoScenario,
  demoMessages,
  messages,
  nextDemoScenario,
} from '@anybank/contracts';
import { conditionRequest, conditionText, planStart } from './scenario-start';

describe('planStart', () => {
  it('sets the condition on the signed-in customer, then goes', () => {
    expect(planStart(demoScenario('risky-sign-in-blocked'), 'customer')).toEqual({
      kind: 'go',
      condition: { kind: 'high-risk' },
    });
  });

  it('asks to sign in first, naming the demo user, when no customer is signed in', () => {
    const scenario = demoScenario('transfer-approved-on-phone');
    for (const signedInAs of [null, 'AnyWealthAdvisor'] as const) {
      expect(planStart(scenario, signedInAs)).toEqual({
        kind: 'sign-in-first',
        message: demoMessages.signInFirst('john.smith'),
      });
    }
  });

  it('lets a sign-in scenario go at once, with no condition', () => {
    expect(planStart(demoScenario('password-email-code'), null)).toEqual({
      kind: 'go',
      condition: null,
    });
  });

  it('never sets a condition without a signed-in customer, for any scenario', () => {
    for (const scenario of DEMO_SCENARIOS) {
      const plan = planStart(scenario, null);
      if (plan.kind === 'go') expect(plan.condition, scenario.id).toBeNull();
    }
  });
});

describe('conditionRequest', () => {
  it('sets the thresholds through the demo admin API, in whole dollars', () => {
    expect(conditionRequest({ kind: 'thresholds', cibaDollars: 1000, denyDollars: 10000 })).toEqual(
      {
        path: ADMIN_THRESHOLDS_PATH,
        body: { cibaThreshold: '1000', denyThreshold: '10000' },
      },
    );
  });

  it('turns the high-risk override on', () => {
    expect(conditionRequest({ kind: 'high-risk' })).toEqual({
      path: '/api/admin/risk-override',
      body: { enabled: true },
    });
  });
});

describe('conditionText', () => {
  it('says what Start sets first, in dollars', () => {
    expect(conditionText({ kind: 'thresholds', cibaDollars: 1000, denyDollars: 10000 })).toBe(
      "Start first sets the signed-in customer's approval threshold to $1,000 and deny limit to $10,000.",
    );
  });
});

describe('the scenario list', () => {
  it('has a unique id and title, steps and something to watch for every scenario', () => {
    expect(new Set(DEMO_SCENARIOS.map((scenario) => scenario.id)).size).toBe(DEMO_SCENARIOS.length);
    expect(new Set(DEMO_SCENARIOS.map((scenario) => scenario.title)).size).toBe(
      DEMO_SCENARIOS.length,
    );
    for (const scenario of DEMO_SCENARIOS) {
      expect(scenario.steps.length, scenario.id).toBeGreaterThan(0);
      expect(scenario.watch.length, scenario.id).toBeGreaterThan(0);
    }
  });
});

describe('the story', () => {
  it('runs chapter by chapter in the order they build: sign-in first, identity beyond last', () => {
    const chapters = DEMO_SCENARIOS.map((scenario) => DEMO_CHAPTERS.indexOf(scenario.chapter));
    expect(chapters).toEqual([...chapters].sort((a, b) => a - b));
    expect(new Set(chapters).size).toBe(DEMO_CHAPTERS.length);
    for (const scenario of DEMO_SCENARIOS) {
      expect(Number.isInteger(scenario.minutes) && scenario.minutes > 0, scenario.id).toBe(true);
    }
  });

  it('leads from each scenario to the next, and from the last to none', () => {
    const nexts = DEMO_SCENARIOS.map((scenario) => nextDemoScenario(scenario.id)?.id ?? null);
    expect(nexts).toEqual([...DEMO_SCENARIOS.slice(1).map((scenario) => scenario.id), null]);
  });

  it('has the advisor find michael.brown and read the spec’s refusal', () => {
    const steps = demoScenario('advisor-consented-balances').steps.join(' ');
    expect(steps).toContain('michael.brown');
    expect(steps).toContain(messages.advisor.noConsent);
  });
});
