import {
  messages,
  type FlowErrorCode,
  type FlowResponse,
  type FlowStatus,
} from '@anybank/contracts';
import type { Factors } from '../factors/factors';
import type { Transition } from './flow.rules';
import { factorCall, type FlowCall } from './flow.steps';
import type { StoredFlow } from './flow.store';
import type { IdentityVerificationSteps } from './identity-verification.steps';
import type { PairingSteps } from './pairing.steps';

/** What a flow use case answers; the route turns `refusal` into a status (http/error-status.ts). */
export interface FlowResult {
  body: FlowResponse;
  /** The flow refused the step: its code says the status. */
  refusal?: { code: FlowErrorCode; detailCode?: string };
  /** A username to remember in the rememberMe cookie; null forgets it; undefined leaves it. */
  rememberUsername?: string | null;
}

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
 * The flow response (document 1 §3.1): the status, the devices as their factors list them,
 * what the asked device's factor adds (WebAuthn options), the pairing and verification fields,
 * and a refusal's code and messages.
 */
export function createFlowResponder(deps: {
  factors: Factors;
  pairing: PairingSteps;
  verification: IdentityVerificationSteps;
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
    Object.assign(body, await deps.pairing.responseFields(state));
    if (state.status === 'IDENTITY_VERIFICATION_REQUIRED' && state.userId) {
      body.verificationTarget = await deps.verification.targetOf(state.userId);
    }
    if (!error) return { body };
    const userMessage = messages.login[error.userMessage];
    Object.assign(body, {
      code: error.code,
      message: error.message,
      userMessage,
      details: [{ code: error.detailCode ?? error.code, message: error.message, userMessage }],
      ...(error.adapter ? { adapter: error.adapter } : {}),
    });
    return {
      body,
      refusal: { code: error.code, ...(error.detailCode ? { detailCode: error.detailCode } : {}) },
    };
  };
}
