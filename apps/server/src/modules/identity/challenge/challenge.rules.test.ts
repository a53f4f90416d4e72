import { describe, expect, it } from 'vitest';
import type { Verdict } from './challenge-method';
import { transition, type ChallengeFacts, type ChallengeEvent } from './challenge.rules';

const NOW = new Date('2026-12-07T12:00:00Z');
const open: ChallengeFacts = {
  status: 'asked',
  attempts: 0,
  maxAttempts: 5,
  expiresAt: new Date(NOW.getTime() + 60_000),
};
const verdict = (v: Verdict): ChallengeEvent => ({ type: 'VERDICT', verdict: v });

describe('one challenge (challenge.machine.md)', () => {
  it.each<[string, ChallengeFacts, ChallengeEvent, Partial<ReturnType<typeof transition>>]>([
    [
      'a check in time lets the answer go on',
      open,
      { type: 'CHECK', now: NOW },
      { status: 'asked', outcome: null, changed: false },
    ],
    [
      'a check at the expiry expires it',
      open,
      { type: 'CHECK', now: open.expiresAt },
      { status: 'expired', outcome: { status: 'refused', reason: 'expired' }, changed: true },
    ],
    [
      'an accepted answer answers it',
      open,
      verdict({ verdict: 'accepted' }),
      { status: 'answered', outcome: { status: 'answered' }, attempts: 0 },
    ],
    [
      'a phone still deciding leaves it asked',
      open,
      verdict({ verdict: 'waiting' }),
      { status: 'asked', outcome: { status: 'waiting' }, changed: false },
    ],
    [
      'a denial refuses it',
      open,
      verdict({ verdict: 'denied' }),
      { status: 'refused', outcome: { status: 'refused', reason: 'denied' } },
    ],
    [
      "the method's expiry expires it",
      open,
      verdict({ verdict: 'expired' }),
      { status: 'expired', outcome: { status: 'refused', reason: 'expired' } },
    ],
    [
      'a wrong answer counts one attempt',
      open,
      verdict({ verdict: 'wrong' }),
      {
        status: 'asked',
        attempts: 1,
        outcome: { status: 'wrong', attemptsLeft: 4 },
        changed: true,
      },
    ],
    [
      "the method's stricter count holds",
      open,
      verdict({ verdict: 'wrong', attemptsLeft: 2 }),
      { attempts: 1, outcome: { status: 'wrong', attemptsLeft: 2 } },
    ],
    [
      'the last wrong answer refuses it',
      { ...open, attempts: 4 },
      verdict({ verdict: 'wrong' }),
      {
        status: 'refused',
        attempts: 5,
        outcome: { status: 'refused', reason: 'attempts_exceeded' },
      },
    ],
    [
      "the method's count at zero refuses it",
      open,
      verdict({ verdict: 'wrong', attemptsLeft: 0 }),
      {
        status: 'refused',
        attempts: 1,
        outcome: { status: 'refused', reason: 'attempts_exceeded' },
      },
    ],
    [
      'an exhausted method refuses it',
      { ...open, attempts: 1 },
      verdict({ verdict: 'exhausted' }),
      {
        status: 'refused',
        attempts: 2,
        outcome: { status: 'refused', reason: 'attempts_exceeded' },
      },
    ],
    ['a cancel cancels it', open, { type: 'CANCEL' }, { status: 'cancelled', changed: true }],
    [
      'an answered one takes no more answers',
      { ...open, status: 'answered' },
      verdict({ verdict: 'accepted' }),
      { status: 'answered', outcome: { status: 'refused', reason: 'not_pending' }, changed: false },
    ],
    [
      'a refused one takes no right code',
      { ...open, status: 'refused' },
      verdict({ verdict: 'accepted' }),
      { status: 'refused', outcome: { status: 'refused', reason: 'not_pending' }, changed: false },
    ],
    [
      'an expired one is not cancelled',
      { ...open, status: 'expired' },
      { type: 'CANCEL' },
      { status: 'expired', changed: false },
    ],
    [
      'a cancelled one is not checked again',
      { ...open, status: 'cancelled' },
      { type: 'CHECK', now: NOW },
      { status: 'cancelled', outcome: { status: 'refused', reason: 'not_pending' } },
    ],
  ])('%s', (_name, facts, event, expected) => {
    expect(transition(facts, event)).toMatchObject(expected);
  });
});
