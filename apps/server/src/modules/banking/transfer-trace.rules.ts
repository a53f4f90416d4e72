import type { AuditEvent } from '../audit';
import {
  cibaThresholdCents,
  denyThresholdCents,
  type TransferDecision,
  type TransferUser,
} from './transfer-decision.rules';

/** The rule that decided a transfer, by name (`transfer.decided` details.rule). */
export type DecidingRule =
  | 'below_threshold'
  | 'approval_on_phone'
  | 'approval_by_code'
  | 'deny_limit'
  | 'approval_unavailable'
  | 'risk';

export function decidingRuleOf(decision: TransferDecision): DecidingRule {
  switch (decision.kind) {
    case 'move':
      return 'below_threshold';
    case 'approve':
      return decision.via === 'push' ? 'approval_on_phone' : 'approval_by_code';
    case 'deny':
      return decision.reason === 'max_threshold' ? 'deny_limit' : decision.reason;
  }
}

/**
 * A transfer's decision as a "Behind the scenes" panel shows it (written only
 * while one watches): the rule, and the amounts it compared — this transfer, what the last 24
 * hours already count, their running total, and the customer's two thresholds.
 */
export function transferDecisionTrace(
  plan: { userId: string; ip: string | null; amountCents: number; referenceNumber: number },
  decision: TransferDecision,
  facts: { user: TransferUser; recentTotalCents: number },
): AuditEvent {
  return {
    type: 'transfer.decided',
    userId: plan.userId,
    ip: plan.ip,
    details: {
      rule: decidingRuleOf(decision),
      referenceNumber: plan.referenceNumber,
      amountCents: plan.amountCents,
      recentTotalCents: facts.recentTotalCents,
      runningTotalCents: facts.recentTotalCents + plan.amountCents,
      cibaThresholdCents: cibaThresholdCents(facts.user),
      denyThresholdCents: denyThresholdCents(facts.user),
    },
  };
}
