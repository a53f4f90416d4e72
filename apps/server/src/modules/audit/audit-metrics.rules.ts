import { RISK_LEVELS } from '@anybank/contracts';
import type { AuditEvent } from './audit-log';

/**
 * Pure: what an audit event counts as in the metrics (README "Metrics"). Every label value
 * comes from a fixed set or from the server's own code (a factor name), never from what a
 * caller sent: a scraper's series stay bounded whatever the traffic.
 */

/** One counter's increment that an audit event stands for. */
export type MetricFact =
  /** A sign-in's first factor was submitted (username or passkey), whatever came of it. */
  | { counter: 'signInsStarted'; labels: { method: 'username' | 'passkey' } }
  /** A sign-in finished, by the factors it used (its `amr`, sorted: `otp+pwd`). */
  | { counter: 'signInsCompleted'; labels: { factors: string } }
  /** A factor was refused during a sign-in (the sign-in may go on: a second try). */
  | { counter: 'signInsFailed'; labels: { factor: FailedFactor } }
  /** The risk evaluation of a known user at the username step. */
  | { counter: 'riskEvaluations'; labels: { level: string } }
  /** A sign-in refused by the risk rules (an unknown username's screening included). */
  | { counter: 'riskDenials'; labels: { level: string } }
  | { counter: 'transfers'; labels: { outcome: TransferOutcome } }
  /** The customer's phone decided a CIBA request (a transfer's approval). */
  | { counter: 'cibaDecisions'; labels: { decision: 'approved' | 'denied' } };

type FailedFactor =
  'username' | 'password' | 'risk' | 'one_time_code' | 'push' | 'passkey' | 'recovery_code';
type TransferOutcome = 'confirmed' | 'denied' | 'bot_detected' | 'cancelled';

/**
 * The flow machine's events (flow.step's `event`) that refuse a factor, by factor. The step
 * trace is the one event every step writes (a panel-only one: told to the metrics even when no
 * panel keeps its row), so a refusal is counted once whichever service refused it.
 */
const FAILED_FACTOR_OF: Readonly<Record<string, FailedFactor>> = {
  IDENTIFIER_UNKNOWN: 'username',
  IDENTIFIER_WRONG_USER_TYPE: 'username',
  PASSWORD_REJECTED: 'password',
  PASSWORD_LOCKED: 'password',
  RISK_DENIED: 'risk',
  OTP_REJECTED: 'one_time_code',
  OTP_ATTEMPTS_EXCEEDED: 'one_time_code',
  OTP_EXPIRED: 'one_time_code',
  PUSH_DENIED: 'push',
  PUSH_EXPIRED: 'push',
  ASSERTION_REFUSED: 'passkey',
  ASSERTION_CLONED: 'passkey',
  PASSKEY_SIGN_IN_REFUSED: 'passkey',
  PASSKEY_SIGN_IN_CLONED: 'passkey',
  RECOVERY_CODE_REJECTED: 'recovery_code',
  RECOVERY_CODE_ATTEMPTS_EXCEEDED: 'recovery_code',
};

/** The first-factor events at the start of a sign-in: each is one attempt begun. */
const FIRST_STEP_METHOD_OF: Readonly<Record<string, 'username' | 'passkey'>> = {
  IDENTIFIER_ACCEPTED: 'username',
  IDENTIFIER_UNKNOWN: 'username',
  IDENTIFIER_WRONG_USER_TYPE: 'username',
  RISK_DENIED: 'username',
  PASSKEY_SIGN_IN_ACCEPTED: 'passkey',
  PASSKEY_SIGN_IN_REFUSED: 'passkey',
  PASSKEY_SIGN_IN_CLONED: 'passkey',
};

/** Flows that are not sign-ins: a step-up and the profile's device pairing (flow.service.ts). */
const NOT_SIGN_IN_CLIENTS = new Set(['step-up', 'profile']);

const TRANSFER_OUTCOME_OF: Readonly<Record<string, TransferOutcome>> = {
  'transfer.confirmed': 'confirmed',
  'transfer.denied': 'denied',
  'transfer.bot_detected': 'bot_detected',
  'transfer.cancelled': 'cancelled',
};

/** A factor name as the server writes it (amr values); anything else is not a label. */
const FACTOR_NAME = /^[a-z][a-z0-9_]{0,15}$/;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function riskLevel(value: unknown): string {
  const level = text(value);
  return level !== null && (RISK_LEVELS as readonly string[]).includes(level) ? level : 'unknown';
}

function flowStepFacts(details: Record<string, unknown>): MetricFact[] {
  if (NOT_SIGN_IN_CLIENTS.has(text(details.clientId) ?? '')) return [];
  const event = text(details.event) ?? '';
  const facts: MetricFact[] = [];
  const method = FIRST_STEP_METHOD_OF[event];
  if (method && details.from === 'IDENTIFIER_REQUIRED') {
    facts.push({ counter: 'signInsStarted', labels: { method } });
  }
  const factor = FAILED_FACTOR_OF[event];
  if (factor) facts.push({ counter: 'signInsFailed', labels: { factor } });
  return facts;
}

function factorsOf(amr: unknown): string {
  if (!Array.isArray(amr) || amr.length === 0) return 'unknown';
  const names = amr.map((value) =>
    typeof value === 'string' && FACTOR_NAME.test(value) ? value : 'other',
  );
  return [...new Set(names)].sort().join('+');
}

/** What an audit event counts as (none for most: the log records far more than is counted). */
export function metricFactsOf(event: Pick<AuditEvent, 'type' | 'details'>): MetricFact[] {
  const details = event.details ?? {};
  switch (event.type) {
    case 'flow.step':
      return flowStepFacts(details);
    case 'signin.succeeded':
      return [{ counter: 'signInsCompleted', labels: { factors: factorsOf(details.amr) } }];
    case 'risk.evaluated':
      return [{ counter: 'riskEvaluations', labels: { level: riskLevel(details.level) } }];
    case 'risk.denied':
      return [{ counter: 'riskDenials', labels: { level: riskLevel(details.level) } }];
    case 'push.decided': {
      const decision = details.decision;
      if (details.kind !== 'transfer' || (decision !== 'approved' && decision !== 'denied')) {
        return [];
      }
      return [{ counter: 'cibaDecisions', labels: { decision } }];
    }
    default: {
      const outcome = TRANSFER_OUTCOME_OF[event.type];
      return outcome ? [{ counter: 'transfers', labels: { outcome } }] : [];
    }
  }
}
