import { apiErrorMessage, type FlowStatus } from '@anybank/contracts';
import { PAIRING_ACCEPTS, pairingTransition, type PairingEvent } from './pairing.rules';
import {
  PASSKEY_SIGN_IN_ACCEPTS,
  passkeyRecoveryEnd,
  passkeySignInTransition,
  type PasskeySignInEvent,
} from './passkey-sign-in.rules';
import { RECOVERY_ACCEPTS, recoveryTransition, type RecoveryEvent } from './recovery.rules';
import { secondFactorByRememberedBrowser } from '../remembered-browsers/remembered-browser.rules';
import {
  RECOVERY_CODE_ACCEPTS,
  recoveryCodeTransition,
  type RecoveryCodeEvent,
} from './recovery-code.rules';
import {
  SECOND_FACTOR_EVENTS,
  deviceStep,
  secondFactorTransition,
  type SecondFactorEvent,
} from './second-factor.rules';
import { stepUpTransition } from './step-up.rules';
import {
  INITIAL_FLOW_STATE,
  finish,
  restart,
  stay,
  type DevicePrompt,
  type FlowEffect,
  type FlowError,
  type FlowState,
  type MachineDevice,
  type Transition,
} from './flow.state';

export { deviceStep, otpVerdictEvent } from './second-factor.rules';
export {
  INITIAL_FLOW_STATE,
  type DevicePrompt,
  type FlowEffect,
  type FlowError,
  type FlowState,
  type MachineDevice,
  type Transition,
};

/**
 * The sign-in flow as a pure state machine (document 1 §4.1, §4.2). No HTTP, no SQL, no clock:
 * the service gathers the facts (who the user is, what the risk level is, whether a password
 * or code was right) and hands them in as an event; `transition` answers the next state and
 * the effects the service must carry out. This file holds the first factor and the ends; the
 * sub-machines (second factor, passkey sign-in, recovery code, pairing, recovery, step-up)
 * each have a `*.rules.ts` beside it, are drawn in flow.machine.md and tested beside each.
 * A refusal names its code only: its HTTP status is the HTTP layer's.
 */

/** The first factor and the ends of a sign-in. */
type FirstFactorEvent =
  | { type: 'IDENTIFIER_UNKNOWN'; identifier?: string }
  | { type: 'IDENTIFIER_WRONG_USER_TYPE' }
  | {
      type: 'IDENTIFIER_ACCEPTED';
      userId: string;
      username: string;
      passwordRequired: boolean;
      hasRiskPayload: boolean;
      /** The user's record says their identity is verified. */
      identityVerified: boolean;
      devices: MachineDevice[];
      nonce: string;
      /** The risk payload's device id, when one came with the identifier. */
      browserDeviceId?: string | null;
    }
  | { type: 'RISK_DENIED'; message: string }
  | {
      type: 'PASSWORD_ACCEPTED';
      devices: MachineDevice[];
      nonce: string;
      /** A remembered browser stands in for the second factor (its verdict). */
      rememberedBrowserId?: string | null;
    }
  | { type: 'PASSWORD_REJECTED' }
  | { type: 'PASSWORD_LOCKED' }
  | { type: 'PASSWORD_MUST_CHANGE' }
  | { type: 'NEW_PASSWORD_ACCEPTED'; devices: MachineDevice[]; nonce: string }
  | { type: 'CONTINUE'; rememberBrowser?: boolean }
  | { type: 'CANCEL'; selfService: boolean };

export type FlowEvent =
  | FirstFactorEvent
  | SecondFactorEvent
  | PairingEvent
  | RecoveryEvent
  | PasskeySignInEvent
  | RecoveryCodeEvent;

type SignInEvent = FirstFactorEvent | SecondFactorEvent;

/** Which event each status accepts; anything else is refused (`flow_step_not_possible`). */
const SIGN_IN_ACCEPTS: Record<SignInEvent['type'], readonly FlowStatus[]> = {
  IDENTIFIER_UNKNOWN: ['IDENTIFIER_REQUIRED'],
  IDENTIFIER_WRONG_USER_TYPE: ['IDENTIFIER_REQUIRED'],
  IDENTIFIER_ACCEPTED: ['IDENTIFIER_REQUIRED'],
  RISK_DENIED: ['IDENTIFIER_REQUIRED', 'DEVICE_PROFILE_REQUIRED'],
  PASSWORD_ACCEPTED: ['USERNAME_PASSWORD_REQUIRED'],
  PASSWORD_REJECTED: ['USERNAME_PASSWORD_REQUIRED'],
  PASSWORD_LOCKED: ['USERNAME_PASSWORD_REQUIRED'],
  DEVICE_PROFILE_ACCEPTED: ['DEVICE_PROFILE_REQUIRED'],
  DEVICE_SELECTED: ['DEVICE_SELECTION_REQUIRED'],
  PUSH_APPROVED: ['PUSH_CONFIRMATION_WAITING'],
  PUSH_DENIED: ['PUSH_CONFIRMATION_WAITING'],
  PUSH_EXPIRED: ['PUSH_CONFIRMATION_WAITING'],
  PUSH_UNKNOWN: ['PUSH_CONFIRMATION_WAITING'],
  AUTHENTICATE: ['AUTHENTICATION_REQUIRED'],
  OTP_ACCEPTED: ['OTP_REQUIRED'],
  // The identity verification code is refused the way a sign-in code is.
  OTP_REJECTED: ['OTP_REQUIRED', 'IDENTITY_VERIFICATION_REQUIRED'],
  OTP_ATTEMPTS_EXCEEDED: ['OTP_REQUIRED', 'IDENTITY_VERIFICATION_REQUIRED'],
  OTP_EXPIRED: ['OTP_REQUIRED', 'IDENTITY_VERIFICATION_REQUIRED'],
  IDENTITY_CODE_ACCEPTED: ['IDENTITY_VERIFICATION_REQUIRED'],
  ASSERTION_ACCEPTED: ['ASSERTION_REQUIRED'],
  ASSERTION_REFUSED: ['ASSERTION_REQUIRED'],
  ASSERTION_CLONED: ['ASSERTION_REQUIRED'],
  PASSWORD_MUST_CHANGE: ['USERNAME_PASSWORD_REQUIRED'],
  NEW_PASSWORD_ACCEPTED: ['PASSWORD_RESET_REQUIRED'],
  // 'Not now' on the pairing offer goes on too.
  CONTINUE: ['MFA_COMPLETED', 'DEVICE_PAIRING_METHOD_REQUIRED'],
  CANCEL: [
    'IDENTIFIER_REQUIRED',
    'USERNAME_PASSWORD_REQUIRED',
    'AUTHENTICATION_REQUIRED',
    'DEVICE_PROFILE_REQUIRED',
    'DEVICE_SELECTION_REQUIRED',
    'OTP_REQUIRED',
    'PUSH_CONFIRMATION_WAITING',
    'PUSH_CONFIRMATION_REJECTED',
    'PUSH_CONFIRMATION_TIMED_OUT',
    'ASSERTION_REQUIRED',
    'PASSWORD_RESET_REQUIRED',
    'MFA_COMPLETED',
    'IDENTITY_VERIFICATION_REQUIRED',
    'SIGN_IN_RECOVERY_CODE_REQUIRED',
  ],
};

const ACCEPTS: Record<FlowEvent['type'], readonly FlowStatus[]> = {
  ...SIGN_IN_ACCEPTS,
  ...PAIRING_ACCEPTS,
  ...RECOVERY_ACCEPTS,
  ...PASSKEY_SIGN_IN_ACCEPTS,
  ...RECOVERY_CODE_ACCEPTS,
};

const PAIRING_EVENTS = new Set<string>(Object.keys(PAIRING_ACCEPTS));
const RECOVERY_EVENTS = new Set<string>(Object.keys(RECOVERY_ACCEPTS));
const PASSKEY_EVENTS = new Set<string>(Object.keys(PASSKEY_SIGN_IN_ACCEPTS));
const RECOVERY_CODE_EVENTS = new Set<string>(Object.keys(RECOVERY_CODE_ACCEPTS));

export function accepts(status: FlowStatus, event: FlowEvent['type']): boolean {
  return ACCEPTS[event].includes(status);
}

export function transition(state: FlowState, event: FlowEvent): Transition {
  if (!accepts(state.status, event.type)) {
    return stay(state, {
      code: 'flow_step_not_possible',
      message: apiErrorMessage('flow_step_not_possible', state.status),
    });
  }
  // Before the step-up's: recovery-code.rules.ts refuses a recovery code outside a sign-in.
  if (RECOVERY_CODE_EVENTS.has(event.type)) {
    return recoveryCodeTransition(state, event as RecoveryCodeEvent);
  }
  if (state.purpose === 'step-up') {
    return stepUpTransition(state, event, (current, next) =>
      signInTransition(current, next as SignInEvent),
    );
  }
  if (PASSKEY_EVENTS.has(event.type)) {
    return passkeySignInTransition(state, event as PasskeySignInEvent);
  }
  // A passkey-only account's recovery pairs its new passkey, and ends there (no sign-in).
  if (
    state.passkeyRecovery &&
    (event.type === 'DEVICE_ACTIVATED' || event.type === 'PAIRING_CANCELLED')
  ) {
    return passkeyRecoveryEnd(state, event);
  }
  if (PAIRING_EVENTS.has(event.type)) return pairingTransition(state, event as PairingEvent);
  if (RECOVERY_EVENTS.has(event.type)) return recoveryTransition(state, event as RecoveryEvent);
  return signInTransition(state, event as SignInEvent);
}

function signInTransition(state: FlowState, event: SignInEvent): Transition {
  if (SECOND_FACTOR_EVENTS.has(event.type)) {
    return secondFactorTransition(state, event as SecondFactorEvent);
  }
  return firstFactorTransition(state, event as FirstFactorEvent);
}

function firstFactorTransition(state: FlowState, event: FirstFactorEvent): Transition {
  switch (event.type) {
    case 'IDENTIFIER_UNKNOWN':
      // FAILED restarts the flow at IDENTIFIER_REQUIRED with the invalid-username flag.
      return stay(
        restart(state),
        { code: 'INVALID_USERNAME', adapter: 'IDFirst', responseStatus: 'FAILED' },
        [{ type: 'AUDIT', event: 'signin.failed', uid: event.identifier }],
      );
    case 'IDENTIFIER_WRONG_USER_TYPE':
      return stay(restart(state), {
        code: 'wrong_user_type',
        adapter: 'IDFirst',
        responseStatus: 'FAILED',
      });
    case 'IDENTIFIER_ACCEPTED': {
      const identified: FlowState = {
        ...state,
        userId: event.userId,
        username: event.username,
        hasRiskPayload: event.hasRiskPayload,
        identityVerified: event.identityVerified,
        browserDeviceId: event.browserDeviceId ?? null,
      };
      if (event.passwordRequired) {
        return { state: { ...identified, status: 'USERNAME_PASSWORD_REQUIRED' }, effects: [] };
      }
      return deviceStep(identified, event.devices, event.nonce);
    }
    case 'RISK_DENIED':
      return {
        state: { ...state, status: 'FAILED' },
        effects: [{ type: 'AUDIT', event: 'risk.denied' }],
        error: { code: 'risk_denied', message: event.message },
      };
    case 'PASSWORD_ACCEPTED': {
      const checked = { ...state, amr: [...state.amr, 'pwd'] };
      return event.rememberedBrowserId
        ? secondFactorByRememberedBrowser(checked, event.rememberedBrowserId)
        : deviceStep(checked, event.devices, event.nonce);
    }
    case 'PASSWORD_REJECTED':
      return stay(state, { code: 'wrong_password' });
    case 'PASSWORD_LOCKED':
      return stay(state, { code: 'account_locked' });
    case 'PASSWORD_MUST_CHANGE':
      return {
        state: { ...state, status: 'PASSWORD_RESET_REQUIRED', amr: [...state.amr, 'pwd'] },
        effects: [],
      };
    case 'NEW_PASSWORD_ACCEPTED':
      return deviceStep(state, event.devices, event.nonce);
    case 'CONTINUE':
      // "Don't ask again on this browser" is said here; finish remembers it if it may.
      return finish({ ...state, rememberBrowser: event.rememberBrowser === true });
    case 'CANCEL':
      // Another application gets its user back with access_denied; on the bank's own site an
      // identified user picks another way to sign in. Declining the identity verification
      // ends the sign-in: there is no other way to verify.
      if (
        event.selfService ||
        state.userId === null ||
        state.status === 'IDENTITY_VERIFICATION_REQUIRED'
      ) {
        return { state: { ...state, status: 'FAILED' }, effects: [{ type: 'ABORT_LOGIN' }] };
      }
      return {
        state: {
          ...state,
          status: 'AUTHENTICATION_REQUIRED',
          selectedDeviceId: null,
          pushRequestId: null,
        },
        effects: [],
      };
  }
}
