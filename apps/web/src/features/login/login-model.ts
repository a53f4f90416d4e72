import { messages } from '@anybank/contracts';
import type { ApiErrorCode, FlowAction, VendorStep } from '@anybank/contracts';
import { errorWithMessage, signInErrors } from '../../lib/error-catalogue';
import type { ErrorContent } from '../../lib/error-catalogue';
import { parsedFlowAnswer, type FlowAnswer } from '../../lib/flow-answer';

/**
 * How the login modal reads the server's flow answer (document 1 §2.4, §4.1, §8): the flow,
 * and the refusal of the step just taken (ADR 0025). There is no state machine here: the flow
 * engine decides, and these pure functions say which step the modal takes by itself and which
 * error text goes with an answer, by its error code (never by its words). Which tab shows an
 * answer: login-tabs.ts.
 */

/** The spec's tab numbers (login-tabs.ts names them); e2e/a11y-every-page.spec.ts reads it. */
export type { LoginTab } from './login-tabs';

/** Whether the server refused the step with this code: the modal reads codes, never texts. */
export function hasCode(flow: FlowAnswer | null, code: ApiErrorCode): boolean {
  return flow?.refusal?.code === code;
}

export function isInvalidUsernameFailure(flow: FlowAnswer): boolean {
  return flow.status === 'FAILED' && flow.adapter === 'IDFirst';
}

/** The device limit answer of a pairing step (§8): tab 8 shows the maximum-devices message. */
export const MAXIMUM_DEVICES_CODE = 'pairing_device_limit' satisfies ApiErrorCode;

/** Errors a pairing step shows on its own tab (§8); any other error fails the pairing. */
const PAIRING_STEP_ERRORS: readonly ApiErrorCode[] = [
  'pairing_target_refused',
  'pairing_activation_refused',
  MAXIMUM_DEVICES_CODE,
];

/**
 * A pairing step's answer that its tab cannot show (§8: 'There was an error pairing your
 * device'): no flow answer at all, or an error other than a refused code or target.
 */
export function isPairingFailure(flow: FlowAnswer | null): boolean {
  if (!flow) return true;
  return hasError(flow) && !PAIRING_STEP_ERRORS.some((code) => hasCode(flow, code));
}

/** The words of the step's refusal (§8: the server's message), or null when it was taken. */
function refusalText(flow: FlowAnswer | null): string | null {
  const text = flow?.refusal?.message;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

/** What a pairing step says about a refused target or code (§8): the refusal's message. */
export function pairingErrorTextOf(flow: FlowAnswer | null): string | null {
  if (!flow || !hasError(flow)) return null;
  return refusalText(flow) ?? messages.login.pairingFailure;
}

/**
 * Tab 8's maximum-devices message (§8: the vendor code's words, as the server says them). Null
 * when the limit was not reached.
 */
export function maximumDevicesTextOf(flow: FlowAnswer | null): string | null {
  if (!hasCode(flow, MAXIMUM_DEVICES_CODE)) return null;
  return refusalText(flow);
}

/** A FIDO step's refusal by the server (§8): its message (the FIDO messages). */
export function fidoServerErrorOf(flow: FlowAnswer | null): string | null {
  return flow && hasError(flow) ? refusalText(flow) : null;
}

/**
 * The polling of the phone's approval ends (§4.3): any status but waiting (completed,
 * rejected, timed out), or an unknown push request (`push_unknown`).
 */
export function pushPollingDone(flow: FlowAnswer): boolean {
  return flow.status !== 'PUSH_CONFIRMATION_WAITING' || hasCode(flow, 'push_unknown');
}

/** An answer whose step the server refused: the flow keeps its status, the refusal its code. */
export function hasError(flow: FlowAnswer): boolean {
  return flow.refusal !== undefined;
}

/** The text for an error answer (§8): the refusal's message (a locked account's is its own). */
export function errorTextOf(flow: FlowAnswer | null): string | null {
  if (!flow || !hasError(flow)) return null;
  return refusalText(flow);
}

/** Tab 3's error text: the refusal's message, or 'An error occurred'. */
export function otpErrorTextOf(flow: FlowAnswer | null): string | null {
  if (!flow || !hasError(flow)) return null;
  return refusalText(flow) ?? messages.login.otpErrorDefault;
}

/** Tab 19's text: the refusal's message, or the default text when the server gave none. */
export function failureTextsOf(flow: FlowAnswer | null): string[] {
  const text = refusalText(flow);
  return text === null ? [messages.login.unexpectedErrorText] : [text];
}

/** The refusals after which no further code is worth typing (§4.2): the modal says so. */
const ATTEMPT_LIMIT_CODES: readonly ApiErrorCode[] = [
  'otp_attempts_limit',
  'recovery_code_attempts_limit',
];

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
 * sensitive change. The last two end at RESUME without a resumeUrl.
 */
export type ModalMode = 'sign-in' | 'pairing' | 'step-up';

export function reactionTo(flow: FlowAnswer, mode: ModalMode = 'sign-in'): FlowReaction {
  if (ATTEMPT_LIMIT_CODES.some((code) => hasCode(flow, code))) {
    return { kind: 'otp-attempts-limit' };
  }
  if (isInvalidUsernameFailure(flow)) {
    const serverText = refusalText(flow);
    const message =
      hasCode(flow, 'INVALID_USERNAME') || !serverText
        ? messages.login.invalidUsername
        : serverText;
    return { kind: 'reload-invalid-username', message };
  }
  if (flow.status === 'FAILED') {
    if (hasCode(flow, 'risk_denied')) {
      return {
        kind: 'error-modal',
        error: signInErrors.riskDenied(refusalText(flow)),
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
      // After a recovery code, how many are left is shown first, the same way.
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

/** The flow answer kept in session item `flowResponse`, if it is this flow's. */
export function storedFlowResponse(json: string | null, flowId: string): FlowAnswer | null {
  if (json === null) return null;
  try {
    const answer = parsedFlowAnswer(json);
    return answer?.id === flowId ? answer : null;
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
