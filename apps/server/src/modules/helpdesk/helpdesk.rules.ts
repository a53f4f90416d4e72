import {
  HELP_DESK_VERIFICATION_LIMIT,
  HELP_DESK_VERIFIED_TTL_MS,
  type HelpDeskAction,
  type HelpDeskFailure,
  type HelpDeskMethod,
  type HelpDeskStatus,
} from '@anybank/contracts';

/**
 * The help desk as a pure state machine (document 2 §2 "Customer service"). No HTTP, no SQL, no
 * clock: the time is passed in.
 *
 *   started ──VERIFICATION_SENT──▶ verification_sent ──PUSH_APPROVED / CODE_ACCEPTED──▶ verified
 *      │                              │   ▲ (push → e-mail: VERIFICATION_SENT again)        │
 *      └─SEND_FAILED─▶ failed ◀───────┴───┘ denied, expired, wrong codes, cancelled         │
 *                        ▲                                                                  │
 *                        └──────────── the verified window passes ◀─── ACTION_DONE ─▶ action_done
 *
 * The rep acts on the customer only from `verified`, within HELP_DESK_VERIFIED_TTL_MS, once:
 * `action_done` and `failed` are final.
 */

export interface HelpDeskState {
  status: HelpDeskStatus;
  method: HelpDeskMethod | null;
  verificationExpiresAt: Date | null;
  verifiedUntil: Date | null;
  action: HelpDeskAction | null;
  failure: HelpDeskFailure | null;
}

export type HelpDeskEvent =
  | { type: 'VERIFICATION_SENT'; method: HelpDeskMethod; expiresAt: Date }
  | { type: 'SEND_FAILED' }
  | { type: 'PUSH_APPROVED' }
  | { type: 'PUSH_DENIED' }
  | { type: 'PUSH_EXPIRED' }
  | { type: 'CODE_ACCEPTED' }
  | { type: 'CODE_FAILED'; reason: 'code_expired' | 'code_attempts_exceeded' }
  | { type: 'ACTION_DONE'; action: HelpDeskAction }
  | { type: 'CANCELLED' };

/** Why an event cannot happen in a state; the service answers each with its own message. */
export type HelpDeskRefusal = 'ended' | 'not_verified' | 'not_allowed';

export type HelpDeskTransition =
  { ok: true; state: HelpDeskState } | { ok: false; refusal: HelpDeskRefusal };

export const INITIAL_STATE: HelpDeskState = {
  status: 'started',
  method: null,
  verificationExpiresAt: null,
  verifiedUntil: null,
  action: null,
  failure: null,
};

export function isFinal(state: Pick<HelpDeskState, 'status'>): boolean {
  return state.status === 'action_done' || state.status === 'failed';
}

function failed(state: HelpDeskState, failure: HelpDeskFailure): HelpDeskState {
  return { ...state, status: 'failed', failure };
}

/**
 * The state as time has left it: a verification nobody answered, or a verified window nobody
 * used, has ended. Every step settles the state first, so nothing runs on a stale one.
 */
export function settle(state: HelpDeskState, now: Date): HelpDeskState {
  const at = now.getTime();
  if (
    state.status === 'verification_sent' &&
    state.verificationExpiresAt !== null &&
    at >= state.verificationExpiresAt.getTime()
  ) {
    return failed(state, 'verification_expired');
  }
  if (
    state.status === 'verified' &&
    state.verifiedUntil !== null &&
    at >= state.verifiedUntil.getTime()
  ) {
    return failed(state, 'verified_window_passed');
  }
  return state;
}

/** Whether the rep may act on the customer now: verified, and not for too long. */
export function mayAct(state: HelpDeskState, now: Date): boolean {
  return settle(state, now).status === 'verified';
}

const refuse = (refusal: HelpDeskRefusal): HelpDeskTransition => ({ ok: false, refusal });
const accept = (state: HelpDeskState): HelpDeskTransition => ({ ok: true, state });

function verified(state: HelpDeskState, now: Date): HelpDeskState {
  return {
    ...state,
    status: 'verified',
    verificationExpiresAt: null,
    verifiedUntil: new Date(now.getTime() + HELP_DESK_VERIFIED_TTL_MS),
  };
}

/** The state after `event` at `now`, or why the event cannot happen. */
export function transition(
  current: HelpDeskState,
  event: HelpDeskEvent,
  now: Date,
): HelpDeskTransition {
  const state = settle(current, now);
  if (isFinal(state)) return refuse('ended');
  const waiting = state.status === 'verification_sent';
  switch (event.type) {
    case 'VERIFICATION_SENT': {
      // The first verification, or a customer who cannot use their phone getting a code
      // instead; never a second push, and never back from e-mail to the phone.
      const first = state.status === 'started';
      const phoneToEmail = waiting && state.method === 'push' && event.method === 'email';
      if (!first && !phoneToEmail) return refuse('not_allowed');
      return accept({
        ...state,
        status: 'verification_sent',
        method: event.method,
        verificationExpiresAt: event.expiresAt,
      });
    }
    case 'SEND_FAILED':
      return state.status === 'started' || waiting
        ? accept(failed(state, 'send_failed'))
        : refuse('not_allowed');
    case 'PUSH_APPROVED':
    case 'PUSH_DENIED':
    case 'PUSH_EXPIRED': {
      if (!waiting || state.method !== 'push') return refuse('not_allowed');
      if (event.type === 'PUSH_APPROVED') return accept(verified(state, now));
      return accept(failed(state, event.type === 'PUSH_DENIED' ? 'push_denied' : 'push_expired'));
    }
    case 'CODE_ACCEPTED':
    case 'CODE_FAILED':
      if (!waiting || state.method !== 'email') return refuse('not_allowed');
      return event.type === 'CODE_ACCEPTED'
        ? accept(verified(state, now))
        : accept(failed(state, event.reason));
    case 'ACTION_DONE':
      if (state.status !== 'verified') return refuse('not_verified');
      return accept({ ...state, status: 'action_done', verifiedUntil: null, action: event.action });
    case 'CANCELLED':
      return accept(failed(state, 'cancelled'));
  }
}

/** Whether another verification may go to the customer, given those sent in the window. */
export function verificationAllowed(sentInWindow: number): boolean {
  return sentInWindow < HELP_DESK_VERIFICATION_LIMIT.max;
}

/**
 * A device the rep may remove: one of the customer's, and not their last, or the customer
 * could no longer sign in at all.
 */
export function deviceRemoval(
  devices: readonly { id: string }[],
  deviceId: string,
): 'allowed' | 'not_theirs' | 'last_device' {
  if (!devices.some((device) => device.id === deviceId)) return 'not_theirs';
  return devices.length > 1 ? 'allowed' : 'last_device';
}

export interface SignInLockFacts {
  /** password_failures.locked_until, if any. */
  passwordLockedUntil: Date | null;
  /** Failed sign-ins counted against the username since the window or the last unlock. */
  failedSignIns: number;
}

/**
 * Whether the customer is kept from signing in somewhere: their password is locked from an
 * address, or so many failed sign-ins are counted against the username that the risk check
 * refuses it at the username step from the addresses that failed (`usernameThreshold`: the
 * risk policy's; identity/risk/risk.rules.ts). The unlock clears both for every address.
 */
export function signInLocked(
  facts: SignInLockFacts,
  now: Date,
  usernameThreshold: number,
): boolean {
  const passwordLocked =
    facts.passwordLockedUntil !== null && facts.passwordLockedUntil.getTime() > now.getTime();
  return passwordLocked || facts.failedSignIns >= usernameThreshold;
}
