import { randomUUID } from 'node:crypto';
import { OTP_PATTERN, messages, type UserType, apiErrorMessages } from '@anybank/contracts';
import { DomainError } from '../../../domain-error';
import type { FactorCall, Factors } from '../factors/factors';
import type { RiskService } from '../risk/risk.service';
import type { FlowContext } from './flow.context';
import type { DeviceReader } from './flow.devices';
import type { FlowEvent, FlowState } from './flow.rules';
import { parseProfile, riskDenial } from './flow.risk';
import { identifierEvent } from './identifier.steps';
import type { StoredFlow } from './flow.store';
import type { IdentityVerificationSteps } from './identity-verification.steps';
import { shouldOfferPairing } from './pairing.rules';
import type { PairingStep, PairingSteps } from './pairing.steps';
import type { RecoveryStep, RecoverySteps } from './recovery.steps';
import type { PasskeySignInStep, PasskeySignInSteps } from './passkey-sign-in.steps';
import type { RememberedBrowserService } from '../remembered-browsers/remembered-browser.service';
import { recoveryCodeEvent, type RecoveryCodeStep } from './recovery-code.steps';

/** One step the browser asks for, its body already parsed with the contracts' schemas. */
export type FlowStep =
  | { kind: 'submitIdentifier'; identifier: string; riskPayload?: Record<string, unknown> }
  | {
      kind: 'checkUsernamePassword';
      username: string;
      password: string;
      rememberMyUsername?: boolean;
    }
  | { kind: 'authenticate' }
  | { kind: 'selectDevice'; deviceId: string; deviceProfile?: Record<string, unknown> }
  | { kind: 'submitDeviceProfile'; deviceProfile?: Record<string, unknown> }
  | { kind: 'checkOtp'; otp: string }
  | { kind: 'continueAuthentication'; rememberBrowser?: boolean }
  | { kind: 'cancelAuthentication' }
  | { kind: 'checkAssertion'; assertion: Record<string, unknown> }
  | PairingStep
  | PasskeySignInStep
  | RecoveryStep
  | RecoveryCodeStep;

/** One request's view of the flow service: who asks, and the user's devices read once. */
export interface FlowCall {
  context: FlowContext;
  devices: DeviceReader;
}

export interface FlowStepsDeps {
  risk: RiskService;
  /** Whether a remembered browser stands in for the second factor. */
  rememberedBrowsers: RememberedBrowserService;
  factors: Factors;
  pairing: PairingSteps;
  recovery: RecoverySteps;
  verification: IdentityVerificationSteps;
  /** Signing in from the username field's passkey suggestion. */
  passkeySignIn: PasskeySignInSteps;
  /** The user type a client signs in (partner portals), or null for any. */
  userTypeOfClient: (clientId: string) => UserType | null;
  /** Another application asked for this sign-in (§2.5); never so for a profile pairing. */
  selfService: (flow: StoredFlow) => boolean;
}

export function requireUserId(state: FlowState): string {
  if (!state.userId) throw new DomainError('flow_username_required');
  return state.userId;
}

/** The browser asking, as the remembered browsers see it. */
export function browserAsking(context: FlowContext) {
  return {
    cookie: context.rememberedBrowserCookie,
    deviceHash: context.deviceHash,
    ip: context.ip,
    userAgent: context.userAgent,
  };
}

/** The factors' view of one step (identity/factors/factor.ts). */
export function factorCall(call: FlowCall, flow: StoredFlow): FactorCall {
  return {
    context: call.context,
    flow,
    state: flow.state,
    devices: (userId) => call.devices.usable(userId),
    machineDevices: (userId) => call.devices.machine(userId),
  };
}

/**
 * Turns a step the browser asks for into the machine's event (flow.rules.ts): gathers the
 * facts — the user, the risk level — and asks the factor of the device in play to check the
 * answer. Refuses, as a DomainError, only what the machine cannot be asked at all.
 */
export function createFlowSteps(deps: FlowStepsDeps) {
  const { factors } = deps;

  async function deviceEvent(
    call: FlowCall,
    state: FlowState,
    step: Extract<FlowStep, { kind: 'selectDevice' | 'submitDeviceProfile' }>,
  ): Promise<FlowEvent> {
    const userId = requireUserId(state);
    const devices = await call.devices.usable(userId);
    const chosen =
      step.kind === 'selectDevice'
        ? (devices.find((device) => device.id === step.deviceId) ?? null)
        : null;
    if (step.kind === 'selectDevice' && !chosen) throw new DomainError('device_not_yours');
    if (state.status === 'DEVICE_PROFILE_REQUIRED') {
      const profile = parseProfile(step.deviceProfile);
      if (!profile) throw new DomainError('device_profile_required');
      const denial = await riskDenial(deps.risk, {
        username: state.username ?? '',
        payload: profile,
        ip: call.context.ip,
        deviceHash: call.context.deviceHash,
      });
      if (denial) return { type: 'RISK_DENIED', message: denial };
      return {
        type: 'DEVICE_PROFILE_ACCEPTED',
        devices: factors.asMachine(devices),
        thenSelect: chosen ? (factors.asMachine([chosen])[0] ?? null) : null,
        nonce: randomUUID(),
      };
    }
    const [selected] = chosen ? factors.asMachine([chosen]) : [];
    if (!selected) {
      throw new DomainError('flow_step_not_possible', {
        message: apiErrorMessages.flow_step_not_possible(state.status),
      });
    }
    return { type: 'DEVICE_SELECTED', device: selected, nonce: randomUUID() };
  }

  async function codeEvent(call: FlowCall, flow: StoredFlow, otp: string): Promise<FlowEvent> {
    const { state } = flow;
    if (state.status === 'IDENTITY_VERIFICATION_REQUIRED') {
      return deps.verification.eventFor(flow, state, otp, call.context.ip);
    }
    if (state.status === 'OTP_REQUIRED' && state.otpLocked)
      return { type: 'OTP_ATTEMPTS_EXCEEDED' };
    // Not at a code: the machine refuses it as at a wrong status.
    if (state.status !== 'OTP_REQUIRED' || !state.selectedDeviceId) return { type: 'OTP_ACCEPTED' };
    if (!OTP_PATTERN.test(otp)) {
      throw new DomainError('otp_format', {
        details: [{ field: 'otp', message: messages.validation.codeSixDigits }],
      });
    }
    const device =
      (await call.devices.selected(requireUserId(state), state.selectedDeviceId)) ?? null;
    // The device's factor checks it: the authenticator app its own code, the others through
    // the challenge engine (a device gone since finds no challenge: the code has expired).
    const factor = (device ? factors.ofType(device.type) : null) ?? factors.challenged;
    const event = await factor.verify(factorCall(call, flow), { kind: 'code', code: otp, device });
    return event ?? { type: 'OTP_EXPIRED' };
  }

  async function assertionEvent(
    call: FlowCall,
    flow: StoredFlow,
    assertion: Record<string, unknown>,
  ): Promise<FlowEvent> {
    const { state } = flow;
    if (state.status !== 'ASSERTION_REQUIRED') return { type: 'ASSERTION_REFUSED' };
    const device = await call.devices.selected(requireUserId(state), state.selectedDeviceId);
    const factor = device ? factors.ofType(device.type) : null;
    if (!device || factor?.prompt !== 'assertion') return { type: 'ASSERTION_REFUSED' };
    const event = await factor.verify(factorCall(call, flow), {
      kind: 'assertion',
      assertion,
      device,
    });
    return event ?? { type: 'ASSERTION_REFUSED' };
  }

  async function eventFor(call: FlowCall, flow: StoredFlow, step: FlowStep): Promise<FlowEvent> {
    const { state } = flow;
    switch (step.kind) {
      case 'submitIdentifier':
        return identifierEvent(deps, call, flow, step);
      case 'checkUsernamePassword': {
        const event = await factors.password.verify(factorCall(call, flow), {
          kind: 'password',
          username: step.username,
          password: step.password,
        });
        if (event?.type !== 'PASSWORD_ACCEPTED') return event ?? { type: 'PASSWORD_REJECTED' };
        const standIn = await deps.rememberedBrowsers.standIn(
          { ...state, amr: [...state.amr, 'pwd'] },
          browserAsking(call.context),
        );
        return standIn ? { ...event, rememberedBrowserId: standIn } : event;
      }
      case 'authenticate':
        return {
          type: 'AUTHENTICATE',
          devices: await call.devices.machine(requireUserId(state)),
          nonce: randomUUID(),
        };
      case 'submitDeviceProfile':
      case 'selectDevice':
        return deviceEvent(call, state, step);
      case 'checkOtp':
        return codeEvent(call, flow, step.otp);
      case 'continueAuthentication': {
        if (state.status === 'SUCCESSFUL_PASSWORD_RESET') return { type: 'RECOVERY_FINISHED' };
        // One second factor only: offer to add another before going on (§4.4, tab 8). Only
        // then are the devices counted: 'Not now' on that offer goes on without reading them.
        if (
          state.status === 'MFA_COMPLETED' &&
          state.userId &&
          shouldOfferPairing(state, (await call.devices.all(state.userId)).length)
        ) {
          return { type: 'PAIRING_OFFERED' };
        }
        return { type: 'CONTINUE', rememberBrowser: step.rememberBrowser === true };
      }
      case 'cancelAuthentication':
        return { type: 'CANCEL', selfService: deps.selfService(flow) };
      case 'startPasskeySignIn':
      case 'signInWithPasskey':
        return deps.passkeySignIn.eventFor(call.context, flow, step);
      case 'checkAssertion':
        return assertionEvent(call, flow, step.assertion);
      case 'useRecoveryCode':
      case 'checkRecoveryCode':
        return recoveryCodeEvent(factors, factorCall(call, flow), step);
      case 'resetPassword':
        if (state.status !== 'PASSWORD_RESET_REQUIRED') return { type: 'NEW_PASSWORD_REFUSED' };
        {
          const refused = await deps.recovery.resetPassword(
            state,
            step.newPassword,
            call.context.ip,
          );
          if (refused) return refused;
        }
        return {
          type: 'NEW_PASSWORD_ACCEPTED',
          devices: await call.devices.machine(requireUserId(state)),
          nonce: randomUUID(),
        };
      case 'initiateAccountRecovery':
      case 'submitRecoveryUsername':
      case 'recoverAccount': {
        const event = await deps.recovery.eventFor(state, step, call.context.ip);
        call.devices.forget();
        return event;
      }
      case 'selectPairingMethod':
      case 'submitPairingTarget':
      case 'activateDevice':
      case 'cancelDevicePairing': {
        // Pairing adds a device: the answer must list it.
        const event = await deps.pairing.eventFor(flow, step, call.context.ip);
        call.devices.forget();
        return event;
      }
    }
    throw new DomainError('flow_step_unknown');
  }

  return { eventFor };
}
