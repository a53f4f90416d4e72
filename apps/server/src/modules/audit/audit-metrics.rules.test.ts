import { describe, expect, it } from 'vitest';
import { metricFactsOf } from './audit-metrics.rules';

const step = (details: Record<string, unknown>) =>
  metricFactsOf({ type: 'flow.step', details: { clientId: 'anybank-web', ...details } });

describe('what an audit event counts as', () => {
  it('a username or passkey submitted at the first step starts a sign-in; asking for a challenge does not', () => {
    expect(step({ from: 'IDENTIFIER_REQUIRED', event: 'IDENTIFIER_ACCEPTED' })).toEqual([
      { counter: 'signInsStarted', labels: { method: 'username' } },
    ]);
    expect(step({ from: 'IDENTIFIER_REQUIRED', event: 'PASSKEY_SIGN_IN_ACCEPTED' })).toEqual([
      { counter: 'signInsStarted', labels: { method: 'passkey' } },
    ]);
    expect(step({ from: 'IDENTIFIER_REQUIRED', event: 'PASSKEY_CHALLENGE_ISSUED' })).toEqual([]);
    expect(step({ from: 'USERNAME_PASSWORD_REQUIRED', event: 'PASSWORD_ACCEPTED' })).toEqual([]);
  });

  it('an unknown username both starts a sign-in and fails it', () => {
    expect(step({ from: 'IDENTIFIER_REQUIRED', event: 'IDENTIFIER_UNKNOWN' })).toEqual([
      { counter: 'signInsStarted', labels: { method: 'username' } },
      { counter: 'signInsFailed', labels: { factor: 'username' } },
    ]);
  });

  it('a refused factor fails the sign-in by that factor', () => {
    const failed = (event: string) =>
      step({ from: 'X', event }).map((fact) => fact.labels as Record<string, string>);
    expect(failed('PASSWORD_REJECTED')).toEqual([{ factor: 'password' }]);
    expect(failed('OTP_REJECTED')).toEqual([{ factor: 'one_time_code' }]);
    expect(failed('PUSH_DENIED')).toEqual([{ factor: 'push' }]);
    expect(failed('ASSERTION_REFUSED')).toEqual([{ factor: 'passkey' }]);
    expect(failed('RECOVERY_CODE_REJECTED')).toEqual([{ factor: 'recovery_code' }]);
    expect(failed('OTP_ACCEPTED')).toEqual([]);
  });

  it('counts nothing of a step-up or a device pairing: they are not sign-ins', () => {
    for (const clientId of ['step-up', 'profile']) {
      expect(step({ clientId, from: 'OTP_REQUIRED', event: 'OTP_REJECTED' })).toEqual([]);
    }
  });

  it('a finished sign-in is counted by its factors, sorted, and only names the server writes', () => {
    const completed = (amr: unknown) =>
      metricFactsOf({ type: 'signin.succeeded', details: { amr } });
    expect(completed(['pwd', 'otp'])).toEqual([
      { counter: 'signInsCompleted', labels: { factors: 'otp+pwd' } },
    ]);
    expect(completed(['hwk'])[0]?.labels).toEqual({ factors: 'hwk' });
    expect(completed(['pwd', 'Robert"); drop'])[0]?.labels).toEqual({ factors: 'other+pwd' });
    expect(completed(undefined)[0]?.labels).toEqual({ factors: 'unknown' });
  });

  it('risk evaluations and denials by level, transfers by outcome, CIBA decisions by decision', () => {
    expect(metricFactsOf({ type: 'risk.evaluated', details: { level: 'HIGH' } })).toEqual([
      { counter: 'riskEvaluations', labels: { level: 'HIGH' } },
    ]);
    expect(metricFactsOf({ type: 'risk.denied', details: { level: 'odd' } })).toEqual([
      { counter: 'riskDenials', labels: { level: 'unknown' } },
    ]);
    expect(metricFactsOf({ type: 'transfer.bot_detected', details: {} })).toEqual([
      { counter: 'transfers', labels: { outcome: 'bot_detected' } },
    ]);
    const decided = (kind: string, decision: string) =>
      metricFactsOf({ type: 'push.decided', details: { kind, decision } });
    expect(decided('transfer', 'approved')).toEqual([
      { counter: 'cibaDecisions', labels: { decision: 'approved' } },
    ]);
    expect(decided('signin', 'approved')).toEqual([]);
  });

  it('counts nothing for the many events the log records that are not measured', () => {
    for (const type of ['consent.changed', 'token.issued', 'seed.applied'] as const) {
      expect(metricFactsOf({ type, details: {} })).toEqual([]);
    }
  });
});
