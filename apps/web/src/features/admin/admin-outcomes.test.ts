import { describe, expect, it } from 'vitest';
import { messages } from '@anybank/contracts';
import type { PolicyAnswer } from '../../lib/policy-answer';
import { policyOutcome, statusOutcome, successText, thresholdsFailureText } from './admin-outcomes';

const ok = (body: unknown): PolicyAnswer => ({ kind: 'ok', body });
const refused = (status: number, message: string | null): PolicyAnswer => ({
  kind: 'refused',
  status,
  message,
  details: [],
});
const failedBody = (message: string) =>
  ok({ success: false, additionalProperties: { errorBody: { message } } });

describe('what an admin action’s answer shows (document 2 §4, §8)', () => {
  it.each<
    [string, Parameters<typeof policyOutcome>[0], PolicyAnswer, ReturnType<typeof policyOutcome>]
  >([
    [
      'delete succeeds: single logout follows',
      'deleteUser',
      ok({ success: true }),
      { kind: 'success', then: 'single-logout' },
    ],
    [
      'reset succeeds: single logout follows',
      'resetVerification',
      ok({ success: true }),
      { kind: 'success', then: 'single-logout' },
    ],
    [
      'phishing succeeds: no redirect',
      'phishingEmail',
      ok({ success: true }),
      { kind: 'success', then: null },
    ],
    [
      'delete fails: the error body’s message',
      'deleteUser',
      failedBody('Nope.'),
      { kind: 'failure', message: 'Nope.' },
    ],
    [
      'delete refused: the refusal’s message',
      'deleteUser',
      refused(401, 'Sign in to use this service.'),
      { kind: 'failure', message: 'Sign in to use this service.' },
    ],
    [
      'delete with no answer: the generic error',
      'deleteUser',
      { kind: 'failed', reason: 'offline' },
      { kind: 'failure', message: messages.admin.unexpected },
    ],
    [
      'reset refused: the generic error',
      'resetVerification',
      refused(403, 'Customers only.'),
      { kind: 'failure', message: messages.admin.unexpected },
    ],
    [
      'reset with an odd body: the generic error',
      'resetVerification',
      ok({ done: 1 }),
      { kind: 'failure', message: messages.admin.unexpected },
    ],
    [
      'phishing refused: the failure with its reason',
      'phishingEmail',
      refused(400, 'Own address only.'),
      { kind: 'failure', message: 'Failed to send phishing email: Own address only.' },
    ],
    [
      'phishing with no answer: the failure with what went wrong',
      'phishingEmail',
      { kind: 'failed', reason: 'HTTP 502' },
      { kind: 'failure', message: 'Failed to send phishing email: HTTP 502' },
    ],
  ])('%s', (_rule, action, answer, expected) => {
    expect(policyOutcome(action, answer)).toEqual(expected);
  });

  it('reads the tier toggle by 200 and the high-risk switch by 204', () => {
    expect(statusOutcome('toggleTier', 200)).toEqual({ kind: 'success', then: 'banking' });
    expect(statusOutcome('toggleTier', 400)).toEqual({
      kind: 'failure',
      message: messages.admin.unexpected,
    });
    expect(statusOutcome('highRisk', 204)).toEqual({ kind: 'success', then: null });
    expect(statusOutcome('highRisk', 0)).toEqual({
      kind: 'failure',
      message: messages.admin.unexpected,
    });
  });

  it('adds "We\'re sending you home." only when a redirect follows', () => {
    expect(successText(null)).toBe('Success! Your administrative action was completed.');
    expect(successText('banking')).toBe(
      "Success! Your administrative action was completed. We're sending you home.",
    );
  });

  it('puts the status text into the threshold failure, or the code when there is none', () => {
    expect(thresholdsFailureText(400, 'Bad Request')).toBe(
      'An error occured saving your thresholds. Bad Request.',
    );
    expect(thresholdsFailureText(502, '')).toBe(
      'An error occured saving your thresholds. HTTP 502.',
    );
    expect(thresholdsFailureText(null, '')).toBe(
      'An error occured saving your thresholds. No answer.',
    );
  });
});
