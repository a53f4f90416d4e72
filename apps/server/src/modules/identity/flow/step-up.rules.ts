import { apiErrorMessage } from '@anybank/contracts';
import type { FlowEvent } from './flow.rules';
import { INITIAL_FLOW_STATE, stay, type FlowState, type Transition } from './flow.state';

/**
 * The step-up flow: a signed-in customer confirms it is them before a sensitive
 * change, with one factor they already have — the password, or a code, push or passkey of a
 * device of theirs. It reuses the sign-in machine's steps (same lockout, same code attempts),
 * with no identifier step, no pairing offer, no recovery; one accepted factor ends it with a
 * recorded step-up instead of a resumed authorization.
 */

/** The sign-in events a step-up takes; any other is refused as at a wrong status. */
const STEP_UP_EVENTS: ReadonlySet<FlowEvent['type']> = new Set<FlowEvent['type']>([
  'PASSWORD_ACCEPTED',
  'PASSWORD_REJECTED',
  'PASSWORD_LOCKED',
  'DEVICE_SELECTED',
  'PUSH_APPROVED',
  'PUSH_DENIED',
  'PUSH_EXPIRED',
  'PUSH_UNKNOWN',
  'AUTHENTICATE',
  'OTP_ACCEPTED',
  'OTP_REJECTED',
  'OTP_ATTEMPTS_EXCEEDED',
  'OTP_EXPIRED',
  'ASSERTION_ACCEPTED',
  'ASSERTION_REFUSED',
  'ASSERTION_CLONED',
  'CANCEL',
]);

/**
 * Where a step-up starts: at the password for a customer who signs in with one (they may
 * choose a device instead: CANCEL, then AUTHENTICATE), else at the device step, which the
 * service enters with AUTHENTICATE. Never at the identifier: the token says who it is.
 */
export function stepUpStartState(user: {
  userId: string;
  username: string;
  signsInWithPassword: boolean;
  binding: { grantHash: string; browserHash: string };
}): FlowState {
  return {
    ...INITIAL_FLOW_STATE,
    purpose: 'step-up',
    status: user.signsInWithPassword ? 'USERNAME_PASSWORD_REQUIRED' : 'AUTHENTICATION_REQUIRED',
    userId: user.userId,
    username: user.username,
    // The browser is the one already signed in: no device profile is asked for again.
    hasRiskPayload: true,
    stepUp: user.binding,
  };
}

/** One factor was checked: the step-up ends, recorded for the grant it is bound to. */
function finishStepUp(state: FlowState, amr: string): Transition {
  return {
    state: {
      ...state,
      status: 'RESUME',
      amr: [...state.amr, amr],
      selectedDeviceId: null,
      pushRequestId: null,
      webauthnOptions: null,
    },
    effects: [{ type: 'RECORD_STEP_UP' }],
  };
}

/**
 * A step-up's transition: the sign-in machine's own (`signIn`, handed in by flow.rules.ts),
 * except that the password alone is enough and a second factor ends the flow at once.
 */
export function stepUpTransition(
  state: FlowState,
  event: FlowEvent,
  signIn: (state: FlowState, event: FlowEvent) => Transition,
): Transition {
  if (!STEP_UP_EVENTS.has(event.type)) {
    return stay(state, {
      code: 'flow_step_not_possible',
      message: apiErrorMessage('flow_step_not_possible', state.status),
    });
  }
  if (event.type === 'PASSWORD_ACCEPTED') return finishStepUp(state, 'pwd');
  const result = signIn(state, event);
  if (result.state.status !== 'MFA_COMPLETED') return result;
  // The sign-in machine noted the factor in `amr`: the step-up records the last one.
  const amr = result.state.amr.at(-1) ?? 'mfa';
  return finishStepUp({ ...result.state, amr: result.state.amr.slice(0, -1) }, amr);
}
