import { describe, expect, it } from 'vitest';
import { EVENT_EXPLANATIONS } from '@anybank/contracts';
import type { TransferDecision } from './transfer-decision.rules';
import { decidingRuleOf, transferDecisionTrace } from './transfer-trace.rules';

const JOHN = { cibaThreshold: 1000, denyThreshold: 5000 };
const PLAN = { userId: 'u', ip: null, amountCents: 150_000, referenceNumber: 42 };
const explain = (details: Record<string, unknown>) =>
  EVENT_EXPLANATIONS['transfer.decided']!.explain(details);

const LIMIT = { recentTotalCents: 0, amountCents: 10_000_01, thresholdCents: 10_000_00 };

describe('the rule that decided a transfer, for Behind the scenes', () => {
  it.each<[TransferDecision, string]>([
    [{ kind: 'move' }, 'below_threshold'],
    [{ kind: 'approve', via: 'push', limit: LIMIT }, 'approval_on_phone'],
    [{ kind: 'approve', via: 'code', limit: LIMIT }, 'approval_by_code'],
    [{ kind: 'deny', reason: 'max_threshold', limit: LIMIT }, 'deny_limit'],
    [{ kind: 'deny', reason: 'approval_unavailable' }, 'approval_unavailable'],
    [{ kind: 'deny', reason: 'risk', riskReasons: [] }, 'risk'],
  ])('%j is decided by %s', (decision, rule) => {
    expect(decidingRuleOf(decision)).toBe(rule);
  });

  it('says why the phone was asked, in words', () => {
    const trace = transferDecisionTrace(
      PLAN,
      { kind: 'approve', via: 'push', limit: LIMIT },
      {
        user: JOHN,
        recentTotalCents: 0,
      },
    );
    expect(explain(trace.details!)).toBe(
      'The bank asked your phone to approve because $1,500.00 is above your $1,000.00 approval threshold.',
    );
  });

  it('names the running total when earlier transfers count', () => {
    const trace = transferDecisionTrace(
      { ...PLAN, amountCents: 60_000 },
      { kind: 'deny', reason: 'max_threshold', limit: LIMIT },
      { user: JOHN, recentTotalCents: 480_000 },
    );
    expect(explain(trace.details!)).toBe(
      'The transfer was denied because with $4,800.00 already sent in the last 24 hours, the running total of $5,400.00 is above your $5,000.00 limit.',
    );
  });
});
