import { describe, expect, it } from 'vitest';
import { HELP_DESK_VERIFICATION_LIMIT, HELP_DESK_VERIFIED_TTL_MS } from '@anybank/contracts';
import {
  INITIAL_STATE,
  deviceRemoval,
  mayAct,
  settle,
  signInLocked,
  transition,
  verificationAllowed,
  type HelpDeskEvent,
  type HelpDeskState,
} from './helpdesk.rules';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;

/** Applies events one after the other at `at`; fails the test on a refusal. */
function run(events: HelpDeskEvent[], at: Date = NOW, from: HelpDeskState = INITIAL_STATE) {
  return events.reduce((state, event) => {
    const next = transition(state, event, at);
    if (!next.ok) throw new Error(`${event.type} refused in ${state.status}: ${next.refusal}`);
    return next.state;
  }, from);
}

const pushSent: HelpDeskEvent = {
  type: 'VERIFICATION_SENT',
  method: 'push',
  expiresAt: later(2 * MINUTE),
};
const emailSent: HelpDeskEvent = {
  type: 'VERIFICATION_SENT',
  method: 'email',
  expiresAt: later(5 * MINUTE),
};

describe('the help desk state machine', () => {
  it('verifies a customer who approves on their phone, and lets the rep act for ten minutes', () => {
    const verified = run([pushSent, { type: 'PUSH_APPROVED' }]);
    expect(verified).toMatchObject({ status: 'verified', method: 'push', failure: null });
    expect(verified.verifiedUntil).toEqual(later(HELP_DESK_VERIFIED_TTL_MS));
    expect(mayAct(verified, later(HELP_DESK_VERIFIED_TTL_MS - 1))).toBe(true);
    expect(mayAct(verified, later(HELP_DESK_VERIFIED_TTL_MS))).toBe(false);
  });

  it('verifies a customer who reads out the e-mailed code', () => {
    expect(run([emailSent, { type: 'CODE_ACCEPTED' }])).toMatchObject({
      status: 'verified',
      method: 'email',
    });
  });

  it('never lets the rep act before the customer is verified', () => {
    const action: HelpDeskEvent = { type: 'ACTION_DONE', action: 'unlock' };
    expect(transition(INITIAL_STATE, action, NOW)).toEqual({ ok: false, refusal: 'not_verified' });
    expect(transition(run([pushSent]), action, NOW)).toEqual({
      ok: false,
      refusal: 'not_verified',
    });
    expect(transition(run([emailSent]), action, NOW)).toEqual({
      ok: false,
      refusal: 'not_verified',
    });
    expect(mayAct(run([pushSent]), NOW)).toBe(false);
  });

  it('lets the rep act once: after the action the session is over', () => {
    const done = run([
      pushSent,
      { type: 'PUSH_APPROVED' },
      { type: 'ACTION_DONE', action: 'unlock' },
    ]);
    expect(done).toMatchObject({ status: 'action_done', action: 'unlock', verifiedUntil: null });
    expect(transition(done, { type: 'ACTION_DONE', action: 'remove_device' }, NOW)).toEqual({
      ok: false,
      refusal: 'ended',
    });
    expect(mayAct(done, NOW)).toBe(false);
  });

  it('ends the session when the customer denies, the push expires, or the codes run out', () => {
    expect(run([pushSent, { type: 'PUSH_DENIED' }])).toMatchObject({
      status: 'failed',
      failure: 'push_denied',
    });
    expect(run([pushSent, { type: 'PUSH_EXPIRED' }])).toMatchObject({
      status: 'failed',
      failure: 'push_expired',
    });
    expect(
      run([emailSent, { type: 'CODE_FAILED', reason: 'code_attempts_exceeded' }]),
    ).toMatchObject({
      status: 'failed',
      failure: 'code_attempts_exceeded',
    });
  });

  it('does not verify by an answer of the other kind: a code on a push, an approval on a code', () => {
    expect(transition(run([pushSent]), { type: 'CODE_ACCEPTED' }, NOW)).toEqual({
      ok: false,
      refusal: 'not_allowed',
    });
    expect(transition(run([emailSent]), { type: 'PUSH_APPROVED' }, NOW)).toEqual({
      ok: false,
      refusal: 'not_allowed',
    });
  });

  it('switches a customer who cannot use their phone to an e-mailed code, but never back', () => {
    const switched = run([pushSent, emailSent]);
    expect(switched).toMatchObject({ status: 'verification_sent', method: 'email' });
    expect(switched.verificationExpiresAt).toEqual(later(5 * MINUTE));
    expect(transition(switched, pushSent, NOW)).toEqual({ ok: false, refusal: 'not_allowed' });
    expect(transition(run([pushSent]), pushSent, NOW)).toEqual({
      ok: false,
      refusal: 'not_allowed',
    });
  });

  it('fails a verification nobody answered in time, and a verified window nobody used', () => {
    const waiting = run([pushSent]);
    expect(settle(waiting, later(2 * MINUTE - 1))).toBe(waiting);
    expect(settle(waiting, later(2 * MINUTE))).toMatchObject({
      status: 'failed',
      failure: 'verification_expired',
    });
    // An approval that arrives after the verification expired does not verify anyone.
    expect(transition(waiting, { type: 'PUSH_APPROVED' }, later(2 * MINUTE))).toEqual({
      ok: false,
      refusal: 'ended',
    });

    const verified = run([pushSent, { type: 'PUSH_APPROVED' }]);
    expect(
      transition(
        verified,
        { type: 'ACTION_DONE', action: 'unlock' },
        later(HELP_DESK_VERIFIED_TTL_MS),
      ),
    ).toEqual({ ok: false, refusal: 'ended' });
    expect(settle(verified, later(HELP_DESK_VERIFIED_TTL_MS))).toMatchObject({
      status: 'failed',
      failure: 'verified_window_passed',
    });
  });

  it('cancels any session still under way, and nothing after it ends', () => {
    expect(run([{ type: 'CANCELLED' }])).toMatchObject({ status: 'failed', failure: 'cancelled' });
    const cancelled = run([pushSent, { type: 'PUSH_APPROVED' }, { type: 'CANCELLED' }]);
    expect(cancelled).toMatchObject({ status: 'failed', failure: 'cancelled' });
    expect(transition(cancelled, { type: 'ACTION_DONE', action: 'unlock' }, NOW)).toEqual({
      ok: false,
      refusal: 'ended',
    });
    expect(transition(cancelled, { type: 'CANCELLED' }, NOW)).toEqual({
      ok: false,
      refusal: 'ended',
    });
  });

  it('fails a session whose verification could not be sent', () => {
    expect(run([{ type: 'SEND_FAILED' }])).toMatchObject({
      status: 'failed',
      failure: 'send_failed',
    });
  });
});

describe('how often the customer is asked', () => {
  it(`sends one customer at most ${HELP_DESK_VERIFICATION_LIMIT.max} verifications in the window`, () => {
    expect(verificationAllowed(HELP_DESK_VERIFICATION_LIMIT.max - 1)).toBe(true);
    expect(verificationAllowed(HELP_DESK_VERIFICATION_LIMIT.max)).toBe(false);
  });
});

describe('what the rep may do to the account', () => {
  const devices = [{ id: 'email' }, { id: 'phone' }];

  it("removes one of the customer's devices, never their last, never someone else's", () => {
    expect(deviceRemoval(devices, 'phone')).toBe('allowed');
    expect(deviceRemoval(devices, 'someone-elses')).toBe('not_theirs');
    expect(deviceRemoval([{ id: 'email' }], 'email')).toBe('last_device');
  });

  it('tells a locked sign-in: a locked password, or failed sign-ins up to the risk threshold', () => {
    const threshold = 5;
    expect(
      signInLocked({ passwordLockedUntil: later(MINUTE), failedSignIns: 0 }, NOW, threshold),
    ).toBe(true);
    expect(signInLocked({ passwordLockedUntil: NOW, failedSignIns: 4 }, NOW, threshold)).toBe(
      false,
    );
    expect(signInLocked({ passwordLockedUntil: null, failedSignIns: 5 }, NOW, threshold)).toBe(
      true,
    );
  });
});
