import { flowResponseSchema, messages } from '@anybank/contracts';
import type { FlowAction, FlowResponse, FlowStatus, VendorStep } from '@anybank/contracts';
import { errorWithMessage, signInErrors } from '../../lib/error-catalogue';
import type { ErrorContent } from '../../lib/error-catalogue';

/**
 * How the login modal reads the server's flow response (document 1 §2.4, §4.1, §8). There is
 * no state machine here: the flow engine decides, and these pure functions say which tab
 * shows a response, which step the modal takes by itself, and which error text goes with it.
 */

export type LoginTab =
  1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19;

/**
 * §2.4: the 19 tabs. Of the two readings of tabs 13, 14 and 16, the status decides: tab 13 is
 * FIDO2 registration, tab 14 FIDO authentication or a new password, tab 16 forgot password.
 */
export const LOGIN_TABS: Record<LoginTab, string> = {
  1: 'Username; then password (with remember me) once the flow asks for it',
  2: 'Choose a sign-in method (device selection)',
  3: 'One-time code entry; lockout notice at the attempt limit',
  4: 'Forgot username: e-mail entry',
  5: 'Username-recovery confirmation',
  6: 'Waiting while the sign-in completes',
  7: 'Push notification sent; waiting for the mobile app',
  8: 'Add-device intro, or a maximum-devices message',
  9: 'Choose a device type to add',
  10: 'Enter phone number or e-mail to pair',
  11: 'Enter the 6-digit pairing code',
  12: 'Pairing result',
  13: 'FIDO2 registration',
  14: 'FIDO authentication, or a new password that must be set',
  15: 'Authenticator app pairing',
  16: 'Forgot password',
  17: 'Recovery code, new password and confirmation',
  18: 'Password reset confirmation',
  19: 'Generic failure or error',
};

const TAB_OF_STATUS: Record<FlowStatus, LoginTab> = {
  IDENTIFIER_REQUIRED: 1,
  USERNAME_PASSWORD_REQUIRED: 1,
  DEVICE_SELECTION_REQUIRED: 2,
  DEVICE_PROFILE_REQUIRED: 2,
  OTP_REQUIRED: 3,
  // The identity verification code (ADR 0015) is typed where a sign-in code is.
  IDENTITY_VERIFICATION_REQUIRED: 3,
  AUTHENTICATION_REQUIRED: 6,
  MFA_COMPLETED: 6,
  RESUME: 6,
  PUSH_CONFIRMATION_WAITING: 7,
  PUSH_CONFIRMATION_REJECTED: 7,
  PUSH_CONFIRMATION_TIMED_OUT: 7,
  DEVICE_PAIRING_METHOD_REQUIRED: 8,
  EMAIL_PAIRING_TARGET_REQUIRED: 10,
  SMS_PAIRING_TARGET_REQUIRED: 10,
  EMAIL_ACTIVATION_REQUIRED: 11,
  SMS_ACTIVATION_REQUIRED: 11,
  FIDO2_ACTIVATION_REQUIRED: 13,
  ASSERTION_REQUIRED: 14,
  TOTP_ACTIVATION_REQUIRED: 15,
  ACCOUNT_RECOVERY_USERNAME_REQUIRED: 16,
  RECOVERY_CODE_REQUIRED: 17,
  PASSWORD_RESET_REQUIRED: 14,
  SUCCESSFUL_PASSWORD_RESET: 18,
  FAILED: 19,
};

/** What the modal remembers besides the flow response (§4.1, §8). */
export interface LoginFlags {
  /**
   * The identifier step failed (IDFirst): what tab 1 says, 'Invalid username.' for an unknown
   * username or the server's userMessage for another reason (a portal's wrong user type).
   * Null: no such failure.
   */
  invalidUsername: string | null;
  /** OTP_ATTEMPTS_LIMIT was reached: tab 3 shows the lockout notice. */
  otpAttemptsLimit: boolean;
  /**
   * The phone's approval was denied or timed out: the modal cancelled it, and the next tab
   * (another method, usually) says so.
   */
  pushFailed: boolean;
  /** On the pairing offer (tab 8) the person chose to add a device: tab 9 lists the types. */
  addingDevice: boolean;
  /** A pairing step failed in a way the step cannot show: tab 12 says so. */
  pairingFailed: boolean;
  /**
   * Forgot username, beside the flow (tabs 4 and 5): null when not asked; `sentTo` is null
   * while the address is being entered, then the address the username went to.
   */
  forgotUsername: { sentTo: string | null } | null;
}

export const NO_FLAGS: LoginFlags = {
  invalidUsername: null,
  otpAttemptsLimit: false,
  pushFailed: false,
  addingDevice: false,
  pairingFailed: false,
  forgotUsername: null,
};

export function isInvalidUsernameFailure(flow: FlowResponse): boolean {
  return flow.status === 'FAILED' && flow.adapter === 'IDFirst';
}

/** The pairing statuses: a Cancel there ends the pairing (`cancelDevicePairing`). */
export const PAIRING_STATUSES: readonly FlowStatus[] = [
  'DEVICE_PAIRING_METHOD_REQUIRED',
  'EMAIL_PAIRING_TARGET_REQUIRED',
  'SMS_PAIRING_TARGET_REQUIRED',
  'EMAIL_ACTIVATION_REQUIRED',
  'SMS_ACTIVATION_REQUIRED',
  'TOTP_ACTIVATION_REQUIRED',
  'FIDO2_ACTIVATION_REQUIRED',
];

/** The device limit answer of a pairing step (§8): tab 8 shows the maximum-devices message. */
export const MAXIMUM_DEVICES_CODE = 'MAXIMUM_ALLOWED_METHODS_LIMIT';

/** Errors a pairing step shows on its own tab (§8); any other error fails the pairing. */
const PAIRING_STEP_ERRORS: readonly string[] = [
  'REQUEST_FAILED',
  'VALIDATION_ERROR',
  MAXIMUM_DEVICES_CODE,
  // The whole sign-in expired: the error modal says so.
  'FLOW_EXPIRED',
];

/** The tab that shows this flow response; no response yet shows the waiting tab. */
export function tabFor(flow: FlowResponse | null, flags: LoginFlags): LoginTab {
  if (flags.otpAttemptsLimit) return 3;
  if (flags.pairingFailed) return 12;
  if (flags.forgotUsername) return flags.forgotUsername.sentTo === null ? 4 : 5;
  if (!flow) return 6;
  // The flow restarts at the username at once; no failure panel in between.
  if (isInvalidUsernameFailure(flow)) return 1;
  if (flow.status === 'DEVICE_PAIRING_METHOD_REQUIRED') {
    return flags.addingDevice && flow.code !== MAXIMUM_DEVICES_CODE ? 9 : 8;
  }
  if (flow.status === 'MFA_COMPLETED' && flow.pairedDevice) return 12;
  return TAB_OF_STATUS[flow.status];
}

/**
 * A pairing step's answer that its tab cannot show (§8: 'There was an error pairing your
 * device'): no flow answer at all, or an error other than a refused code or target.
 */
export function isPairingFailure(flow: FlowResponse | null): boolean {
  if (!flow) return true;
  return hasError(flow) && !PAIRING_STEP_ERRORS.includes(flow.code ?? '');
}

/**
 * What a pairing step says about a refused target or code (§8): the first detail's message,
 * else the response's message.
 */
export function pairingErrorTextOf(flow: FlowResponse | null): string | null {
  if (!flow || !hasError(flow)) return null;
  return flow.details?.[0]?.message ?? flow.message ?? messages.login.pairingFailure;
}

/**
 * Tab 8's maximum-devices message (§8): the code, underscores replaced by spaces. Null when
 * the limit was not reached.
 */
export function maximumDevicesTextOf(flow: FlowResponse | null): string | null {
  if (flow?.code !== MAXIMUM_DEVICES_CODE) return null;
  return flow.code.replace(/_/g, ' ');
}

/**
 * A FIDO step's refusal by the server (§8): its userMessage (the FIDO messages), else the
 * first detail's.
 */
export function fidoServerErrorOf(flow: FlowResponse | null): string | null {
  if (!flow || !hasError(flow)) return null;
  return (
    flow.userMessage ??
    flow.details?.[0]?.userMessage ??
    flow.details?.[0]?.message ??
    flow.message ??
    null
  );
}

/**
 * The polling of the phone's approval ends (§4.3): any status but waiting (completed,
 * rejected, timed out), or the error code INVALID_ACTION_ID.
 */
export function pushPollingDone(flow: FlowResponse): boolean {
  return flow.status !== 'PUSH_CONFIRMATION_WAITING' || flow.code === 'INVALID_ACTION_ID';
}

/** A flow response the server answered with an error (4xx): it keeps its status, adds a code. */
export function hasError(flow: FlowResponse): boolean {
  return flow.code !== undefined || (flow.details?.length ?? 0) > 0;
}

/**
 * The text for an error answer: the first detail's userMessage (§8), then the response's own
 * userMessage or message. An 'Authentication Failed' from the password check is the lockout.
 */
export function errorTextOf(flow: FlowResponse | null): string | null {
  if (!flow || !hasError(flow)) return null;
  const text =
    flow.details?.[0]?.userMessage ??
    flow.userMessage ??
    flow.details?.[0]?.message ??
    flow.message;
  if (flow.code === 'ACCOUNT_LOCKED' || text === 'Authentication Failed') {
    return messages.login.lockedOut;
  }
  return text ?? null;
}

/** Tab 3's error text: the detail's userMessage, or 'An error occurred'. */
export function otpErrorTextOf(flow: FlowResponse | null): string | null {
  if (!flow || !hasError(flow)) return null;
  return flow.details?.[0]?.userMessage ?? messages.login.otpErrorDefault;
}

/** Tab 19's message and userMessage, or the default text when the server gave neither. */
export function failureTextsOf(flow: FlowResponse | null): string[] {
  const texts = [flow?.message, flow?.userMessage ?? flow?.details?.[0]?.userMessage].filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  const unique = [...new Set(texts)];
  return unique.length > 0 ? unique : [messages.login.unexpectedErrorText];
}

export type FlowStep = VendorStep | FlowAction;

/** What the modal does on its own when a flow response arrives. */
export type FlowReaction =
  /** Render the response's tab and wait for the user. */
  | { kind: 'show' }
  /** Post this step without asking the user (waiting tab). */
  | { kind: 'post'; step: FlowStep; withDeviceProfile: boolean }
  /** The flow is done: the page goes to resumeUrl. */
  | { kind: 'navigate'; url: string }
  /** A pairing from the profile page is done (RESUME without resumeUrl): the modal closes. */
  | { kind: 'done' }
  /** IDFirst failure: set the invalid-username flag (with its text) and read the flow again. */
  | { kind: 'reload-invalid-username'; message: string }
  /** OTP attempt limit: set the flag, further tries are pointless. */
  | { kind: 'otp-attempts-limit' }
  /** The phone denied or timed out (§4.3): set the push flag, then cancel the attempt. */
  | { kind: 'cancel-after-push' }
  | { kind: 'error-modal'; error: ErrorContent };

/**
 * What the modal is for: a sign-in (the default), or adding a device for a signed-in customer
 * (the profile page), whose flow ends at RESUME without a resumeUrl.
 */
/** 'step-up': a signed-in customer confirms it is them before a sensitive change (issue 12 §2). */
export type ModalMode = 'sign-in' | 'pairing' | 'step-up';

export function reactionTo(flow: FlowResponse, mode: ModalMode = 'sign-in'): FlowReaction {
  if (flow.code === 'FLOW_EXPIRED') {
    return { kind: 'error-modal', error: signInErrors.flowExpired(flow.details?.[0]?.userMessage) };
  }
  if (flow.code === 'OTP_ATTEMPTS_LIMIT') return { kind: 'otp-attempts-limit' };
  if (isInvalidUsernameFailure(flow)) {
    const serverText = flow.details?.[0]?.userMessage ?? flow.userMessage;
    const message =
      flow.code === 'INVALID_USERNAME' || !serverText ? messages.login.invalidUsername : serverText;
    return { kind: 'reload-invalid-username', message };
  }
  if (flow.status === 'FAILED') {
    if (flow.code === 'RISK_DENIED') {
      return { kind: 'error-modal', error: errorWithMessage(flow.message ?? flow.userMessage) };
    }
    // A cancelled sign-in for another application: back there (with access_denied).
    if (flow.resumeUrl && !hasError(flow)) return { kind: 'navigate', url: flow.resumeUrl };
    return { kind: 'show' };
  }
  // An error answer keeps its status: show it on the tab, never repeat the step by itself.
  if (hasError(flow)) return { kind: 'show' };
  switch (flow.status) {
    case 'RESUME':
      if (flow.resumeUrl) return { kind: 'navigate', url: flow.resumeUrl };
      return mode !== 'sign-in'
        ? { kind: 'done' }
        : { kind: 'error-modal', error: errorWithMessage(null) };
    case 'MFA_COMPLETED':
      // After a pairing, tab 12 shows the result first; its Continue posts the step.
      return flow.pairedDevice
        ? { kind: 'show' }
        : { kind: 'post', step: 'continueAuthentication', withDeviceProfile: false };
    case 'PUSH_CONFIRMATION_REJECTED':
    case 'PUSH_CONFIRMATION_TIMED_OUT':
      return { kind: 'cancel-after-push' };
    case 'AUTHENTICATION_REQUIRED':
      return { kind: 'post', step: 'authenticate', withDeviceProfile: true };
    case 'DEVICE_PROFILE_REQUIRED':
      // With methods to choose from, the profile goes with the choice (tab 2); else alone.
      return (flow.devices?.length ?? 0) > 0
        ? { kind: 'show' }
        : { kind: 'post', step: 'submitDeviceProfile', withDeviceProfile: true };
    default:
      return { kind: 'show' };
  }
}

/** The flow response kept in session item `flowResponse`, if it is this flow's. */
export function storedFlowResponse(json: string | null, flowId: string): FlowResponse | null {
  if (json === null) return null;
  try {
    const parsed = flowResponseSchema.safeParse(JSON.parse(json));
    return parsed.success && parsed.data.id === flowId ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Where closing the modal goes (§2.4): home, or back to the retail checkout site with
 * error=access_denied when that is where the visitor came from.
 */
export function closeDestination(
  referrer: string,
  retailSiteUrl: string,
): { external: false; to: '/' } | { external: true; to: string } {
  try {
    const retail = new URL(retailSiteUrl);
    const from = new URL(referrer);
    const retailPath = retail.pathname.replace(/\/+$/, '');
    const fromRetail =
      from.origin === retail.origin &&
      (from.pathname === retailPath || from.pathname.startsWith(`${retailPath}/`));
    if (fromRetail) {
      const back = new URL(`${retailPath}/`, retail.origin);
      back.searchParams.set('error', 'access_denied');
      return { external: true, to: back.toString() };
    }
  } catch {
    // No referrer, or not a URL: the visitor came from nowhere in particular.
  }
  return { external: false, to: '/' };
}
