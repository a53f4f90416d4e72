import type { OtpVerification } from '../credentials/otp.service';
import type { FlowEvent } from './flow.rules';
import { finish, stay, type FlowState, type MachineDevice, type Transition } from './flow.state';

/**
 * The second factor (document 1 §4.2), part of the sign-in machine (flow.rules.ts): choosing
 * a device, and its answer — a code, the phone's push, a FIDO2 assertion. Which of these a
 * device asks for is its `prompt`, said by its factor (identity/factors): the machine knows
 * no device type.
 */

/** The second-factor events (flow.rules.ts accepts them per status). */
export type SecondFactorEvent =
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
  | { type: 'ASSERTION_CLONED'; deviceId: string; deviceType: string };

export const SECOND_FACTOR_EVENTS: ReadonlySet<string> = new Set<SecondFactorEvent['type']>([
  'DEVICE_PROFILE_ACCEPTED',
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
  'IDENTITY_CODE_ACCEPTED',
  'ASSERTION_ACCEPTED',
  'ASSERTION_REFUSED',
  'ASSERTION_CLONED',
]);

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
  switch (device.prompt) {
    case 'assertion':
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
    case 'push':
      return {
        state: {
          ...state,
          status: 'PUSH_CONFIRMATION_WAITING',
          selectedDeviceId: device.id,
          pushRequestId: nonce,
        },
        effects: [{ type: 'SEND_PUSH', deviceId: device.id, pushRequestId: nonce }],
      };
    case 'sent-code':
    case 'own-code':
      return {
        state: {
          ...state,
          status: 'OTP_REQUIRED',
          selectedDeviceId: device.id,
          pushRequestId: null,
        },
        // The authenticator app makes its own codes: nothing to send.
        effects: device.prompt === 'sent-code' ? [{ type: 'SEND_OTP', deviceId: device.id }] : [],
      };
  }
}

export function secondFactorTransition(state: FlowState, event: SecondFactorEvent): Transition {
  switch (event.type) {
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
      return stay(state, { code: 'push_unknown' });
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
        { code: 'wrong_otp', attemptsLeft: event.attemptsLeft },
        [{ type: 'AUDIT', event: 'otp.failed' }],
      );
    case 'OTP_ATTEMPTS_EXCEEDED':
      return stay({ ...state, otpLocked: true }, { code: 'otp_attempts_limit' }, [
        { type: 'AUDIT', event: 'otp.failed' },
      ]);
    case 'OTP_EXPIRED':
      return stay(state, { code: 'otp_expired' });
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
      return stay(state, { code: 'passkey_not_verified' });
    case 'ASSERTION_CLONED':
      return clonedAuthenticator(state, event);
  }
}

/**
 * A passkey whose signature is right but whose counter went back (a copy of the registered
 * one?): refused, and audited for its owner, after a username or from the passkey suggestion.
 */
export function clonedAuthenticator(
  state: FlowState,
  suspect: { deviceId: string; deviceType: string; userId?: string },
): Transition {
  return stay(state, { code: 'passkey_cloned' }, [
    {
      type: 'AUDIT',
      event: 'device.clone_suspected',
      ...(suspect.userId ? { userId: suspect.userId } : {}),
      deviceId: suspect.deviceId,
      deviceType: suspect.deviceType,
    },
  ]);
}
