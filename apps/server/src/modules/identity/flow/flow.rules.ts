import type { FlowErrorCode, FlowStatus, LoginDeviceType } from '@anybank/contracts';

/**
 * The sign-in flow as a pure state machine (document 1 §4.1, §4.2). No HTTP, no SQL, no clock:
 * the service gathers the facts (who the user is, what the risk level is, whether a password
 * or code was right) and hands them in as an event; `transition` answers the next state and
 * the effects the service must carry out. The diagram beside this file (flow.machine.md)
 * shows every transition; flow.rules.test.ts tests each one.
 */

/** Devices as the machine sees them: enough to choose, never a secret. */
export interface MachineDevice {
  id: string;
  type: LoginDeviceType;
}

export interface FlowState {
  status: FlowStatus;
  /** Set once the identifier step found the user. */
  userId: string | null;
  username: string | null;
  /** Whether a risk payload arrived with the identifier (else a device profile is asked for). */
  hasRiskPayload: boolean;
  /** The device chosen for the second factor (a code was sent to it, or a push). */
  selectedDeviceId: string | null;
  /** The push request the phone is asked to approve, while PUSH_CONFIRMATION_WAITING. */
  pushRequestId: string | null;
  /** After OTP_ATTEMPTS_LIMIT no code is accepted in this flow any more. */
  otpLocked: boolean;
  /** Wrong codes in this flow (the authenticator app's codes are counted here). */
  codeFailures: number;
  /** Authentication methods used, for the token's `amr`. */
  amr: string[];
}

export const INITIAL_FLOW_STATE: FlowState = {
  status: 'IDENTIFIER_REQUIRED',
  userId: null,
  username: null,
  hasRiskPayload: false,
  selectedDeviceId: null,
  pushRequestId: null,
  otpLocked: false,
  codeFailures: 0,
  amr: [],
};

/** Types whose one-time code the bank sends in a message. */
export const MESSAGE_OTP_DEVICE_TYPES: readonly LoginDeviceType[] = ['Email', 'SMS'];
/** Types that answer with a 6-digit code: sent ones, and the authenticator app's. */
export const OTP_DEVICE_TYPES: readonly LoginDeviceType[] = [...MESSAGE_OTP_DEVICE_TYPES, 'TOTP'];
/** Types the bank can use at sign-in today. */
export const SIGN_IN_DEVICE_TYPES: readonly LoginDeviceType[] = [...OTP_DEVICE_TYPES, 'iPhone'];

export type FlowEvent =
  | { type: 'IDENTIFIER_UNKNOWN' }
  | { type: 'IDENTIFIER_WRONG_USER_TYPE' }
  | {
      type: 'IDENTIFIER_ACCEPTED';
      userId: string;
      username: string;
      passwordRequired: boolean;
      hasRiskPayload: boolean;
      devices: MachineDevice[];
      pushRequestId: string;
    }
  | { type: 'RISK_DENIED'; message: string }
  | { type: 'PASSWORD_ACCEPTED'; devices: MachineDevice[]; pushRequestId: string }
  | { type: 'PASSWORD_REJECTED' }
  | { type: 'PASSWORD_LOCKED' }
  | {
      type: 'DEVICE_PROFILE_ACCEPTED';
      devices: MachineDevice[];
      thenSelect: MachineDevice | null;
      pushRequestId: string;
    }
  | { type: 'DEVICE_SELECTED'; device: MachineDevice; pushRequestId: string }
  | { type: 'PUSH_APPROVED' }
  | { type: 'PUSH_DENIED' }
  | { type: 'PUSH_EXPIRED' }
  | { type: 'PUSH_UNKNOWN' }
  | { type: 'AUTHENTICATE'; devices: MachineDevice[]; pushRequestId: string }
  | { type: 'OTP_ACCEPTED' }
  | { type: 'OTP_REJECTED'; attemptsLeft: number }
  | { type: 'OTP_ATTEMPTS_EXCEEDED' }
  | { type: 'OTP_EXPIRED' }
  | { type: 'CONTINUE' }
  | { type: 'CANCEL'; selfService: boolean };

export type FlowEffect =
  | { type: 'SEND_OTP'; deviceId: string }
  | { type: 'SEND_PUSH'; deviceId: string; pushRequestId: string }
  | { type: 'FINISH_LOGIN' }
  | { type: 'ABORT_LOGIN' }
  | { type: 'AUDIT'; event: 'signin.failed' | 'otp.failed' | 'risk.denied' };

/** An error the response carries; the state keeps its status (the user may try again). */
export interface FlowError {
  httpStatus: number;
  code: FlowErrorCode;
  detailCode?: string;
  /** Key of the user message in contracts' messages.login. */
  userMessage:
    | 'invalidUsername'
    | 'incorrectPassword'
    | 'lockedOut'
    | 'incorrectOtp'
    | 'otpAttemptsLimit'
    | 'expiredOtp'
    | 'wrongUserType'
    | 'pushRejectedOrTimedOut'
    | 'unexpectedErrorText';
  message: string;
  /** FAILED answered from the identifier step: the browser restarts with 'Invalid username.'. */
  adapter?: 'IDFirst';
  /** Overrides the response's status (the stored state may differ, e.g. a reset). */
  responseStatus?: FlowStatus;
}

export interface Transition {
  state: FlowState;
  effects: FlowEffect[];
  error?: FlowError;
}

/** Which event each status accepts; anything else is refused as INVALID_REQUEST. */
const ACCEPTS: Record<FlowEvent['type'], readonly FlowStatus[]> = {
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
  OTP_REJECTED: ['OTP_REQUIRED'],
  OTP_ATTEMPTS_EXCEEDED: ['OTP_REQUIRED'],
  OTP_EXPIRED: ['OTP_REQUIRED'],
  CONTINUE: ['MFA_COMPLETED'],
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
    'MFA_COMPLETED',
  ],
};

export function accepts(status: FlowStatus, event: FlowEvent['type']): boolean {
  return ACCEPTS[event].includes(status);
}

/**
 * The second-factor step once the first factor is done (§4.2): ask for the device profile when
 * none came with the identifier; a single device is selected for the user (a code is sent, or
 * the phone is asked); otherwise the user chooses.
 */
export function deviceStep(
  state: FlowState,
  devices: MachineDevice[],
  pushRequestId: string,
): Transition {
  if (!state.hasRiskPayload) {
    return { state: { ...state, status: 'DEVICE_PROFILE_REQUIRED' }, effects: [] };
  }
  const [only] = devices;
  if (devices.length === 1 && only) return selectDevice(state, only, pushRequestId);
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

function selectDevice(state: FlowState, device: MachineDevice, pushRequestId: string): Transition {
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

function stay(state: FlowState, error: FlowError, effects: FlowEffect[] = []): Transition {
  return { state, effects, error };
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
  switch (event.type) {
    case 'IDENTIFIER_UNKNOWN':
      // FAILED restarts the flow at IDENTIFIER_REQUIRED with the invalid-username flag.
      return stay(
        INITIAL_FLOW_STATE,
        {
          httpStatus: 400,
          code: 'INVALID_USERNAME',
          userMessage: 'invalidUsername',
          message: 'Invalid username.',
          adapter: 'IDFirst',
          responseStatus: 'FAILED',
        },
        [{ type: 'AUDIT', event: 'signin.failed' }],
      );
    case 'IDENTIFIER_WRONG_USER_TYPE':
      return stay(INITIAL_FLOW_STATE, {
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
      };
      if (event.passwordRequired) {
        return { state: { ...identified, status: 'USERNAME_PASSWORD_REQUIRED' }, effects: [] };
      }
      return deviceStep(identified, event.devices, event.pushRequestId);
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
      return deviceStep(
        { ...state, amr: [...state.amr, 'pwd'] },
        event.devices,
        event.pushRequestId,
      );
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
        ? selectDevice(profiled, event.thenSelect, event.pushRequestId)
        : deviceStep(profiled, event.devices, event.pushRequestId);
    }
    case 'DEVICE_SELECTED':
      return selectDevice(state, event.device, event.pushRequestId);
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
      return deviceStep(state, event.devices, event.pushRequestId);
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
    case 'CONTINUE':
      return { state: { ...state, status: 'RESUME' }, effects: [{ type: 'FINISH_LOGIN' }] };
    case 'CANCEL':
      // Another application gets its user back with access_denied; on the bank's own site an
      // identified user picks another way to sign in.
      if (event.selfService || state.userId === null) {
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
