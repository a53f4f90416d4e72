import type { Verdict } from './challenge-method';
import type { RefusalReason } from './purposes';

/**
 * One challenge as a pure state machine (ADR 0026, drawn in challenge.machine.md): asked, then
 * answered, refused, expired or cancelled, each final. The engine (challenge.service.ts) hands
 * in the clock and a method's verdict; this file alone counts the attempts against the
 * purpose's maximum and decides expiry against the purpose's lifetime. No SQL, no HTTP.
 */

export type ChallengeStatus = 'asked' | 'answered' | 'refused' | 'expired' | 'cancelled';

/** What a caller reads of an answer. */
export type Outcome =
  | { status: 'answered' }
  | { status: 'waiting' }
  | { status: 'wrong'; attemptsLeft: number }
  | { status: 'refused'; reason: RefusalReason };

/** The facts of a challenge the machine decides on. */
export interface ChallengeFacts {
  status: ChallengeStatus;
  /** Wrong answers so far. */
  attempts: number;
  maxAttempts: number;
  expiresAt: Date;
}

export type ChallengeEvent =
  /** An answer is about to be checked: is the challenge still open at this moment? */
  | { type: 'CHECK'; now: Date }
  /** The method's verdict on the answer. */
  | { type: 'VERDICT'; verdict: Verdict }
  | { type: 'CANCEL' };

export interface ChallengeTransition {
  status: ChallengeStatus;
  attempts: number;
  /** What the caller is told; null for a CHECK that lets the answer go on to the method. */
  outcome: Outcome | null;
  /** Whether this transition changes the stored challenge (the store writes only then). */
  changed: boolean;
}

const NOT_PENDING: Outcome = { status: 'refused', reason: 'not_pending' };

function to(
  facts: ChallengeFacts,
  status: ChallengeStatus,
  outcome: Outcome | null,
  attempts = facts.attempts,
): ChallengeTransition {
  return {
    status,
    attempts,
    outcome,
    changed: status !== facts.status || attempts !== facts.attempts,
  };
}

export function transition(facts: ChallengeFacts, event: ChallengeEvent): ChallengeTransition {
  // A final challenge takes nothing more: answered once, refused for good.
  if (facts.status !== 'asked') return to(facts, facts.status, NOT_PENDING);
  switch (event.type) {
    case 'CHECK':
      return event.now.getTime() >= facts.expiresAt.getTime()
        ? to(facts, 'expired', { status: 'refused', reason: 'expired' })
        : to(facts, 'asked', null);
    case 'CANCEL':
      return to(facts, 'cancelled', NOT_PENDING);
    case 'VERDICT':
      return afterVerdict(facts, event.verdict);
  }
}

function afterVerdict(facts: ChallengeFacts, verdict: Verdict): ChallengeTransition {
  switch (verdict.verdict) {
    case 'accepted':
      return to(facts, 'answered', { status: 'answered' });
    case 'waiting':
      return to(facts, 'asked', { status: 'waiting' });
    case 'denied':
      return to(facts, 'refused', { status: 'refused', reason: 'denied' });
    case 'expired':
      return to(facts, 'expired', { status: 'refused', reason: 'expired' });
    case 'exhausted':
      return to(
        facts,
        'refused',
        { status: 'refused', reason: 'attempts_exceeded' },
        facts.attempts + 1,
      );
    case 'wrong': {
      const attempts = facts.attempts + 1;
      // The method's own count (a code's) may be the stricter one; the smaller one holds.
      const left = Math.min(facts.maxAttempts - attempts, verdict.attemptsLeft ?? Infinity);
      return left <= 0
        ? to(facts, 'refused', { status: 'refused', reason: 'attempts_exceeded' }, attempts)
        : to(facts, 'asked', { status: 'wrong', attemptsLeft: left }, attempts);
    }
  }
}

/** Whether a status is final (nothing answers it any more). */
export function isSettled(status: ChallengeStatus): boolean {
  return status !== 'asked';
}

/** The audit event of a final status (the one event of a challenge's end). */
export function settledEventType(
  status: ChallengeStatus,
): 'challenge.answered' | 'challenge.refused' | 'challenge.expired' | null {
  switch (status) {
    case 'answered':
      return 'challenge.answered';
    case 'refused':
    case 'cancelled':
      return 'challenge.refused';
    case 'expired':
      return 'challenge.expired';
    case 'asked':
      return null;
  }
}
