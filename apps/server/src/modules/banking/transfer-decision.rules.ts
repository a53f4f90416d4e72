import {
  DEFAULT_CIBA_THRESHOLD_DOLLARS,
  DEFAULT_DENY_THRESHOLD_DOLLARS,
  type CrossedLimit,
  type RiskPayload,
} from '@anybank/contracts';
import {
  DEFAULT_RISK_POLICY,
  automatedMarkerIn,
  evaluateRisk,
  type RiskPolicy,
} from '../identity/risk/risk.rules';

/**
 * What becomes of a valid transfer (document 2 §8, §9): the automation rule, the customer's
 * thresholds applied to the 24-hour running total, and the second factor asked above them.
 * No HTTP, no SQL, no clock: callers pass what they read.
 */

export interface TransferUser {
  /** Whole dollars; null is the default of document 2 §9. */
  cibaThreshold: number | null;
  denyThreshold: number | null;
}

export function denyThresholdCents(user: TransferUser): number {
  return (user.denyThreshold ?? DEFAULT_DENY_THRESHOLD_DOLLARS) * 100;
}

export function cibaThresholdCents(user: TransferUser): number {
  return (user.cibaThreshold ?? DEFAULT_CIBA_THRESHOLD_DOLLARS) * 100;
}

/**
 * The automation rules of sign-in's risk evaluation (webdriver, headless user agents), applied
 * to the `risk_data` the browser sent AND to the request's own `User-Agent` header: a script
 * that copies a person's risk data still names itself in the header it really sends.
 */
export function automationReasons(
  payload: RiskPayload,
  policy: RiskPolicy = DEFAULT_RISK_POLICY,
  requestUserAgent: string | null = null,
): string[] {
  // Only the payload's own signals count: a transfer has no sign-in failures to weigh, and
  // the admin's "high risk on next sign-in" is about signing in.
  const result = evaluateRisk(
    {
      payload,
      pairFailures: 0,
      usernameFailuresElsewhere: 0,
      ipFailures: 0,
      highRiskOverride: false,
    },
    policy,
  );
  const reasons = result.level === 'LOW' ? [] : [...result.reasons];
  const marker = requestUserAgent === null ? null : automatedMarkerIn(requestUserAgent, policy);
  if (marker !== null && policy.levels.automatedUserAgent !== 'LOW') {
    reasons.push(
      `The request's own User-Agent header names an automated or headless browser (${marker}).`,
    );
  }
  return reasons;
}

/**
 * The running total. Approval and the deny limit apply to the SUM of the
 * customer's transfers in the last 24 hours plus the one asked for, never to each alone, so
 * that splitting a large transfer into small ones changes nothing. What counts toward it:
 * - confirmed transfers (which includes those approved on the phone or by code: approval
 *   confirms them), created within the window;
 * - transfers waiting for approval (phone or code) created within the pending lifetime: the
 *   money may still move, so a second transfer cannot use the room the first one holds;
 * - NOT denied or not-approved transfers (no money moved), nor a pending one older than the
 *   pending lifetime (its code or phone request has expired; it is settled as not approved).
 *   A transfer the customer cancelled while it waited for its code is not approved (reason
 *   `cancelled`): it frees its room at once.
 * "Above" is strict (document 2 §9: "above the CIBA threshold", "above the deny threshold"): a
 * running total exactly AT the threshold moves without approval, one cent more needs it.
 */
export const RUNNING_TOTAL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Longer than a code's life (OTP_TTL_MS, 5 min) and the phone's wait (about 2 min). */
export const PENDING_TRANSFER_LIFETIME_MS = 10 * 60 * 1000;

/** How this customer can give the second factor a transfer above the threshold needs. */
export type SecondFactor = 'push' | 'code' | null;

/** The customer's phone app when activated, else a code to an e-mail or SMS sign-in device. */
export function secondFactorOf(input: {
  hasPushDevice: boolean;
  hasCodeDevice: boolean;
}): SecondFactor {
  if (input.hasPushDevice) return 'push';
  return input.hasCodeDevice ? 'code' : null;
}

export type TransferDecision =
  | { kind: 'deny'; reason: 'risk'; riskReasons: string[] }
  | { kind: 'deny'; reason: 'max_threshold'; limit: CrossedLimit }
  | { kind: 'deny'; reason: 'approval_unavailable' }
  | { kind: 'approve'; via: 'push' | 'code'; limit: CrossedLimit }
  | { kind: 'move' };

export interface TransferDecisionInput {
  amountCents: number;
  /** What already counts toward the 24-hour running total (see RUNNING_TOTAL_WINDOW_MS). */
  recentTotalCents: number;
  riskPayload: RiskPayload;
  requestUserAgent?: string | null;
  user: TransferUser;
  secondFactor: SecondFactor;
  riskPolicy?: RiskPolicy;
}

/**
 * What happens to a valid transfer, the first rule that applies deciding:
 * 1. automation in the risk data or the request's User-Agent → denied (risk). Before the
 *    amount rules, so that a bot is recorded as one ('transfer.bot_detected') whatever amount.
 * 2. running total (recent + this one) above the deny threshold → denied (max_threshold).
 * 3. running total above the CIBA threshold → a second factor: the phone app when activated,
 *    else a one-time code to a sign-in device; with neither, refused (approval_unavailable) —
 *    no transfer above the threshold ever moves without a second factor.
 * 4. otherwise the money moves.
 */
export function decideTransfer(input: TransferDecisionInput): TransferDecision {
  const riskReasons = automationReasons(
    input.riskPayload,
    input.riskPolicy,
    input.requestUserAgent ?? null,
  );
  if (riskReasons.length > 0) return { kind: 'deny', reason: 'risk', riskReasons };
  const runningTotal = input.recentTotalCents + input.amountCents;
  const denyCents = denyThresholdCents(input.user);
  if (runningTotal > denyCents) {
    const { recentTotalCents, amountCents } = input;
    return {
      kind: 'deny',
      reason: 'max_threshold',
      limit: { recentTotalCents, amountCents, thresholdCents: denyCents },
    };
  }
  const cibaCents = cibaThresholdCents(input.user);
  if (runningTotal > cibaCents) {
    const { recentTotalCents, amountCents } = input;
    return input.secondFactor === null
      ? { kind: 'deny', reason: 'approval_unavailable' }
      : {
          kind: 'approve',
          via: input.secondFactor,
          limit: { recentTotalCents, amountCents, thresholdCents: cibaCents },
        };
  }
  return { kind: 'move' };
}

/**
 * decideTransfer for a running total read later, by the statement that moves the money
 * (running-total.store.ts, `decideAndMoveMoney`): the most the total may already hold for this
 * transfer to move — decideTransfer answers 'move' exactly when `recentTotalCents` is at most
 * this — or null when it cannot move whatever the total (automation, or the amount alone above
 * a threshold), and must be decided under the customer's lock as a whole.
 */
export function moveCeilingCents(
  input: Omit<TransferDecisionInput, 'recentTotalCents' | 'secondFactor'>,
): number | null {
  if (
    automationReasons(input.riskPayload, input.riskPolicy, input.requestUserAgent ?? null).length >
    0
  ) {
    return null;
  }
  const ceiling =
    Math.min(denyThresholdCents(input.user), cibaThresholdCents(input.user)) - input.amountCents;
  return ceiling >= 0 ? ceiling : null;
}
