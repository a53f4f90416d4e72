import { flowResponseSchema, messages } from '@anybank/contracts';
import type { FlowAction, FlowErrorCode, FlowResponse, VendorStep } from '@anybank/contracts';
import { errorWithMessage, signInErrors } from '../../lib/error-catalogue';
import type { ErrorContent } from '../../lib/error-catalogue';

/**
 * How the login modal reads the server's flow response (document 1 §2.4, §4.1, §8). There is
 * no state machine here: the flow engine decides, and these pure functions say which step the
 * modal takes by itself and which error text goes with an answer, by its error code (never by
 * its words). Which tab shows an answer: login-tabs.ts.
 */

/** The spec's tab numbers (login-tabs.ts names them); e2e/a11y-every-page.spec.ts reads it. */
export type { LoginTab } from './login-tabs';

/** Whether the server answered this error code (FLOW_ERROR_CODES): the modal reads codes, never texts. */
export function hasCode(flow: FlowResponse | null, code: FlowErrorCode): boolean {
  return flow?.code === code;
}

export function isInvalidUsernameFailure(flow: FlowResponse): boolean {
  return flow.status === 'FAILED' && flow.adapter === 'IDFirst';
}

/** The device limit answer of a pairing step (§8): tab 8 shows the maximum-devices message. */
export const MAXIMUM_DEVICES_CODE = 'MAXIMUM_ALLOWED_METHODS_LIMIT' satisfies FlowErrorCode;

/** Errors a pairing step shows on its own tab (§8); any other error fails the pairing. */
const PAIRING_STEP_ERRORS: readonly FlowErrorCode[] = [
  'REQUEST_FAILED',
  'VALIDATION_ERROR',
  MAXIMUM_DEVICES_CODE,
];

/**
 * A pairing step's answer that its tab cannot show (§8: 'There was an error pairing your
 * device'): no flow answer at all, or an error other than a refused code or target.
 */
export function isPairingFailure(flow: FlowResponse | null): boolean {
  if (!flow) return true;
  return hasError(flow) && !PAIRING_STEP_ERRORS.some((code) => hasCode(flow, code));
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
  if (!hasCode(flow, MAXIMUM_DEVICES_CODE)) return null;
  return MAXIMUM_DEVICES_CODE.replace(/_/g, ' ');
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
  return flow.status !== 'PUSH_CONFIRMATION_WAITING' || hasCode(flow, 'INVALID_ACTION_ID');
}

/** A flow response the server answered with an error (4xx): it keeps its status, adds a code. */
export function hasError(flow: FlowResponse): boolean {
  return flow.code !== undefined || (flow.details?.length ?? 0) > 0;
}

/** The code of a locked account (the password check, §5): its own message, whatever the texts. */
const ACCOUNT_LOCKED: FlowErrorCode = 'ACCOUNT_LOCKED';

/**
 * The text for an error answer: the lockout message for a locked account (by its code, in the
 * response or a detail), else the first detail's userMessage (§8), then the response's own
 * userMessage or message.
 */
export function errorTextOf(flow: FlowResponse | null): string | null {
  if (!flow || !hasError(flow)) return null;
  const locked =
    hasCode(flow, ACCOUNT_LOCKED) || flow.details?.some((detail) => detail.code === ACCOUNT_LOCKED);
  if (locked) return messages.login.lockedOut;
  return (
    flow.details?.[0]?.userMessage ??
    flow.userMessage ??
    flow.details?.[0]?.message ??
    flow.message ??
    null
  );
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
 * What the modal is for: a sign-in (the default), adding a device for a signed-in customer
 * (the profile page), or a step-up, where a signed-in customer confirms it is them before a
 * sensitive change (issue 12 §2). The last two end at RESUME without a resumeUrl.
 */
export type ModalMode = 'sign-in' | 'pairing' | 'step-up';

export function reactionTo(flow: FlowResponse, mode: ModalMode = 'sign-in'): FlowReaction {
  if (hasCode(flow, 'OTP_ATTEMPTS_LIMIT')) return { kind: 'otp-attempts-limit' };
  if (isInvalidUsernameFailure(flow)) {
    const serverText = flow.details?.[0]?.userMessage ?? flow.userMessage;
    const message =
      hasCode(flow, 'INVALID_USERNAME') || !serverText
        ? messages.login.invalidUsername
        : serverText;
    return { kind: 'reload-invalid-username', message };
  }
  if (flow.status === 'FAILED') {
    if (hasCode(flow, 'RISK_DENIED')) {
      return {
        kind: 'error-modal',
        error: signInErrors.riskDenied(flow.message ?? flow.userMessage),
      };
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
      // After a recovery code, how many are left is shown first (issue 14 §2), the same way.
      return flow.pairedDevice || flow.recoveryCodesLeft !== undefined
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
