import { describe, expect, it } from 'vitest';
import { riskOutcomeOf } from './risk-outcome';

const answer = (level: string, recommendedAction = 'Allow') => ({
  result: { level, recommendedAction, reasons: [] },
});

describe('risk evaluation outcome (§4.2, §8)', () => {
  it('proceeds on LOW', () => {
    expect(riskOutcomeOf(200, answer('LOW'))).toEqual({ kind: 'proceed' });
  });

  it('denies any other level with the recommended action', () => {
    expect(riskOutcomeOf(200, answer('HIGH', 'Block'))).toEqual({
      kind: 'denied',
      recommendedAction: 'Block',
    });
    expect(riskOutcomeOf(200, answer('MEDIUM', 'Step up'))).toEqual({
      kind: 'denied',
      recommendedAction: 'Step up',
    });
  });

  it('reads an unknown username from the 404', () => {
    expect(riskOutcomeOf(404, { message: 'Invalid username.', code: 'INVALID_USERNAME' })).toEqual({
      kind: 'invalid-username',
    });
  });

  it('fails on a network error, a 5xx, a missing API or a malformed answer', () => {
    for (const [status, body] of [
      [null, null],
      [500, { message: 'boom' }],
      [502, null],
      [404, { message: 'Nothing here' }],
      [200, { result: { level: 'LOW' } }],
    ] as const) {
      expect(riskOutcomeOf(status, body)).toEqual({ kind: 'failed' });
    }
  });
});
