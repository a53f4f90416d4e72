import type { CounterDefinition, ServerMetrics } from '../../http/metrics';
import { metricFactsOf, type MetricFact } from './audit-metrics.rules';
import { onAuditEventsRecorded } from './recorded-events';

type CounterName = MetricFact['counter'];

/** The label sets of one counter's facts. */
type LabelsOf<C extends CounterName> = Extract<MetricFact, { counter: C }>['labels'];

/** Each counter with the label values it starts at 0 with. */
const COUNTERS: {
  [C in CounterName]: Omit<CounterDefinition, 'startsAt'> & { startsAt: LabelsOf<C>[] };
} = {
  signInsStarted: {
    name: 'anybank_sign_ins_started_total',
    help: 'Sign-in attempts begun: a username or a passkey submitted at the first step.',
    labelNames: ['method'],
    startsAt: [{ method: 'username' }, { method: 'passkey' }],
  },
  signInsCompleted: {
    name: 'anybank_sign_ins_completed_total',
    help: 'Sign-ins finished, by the factors used (the amr values, sorted, joined with +).',
    labelNames: ['factors'],
    startsAt: [],
  },
  signInsFailed: {
    name: 'anybank_sign_ins_failed_total',
    help: 'Factors refused during a sign-in, by factor (a sign-in may go on after one).',
    labelNames: ['factor'],
    startsAt: (
      ['username', 'password', 'risk', 'one_time_code', 'push', 'passkey', 'recovery_code'] as const
    ).map((factor) => ({ factor })),
  },
  riskEvaluations: {
    name: 'anybank_risk_evaluations_total',
    help: "Risk evaluations of a known user's sign-in at the username step, by level.",
    labelNames: ['level'],
    startsAt: (['LOW', 'MEDIUM', 'HIGH'] as const).map((level) => ({ level })),
  },
  riskDenials: {
    name: 'anybank_risk_denials_total',
    help: 'Sign-ins refused by the risk rules, by level.',
    labelNames: ['level'],
    startsAt: (['MEDIUM', 'HIGH'] as const).map((level) => ({ level })),
  },
  transfers: {
    name: 'anybank_transfers_total',
    help: 'Transfers by outcome.',
    labelNames: ['outcome'],
    startsAt: (['confirmed', 'denied', 'bot_detected', 'cancelled'] as const).map((outcome) => ({
      outcome,
    })),
  },
  cibaDecisions: {
    name: 'anybank_ciba_decisions_total',
    help: "CIBA requests (a transfer's approval) decided on the customer's phone, by decision.",
    labelNames: ['decision'],
    startsAt: [{ decision: 'approved' }, { decision: 'denied' }],
  },
};

/**
 * Counts sign-ins, risk levels, transfers and CIBA decisions from the audit events this
 * process records (recorded-events.ts): the facts the log already holds, not a second path.
 * Answers how to stop (the server closes).
 */
export function countAuditEventsIn(metrics: ServerMetrics): () => void {
  const count = Object.fromEntries(
    Object.entries(COUNTERS).map(([name, definition]) => [name, metrics.addCounter(definition)]),
  ) as Record<CounterName, (labels: Record<string, string>) => void>;
  return onAuditEventsRecorded((event) => {
    for (const fact of metricFactsOf(event)) count[fact.counter](fact.labels);
  });
}
