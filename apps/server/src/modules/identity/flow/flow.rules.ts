import type { FlowStatus, LoginDeviceType } from '@anybank/contracts';
import type { OtpVerification } from '../credentials/otp.service';
import { PAIRING_ACCEPTS, pairingTransition, type PairingEvent } from './pairing.rules';
import { RECOVERY_ACCEPTS, recoveryTransition, type RecoveryEvent } from './recovery.rules';
import { stepUpTransition } from './step-up.rules';
import {
  INITIAL_FLOW_STATE,
  finish,
  restart,
  stay,
  type FlowEffect,
  type FlowError,
  type FlowState,
  type MachineDevice,
  type Transition,
} from './flow.state';

export {
  INITIAL_FLOW_STATE,
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
 * the effects the service must carry out. The diagram beside this file (flow.machine.md)
 * shows every transition; flow.rules.test.ts tests each one.
 */

/** Types whose one-time code the bank sends in a message. */
export const MESSAGE_OTP_DEVICE_TYPES: readonly LoginDeviceType[] = ['Email', 'SMS'];
/** Types that answer with a 6-digit code: sent ones, and the authenticator app's. */
export const OTP_DEVICE_TYPES: readonly LoginDeviceType[] = [...MESSAGE_OTP_DEVICE_TYPES, 'TOTP'];
/** FIDO2 authenticators: a platform one (passkey on this device) or a security key. */
export const FIDO_DEVICE_TYPES: readonly LoginDeviceType[] = ['FIDO2', 'PLATFORM', 'SECURITY_KEY'];

export type FlowEvent =
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
    }
  | { type: 'RISK_DENIED'; message: string }
  | { type: 'PASSWORD_ACCEPTED'; devices: MachineDevice[]; nonce: string }
  | { type: 'PASSWORD_REJECTED' }
  | { type: 'PASSWORD_LOCKED' }
  | {
      type: 'DEVICE_PROFILE_ACCEPTED';
      devices: MachineDevice[];
      thenSelect: MachineDevice | null;
      nonce: string;
    }
  | { type: 'DEVICE_SELECTED'; device: MachineDevice; nonce: string }
  | { type: 'PUSH_APPROVED' }
  | { type: 'PUSH_DENIED' }
  | { type: 'PUSH_EXPIRED' }
  | { type: 'PUSH_UNKNOWN' }
  | { type: 'AUTHENTICATE'; devices: MachineDevice[]; nonce: string }
  | { type: 'OTP_ACCEPTED' }
  | { type: 'OTP_REJECTED'; attemptsLeft: number }
  | { type: 'OTP_ATTEMPTS_EXCEEDED' }
  | { type: 'OTP_EXPIRED' }
  /** The identity verification code was right (IDENTITY_VERIFICATION_REQUIRED). */
  | { type: 'IDENTITY_CODE_ACCEPTED' }
  | { type: 'ASSERTION_ACCEPTED' }
  | { type: 'ASSERTION_REFUSED' }
  /** A valid signature, but the counter went back: the authenticator may be a clone. */
  | { type: 'ASSERTION_CLONED'; deviceId: string; deviceType: string }
  | { type: 'PASSWORD_MUST_CHANGE' }
  | { type: 'NEW_PASSWORD_ACCEPTED'; devices: MachineDevice[]; nonce: string }
  | { type: 'CONTINUE' }
  | { type: 'CANCEL'; selfService: boolean }
  | PairingEvent
  | RecoveryEvent;

type SignInEvent = Exclude<FlowEvent, PairingEvent | RecoveryEvent>;

/** Which event each status accepts; anything else is refused as INVALID_REQUEST. */
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
  ],
};

const ACCEPTS: Record<FlowEvent['type'], readonly FlowStatus[]> = {
  ...SIGN_IN_ACCEPTS,
  ...PAIRING_ACCEPTS,
  ...RECOVERY_ACCEPTS,
};

/**
 * What the check of an e-mailed or texted code means to the flow. `accepted` is the step's own
 * success (a sign-in factor, or the credit-card identity check); the failures are the same for both.
 */
export function otpVerdictEvent(verdict: OtpVerification, accepted: FlowEvent): FlowEvent {
  switch (verdict.result) {
    case 'ok':
      return accepted;
    case 'invalid':
      return { type: 'OTP_REJECTED', attemptsLeft: verdict.attemptsLeft };
    case 'attempts_exceeded':
      return { type: 'OTP_ATTEMPTS_EXCEEDED' };
    case 'expired':
    case 'not_found':
      return { type: 'OTP_EXPIRED' };
  }
}

const PAIRING_EVENTS = new Set<string>(Object.keys(PAIRING_ACCEPTS));
const RECOVERY_EVENTS = new Set<string>(Object.keys(RECOVERY_ACCEPTS));

export function accepts(status: FlowStatus, event: FlowEvent['type']): boolean {
  return ACCEPTS[event].includes(status);
}

/**
 * The second-factor step once the first factor is done (§4.2): ask for the device profile when
 * none came with the identifier; a single device is selected for the user (a code is sent, or
 * the phone is asked); otherwise the user chooses.
 */
export function deviceStep(state: FlowState, devices: MachineDevice[], nonce: string): Transition {
  if (!state.hasRiskPayload) {
    return { state: { ...state, status: 'DEVICE_PROFILE_REQUIRED' }, effects: [] };
  }
  const [only] = devices;
  if (devices.length === 1 && only) return selectDevice(state, only, nonce);
  return {
    state: {
      ...state,
      status: 'DEVICE_SELECTION_REQUIRED',
      selectedDeviceId: null,
      pushRequestId: null,
    },
    effects: [],
  };
}

/**
 * `nonce` is a fresh random value from the service: the push request's id for a phone, the
 * WebAuthn challenge for a FIDO2 authenticator.
 */
function selectDevice(state: FlowState, device: MachineDevice, nonce: string): Transition {
  if (FIDO_DEVICE_TYPES.includes(device.type)) {
    return {
      state: {
        ...state,
        status: 'ASSERTION_REQUIRED',
        selectedDeviceId: device.id,
        pushRequestId: null,
        webauthnOptions: { challenge: nonce },
      },
      effects: [],
    };
  }
  const pushRequestId = nonce;
  if (device.type === 'iPhone') {
    return {
      state: {
        ...state,
        status: 'PUSH_CONFIRMATION_WAITING',
        selectedDeviceId: device.id,
        pushRequestId,
      },
      effects: [{ type: 'SEND_PUSH', deviceId: device.id, pushRequestId }],
    };
  }
  return {
    state: { ...state, status: 'OTP_REQUIRED', selectedDeviceId: device.id, pushRequestId: null },
    // The authenticator app makes its own codes: nothing to send.
    effects: MESSAGE_OTP_DEVICE_TYPES.includes(device.type)
      ? [{ type: 'SEND_OTP', deviceId: device.id }]
      : [],
  };
}

export function transition(state: FlowState, event: FlowEvent): Transition {
  if (!accepts(state.status, event.type)) {
    return stay(state, {
      httpStatus: 409,
      code: 'INVALID_REQUEST',
      userMessage: 'unexpectedErrorText',
      message: `This step is not possible while the sign-in is at ${state.status}.`,
    });
  }
  if (state.purpose === 'step-up') {
    return stepUpTransition(state, event, (current, next) =>
      signInTransition(current, next as SignInEvent),
    );
  }
  if (PAIRING_EVENTS.has(event.type)) return pairingTransition(state, event as PairingEvent);
  if (RECOVERY_EVENTS.has(event.type)) return recoveryTransition(state, event as RecoveryEvent);
  return signInTransition(state, event as SignInEvent);
}

function signInTransition(state: FlowState, event: SignInEvent): Transition {
  switch (event.type) {
    case 'IDENTIFIER_UNKNOWN':
      // FAILED restarts the flow at IDENTIFIER_REQUIRED with the invalid-username flag.
      return stay(
        restart(state),
        {
          httpStatus: 400,
          code: 'INVALID_USERNAME',
          userMessage: 'invalidUsername',
          message: 'Invalid username.',
          adapter: 'IDFirst',
          responseStatus: 'FAILED',
        },
        [{ type: 'AUDIT', event: 'signin.failed', uid: event.identifier }],
      );
    case 'IDENTIFIER_WRONG_USER_TYPE':
      return stay(restart(state), {
        httpStatus: 403,
        code: 'WRONG_USER_TYPE',
        userMessage: 'wrongUserType',
        message: 'This account cannot sign in to this portal.',
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
        error: {
          httpStatus: 403,
          code: 'RISK_DENIED',
          userMessage: 'unexpectedErrorText',
          message: event.message,
        },
      };
    case 'PASSWORD_ACCEPTED':
      return deviceStep({ ...state, amr: [...state.amr, 'pwd'] }, event.devices, event.nonce);
    case 'PASSWORD_REJECTED':
      return stay(state, {
        httpStatus: 401,
        code: 'VALIDATION_ERROR',
        detailCode: 'INVALID_CREDENTIALS',
        userMessage: 'incorrectPassword',
        message: 'Authentication Failed',
      });
    case 'PASSWORD_LOCKED':
      return stay(state, {
        httpStatus: 423,
        code: 'ACCOUNT_LOCKED',
        detailCode: 'ACCOUNT_LOCKED',
        userMessage: 'lockedOut',
        message: 'Authentication Failed',
      });
    case 'DEVICE_PROFILE_ACCEPTED': {
      const profiled = { ...state, hasRiskPayload: true };
      return event.thenSelect
        ? selectDevice(profiled, event.thenSelect, event.nonce)
        : deviceStep(profiled, event.devices, event.nonce);
    }
    case 'DEVICE_SELECTED':
      return selectDevice(state, event.device, event.nonce);
    case 'PUSH_APPROVED':
      return {
        state: {
          ...state,
          status: 'MFA_COMPLETED',
          pushRequestId: null,
          amr: [...state.amr, 'mfa'],
        },
        effects: [],
      };
    case 'PUSH_DENIED':
      return { state: { ...state, status: 'PUSH_CONFIRMATION_REJECTED' }, effects: [] };
    case 'PUSH_EXPIRED':
      return { state: { ...state, status: 'PUSH_CONFIRMATION_TIMED_OUT' }, effects: [] };
    case 'PUSH_UNKNOWN':
      return stay(state, {
        httpStatus: 400,
        code: 'INVALID_ACTION_ID',
        userMessage: 'pushRejectedOrTimedOut',
        message: 'The push request is unknown.',
      });
    case 'AUTHENTICATE':
      return deviceStep(state, event.devices, event.nonce);
    case 'OTP_ACCEPTED':
      return {
        state: { ...state, status: 'MFA_COMPLETED', amr: [...state.amr, 'otp'] },
        effects: [],
      };
    case 'OTP_REJECTED':
      return stay(
        { ...state, codeFailures: state.codeFailures + 1 },
        {
          httpStatus: 400,
          code: 'INVALID_OTP',
          detailCode: 'INVALID_OTP',
          userMessage: 'incorrectOtp',
          message: `Invalid one-time code; ${event.attemptsLeft} attempts left.`,
        },
        [{ type: 'AUDIT', event: 'otp.failed' }],
      );
    case 'OTP_ATTEMPTS_EXCEEDED':
      return stay(
        { ...state, otpLocked: true },
        {
          httpStatus: 400,
          code: 'OTP_ATTEMPTS_LIMIT',
          detailCode: 'OTP_ATTEMPTS_LIMIT',
          userMessage: 'otpAttemptsLimit',
          message: 'Too many wrong one-time codes.',
        },
        [{ type: 'AUDIT', event: 'otp.failed' }],
      );
    case 'OTP_EXPIRED':
      return stay(state, {
        httpStatus: 400,
        code: 'OTP_EXPIRED',
        detailCode: 'OTP_EXPIRED',
        userMessage: 'expiredOtp',
        message: 'The one-time code has expired.',
      });
    case 'IDENTITY_CODE_ACCEPTED': {
      // The flag is set before the authorization resumes, so that it holds from then on.
      const verified = finish({ ...state, identityVerified: true });
      return { ...verified, effects: [{ type: 'MARK_IDENTITY_VERIFIED' }, ...verified.effects] };
    }
    case 'ASSERTION_ACCEPTED':
      return {
        state: {
          ...state,
          status: 'MFA_COMPLETED',
          webauthnOptions: null,
          amr: [...state.amr, 'hwk'],
        },
        effects: [],
      };
    case 'ASSERTION_REFUSED':
      return stay(state, {
        httpStatus: 400,
        code: 'REQUEST_FAILED',
        detailCode: 'INVALID_ASSERTION',
        userMessage: 'fidoAuthenticationNotProvided',
        message: 'The FIDO assertion could not be verified.',
      });
    case 'ASSERTION_CLONED':
      return stay(
        state,
        {
          httpStatus: 400,
          code: 'REQUEST_FAILED',
          detailCode: 'AUTHENTICATOR_CLONED',
          userMessage: 'fidoAuthenticatorCloned',
          message: 'The authenticator’s signature counter did not move forward.',
        },
        [
          {
            type: 'AUDIT',
            event: 'device.clone_suspected',
            deviceId: event.deviceId,
            deviceType: event.deviceType,
          },
        ],
      );
    case 'PASSWORD_MUST_CHANGE':
      return {
        state: { ...state, status: 'PASSWORD_RESET_REQUIRED', amr: [...state.amr, 'pwd'] },
        effects: [],
      };
    case 'NEW_PASSWORD_ACCEPTED':
      return deviceStep(state, event.devices, event.nonce);
    case 'CONTINUE':
      return finish(state);
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
