import type { FlowResponse, FlowStatus } from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import type { Factors } from '../factors/factors';
import type { Transition } from './flow.rules';
import { factorCall, type FlowCall } from './flow.steps';
import type { StoredFlow } from './flow.store';
import type { IdentityVerificationSteps } from './identity-verification.steps';
import type { PairingSteps } from './pairing.steps';
import { passkeyResponseFields } from './passkey-sign-in.response';
import type { WebAuthnRelyingParty } from '../devices/webauthn';
import { mayOfferRemembering } from '../remembered-browsers/remembered-browser.rules';
import { SECOND_FACTOR_STATUSES } from './recovery-code.rules';

/**
 * What a flow use case answers: the flow's state, and `refusal` when the flow refused the step.
 * The route answers a refusal in the one error body, with `body` as its `flow` (ADR 0025).
 */
export interface FlowResult {
  body: FlowResponse;
  /** The flow refused the step: its code (whose status is the HTTP layer's) and message. */
  refusal?: DomainError;
  /** A username to remember in the rememberMe cookie; null forgets it; undefined leaves it. */
  rememberUsername?: string | null;
  /** This browser's new remembered-browser cookie, when the sign-in remembered it. */
  rememberedBrowserCookie?: string;
}

/**
 * Where the second factor is answered with time to tick a box first (a code typed, the phone's
 * approval awaited): the offer is shown. A passkey answers as its tab opens: no time to ask.
 */
const REMEMBER_OFFER_STATUSES: readonly FlowStatus[] = [
  'OTP_REQUIRED',
  'PUSH_CONFIRMATION_WAITING',
];

/** Statuses whose answer shows the user's devices: all to choose from, or the one asked. */
const DEVICE_STATUSES: readonly FlowStatus[] = [
  'DEVICE_SELECTION_REQUIRED',
  'DEVICE_PROFILE_REQUIRED',
  'OTP_REQUIRED',
  'PUSH_CONFIRMATION_WAITING',
  'ASSERTION_REQUIRED',
];
const ONE_DEVICE_STATUSES: readonly FlowStatus[] = [
  'OTP_REQUIRED',
  'PUSH_CONFIRMATION_WAITING',
  'ASSERTION_REQUIRED',
];

/**
 * The statuses that ask a factor which is no device: its prompt (ADR 0026) is asked of it by
 * the status (a step-up's password: the password factor answers one only in a step-up).
 */
const DEVICELESS_FACTOR_OF_STATUS: Partial<Record<FlowStatus, 'recovery-code' | 'password'>> = {
  SIGN_IN_RECOVERY_CODE_REQUIRED: 'recovery-code',
  USERNAME_PASSWORD_REQUIRED: 'password',
};

/**
 * The flow response (document 1 §3.1): the status, the devices as their factors list them,
 * what the asked device's factor adds (WebAuthn options), the pairing and verification fields,
 * and, after a refusal, the refusal itself (its code and message).
 */
export function createFlowResponder(deps: {
  factors: Factors;
  pairing: PairingSteps;
  verification: IdentityVerificationSteps;
  webauthn: WebAuthnRelyingParty;
  /** Another application asked for this sign-in (§2.5). */
  selfService: (flow: StoredFlow) => boolean;
}) {
  const { factors } = deps;

  return async function respond(
    call: FlowCall,
    flow: StoredFlow,
    result: Transition,
    resumeUrl?: string,
  ): Promise<FlowResult> {
    const { state, error } = result;
    const body: FlowResponse = {
      id: flow.id,
      status: error?.responseStatus ?? state.status,
      selfService: deps.selfService(flow),
    };
    if (state.username) body.username = state.username;
    if (resumeUrl) body.resumeUrl = resumeUrl;
    if (state.userId && DEVICE_STATUSES.includes(state.status)) {
      const rows = await call.devices.usable(state.userId);
      const devices = rows.map((row) => factors.display(row));
      if (ONE_DEVICE_STATUSES.includes(state.status)) {
        const asked = rows.find((row) => row.id === state.selectedDeviceId);
        const factor = asked ? factors.ofType(asked.type) : null;
        if (asked && factor) {
          Object.assign(
            body,
            await factor.responseFields(factorCall(call, { ...flow, state }), asked),
          );
        }
        const selected = devices.find((device) => device.id === state.selectedDeviceId);
        if (selected) body.selectedDevice = selected;
      } else {
        body.devices = devices;
      }
    }
    const deviceless = DEVICELESS_FACTOR_OF_STATUS[state.status];
    const factor = deviceless ? factors.named(deviceless) : null;
    if (factor) {
      Object.assign(body, await factor.responseFields(factorCall(call, { ...flow, state }), null));
    }
    Object.assign(body, await deps.pairing.responseFields(state));
    // Options for the username field's passkey suggestion; a passkey-only
    // account's forgot password, which says there is no password to reset.
    Object.assign(body, await passkeyResponseFields(deps.webauthn, state));
    // Where the second factor is answered, "Don't ask again on this browser".
    if (REMEMBER_OFFER_STATUSES.includes(state.status) && mayOfferRemembering(state)) {
      body.rememberBrowserOffered = true;
    }
    // Where the second factor is asked, a recovery code instead (if any are left).
    const recoveryCode = factors.named('recovery-code');
    if (
      state.userId &&
      state.purpose === 'sign-in' &&
      SECOND_FACTOR_STATUSES.includes(state.status) &&
      (await recoveryCode?.offered?.(state.userId))
    ) {
      body.recoveryCodeOffered = true;
    }
    if (state.recoveryCodesLeft !== undefined) body.recoveryCodesLeft = state.recoveryCodesLeft;
    if (state.status === 'IDENTITY_VERIFICATION_REQUIRED' && state.userId) {
      body.verificationTarget = await deps.verification.targetOf(state.userId);
      const prompt = await deps.verification.promptOf(flow);
      if (prompt) body.challengePrompt = prompt;
    }
    if (!error) return { body };
    if (error.adapter) body.adapter = error.adapter;
    return {
      body,
      refusal: new DomainError(error.code, {
        ...(error.message ? { message: error.message } : {}),
        ...(error.attemptsLeft === undefined
          ? {}
          : { extra: { attemptsLeft: error.attemptsLeft } }),
      }),
    };
  };
}
