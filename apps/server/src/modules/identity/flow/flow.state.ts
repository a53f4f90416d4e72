import type { ApiErrorCode, FlowStatus } from '@anybank/contracts';
import { remembersBrowser } from '../remembered-browsers/remembered-browser.rules';

/**
 * The sign-in flow's state, events' results and errors: the vocabulary shared by the machine's
 * parts (flow.rules.ts for signing in, pairing.rules.ts and recovery.rules.ts). Pure data.
 */

/**
 * What selecting a device asks of the person, as its factor says (identity/factors): a code
 * the bank sends to it, a code it makes itself (authenticator app), an approval on the phone,
 * a FIDO2 assertion.
 */
export type DevicePrompt = 'sent-code' | 'own-code' | 'push' | 'assertion';

/** Devices as the machine sees them: enough to choose, never a secret. */
export interface MachineDevice {
  id: string;
  /** Its device type, as its method names it (the machine compares none). */
  type: string;
  prompt: DevicePrompt;
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
  /** After the code attempt limit (`otp_attempts_limit`) no code is accepted in this flow any more. */
  otpLocked: boolean;
  /** Wrong codes in this flow (the authenticator app's codes are counted here). */
  codeFailures: number;
  /** Authentication methods used, for the token's `amr`. */
  amr: string[];
  /** WebAuthn options handed to the browser (their challenge is checked on the answer). */
  webauthnOptions: Record<string, unknown> | null;
  /** The device being paired: the method, its target, the sealed authenticator secret. */
  pairing: { method: string; target: string | null; totpSecretSealed: string | null } | null;
  /** The device paired in this flow (tab 12 shows it; the offer is not made again). */
  pairedDeviceId: string | null;
  /**
   * 'sign-in' (an OAuth interaction) or 'pairing' (a signed-in customer adding a device from
   * the profile page): a pairing flow has no authorization to resume when it ends. 'step-up':
   * a signed-in customer confirms it is them before a sensitive change (step-up.rules.ts).
   */
  purpose: 'sign-in' | 'pairing' | 'step-up';
  /**
   * A step-up's binding: the SHA-256 of the grant id of the sign-in it is for, and of the
   * HttpOnly cookie given to the browser that started it. Absent on other flows.
   */
  stepUp?: { grantHash: string; browserHash: string } | null;
  /**
   * The authorization asked for a verified identity (the credit-card application's
   * `acr_values`, ADR 0015): before it resumes, a user whose identity is not verified is asked
   * for a code e-mailed to them. Fixed when the flow starts; a restart keeps it.
   */
  verifiedIdentityRequired: boolean;
  /** The identified user's identity is verified (their record said so, or this flow did it). */
  identityVerified: boolean;
  /**
   * A remembered browser (remembered-browser.rules.ts): the hash of this browser's HttpOnly
   * device cookie at the username (browser-device/; never the risk payload's device id); the
   * person's "Don't ask again" (said with CONTINUE); and the remembered browser that stood in
   * for the second factor, when one did.
   */
  browserDeviceId?: string | null;
  rememberBrowser?: boolean;
  rememberedBrowserId?: string | null;
  /** A recovery code completed the second factor; this many codes are left. */
  recoveryCodesLeft?: number;
  /**
   * Forgot password for a passkey-only account (passkey-sign-in.rules.ts): the
   * code leads to a new passkey, not a password. A restart drops it.
   */
  passkeyRecovery?: boolean;
  /**
   * Forgot password: the recovery code was right (and is spent). It is checked before the new
   * password's strength (an anonymous caller gets no strength check without it), so a refused
   * password does not cost the person their code: this flow holds the proof instead.
   */
  recoveryCodeVerified?: boolean;
  /** New passwords refused in this flow; at NEW_PASSWORD_MAX_REFUSALS it ends (recovery.rules.ts). */
  newPasswordRefusals?: number;
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
  webauthnOptions: null,
  pairing: null,
  pairedDeviceId: null,
  purpose: 'sign-in',
  verifiedIdentityRequired: false,
  identityVerified: false,
};

/**
 * The flow from the start again (an unknown username, a finished password recovery): nobody
 * is identified any more, but what the authorization asked for still holds.
 */
export function restart(state: FlowState, kept: Partial<FlowState> = {}): FlowState {
  return {
    ...INITIAL_FLOW_STATE,
    purpose: state.purpose,
    verifiedIdentityRequired: state.verifiedIdentityRequired,
    ...kept,
  };
}

export type FlowEffect =
  | { type: 'SEND_OTP'; deviceId: string }
  | { type: 'SEND_PUSH'; deviceId: string; pushRequestId: string }
  | { type: 'FINISH_LOGIN' }
  | { type: 'ABORT_LOGIN' }
  | { type: 'SEND_PAIRING_CODE'; channel: 'email' | 'sms'; target: string }
  | { type: 'SEND_RECOVERY_CODE'; userId: string }
  /** A step-up succeeded: it is recorded for the grant it is bound to (and audited). */
  | { type: 'RECORD_STEP_UP' }
  /** The identity verification code, to the identified user's e-mail address. */
  | { type: 'SEND_VERIFICATION_CODE' }
  /** The code was right: the user's identity-verified flag is set (and audited). */
  | { type: 'MARK_IDENTITY_VERIFIED' }
  /** The sign-in ends with this browser remembered (a new cookie, audited). */
  | { type: 'REMEMBER_BROWSER' }
  /** A remembered browser stood in for the second factor: its last use is noted. */
  | { type: 'REMEMBERED_BROWSER_USED'; browserId: string }
  | {
      type: 'AUDIT';
      event: 'signin.failed' | 'otp.failed' | 'risk.denied' | 'device.clone_suspected';
      /** The username tried, when the state does not hold one (an unknown username). */
      uid?: string;
      /** The device the event is about. */
      deviceId?: string;
      /** Its type, which names it to its owner in the security notice the event brings. */
      deviceType?: string;
      /** Whom it is about, when nobody is identified yet (a passkey picked from the username). */
      userId?: string;
    };

/**
 * A step the flow refused; the state keeps its status (the person may try again) unless the
 * transition moved it. The rules say the code (one of the contracts' `ApiErrorCode`s, with its
 * message); the HTTP layer answers it in the one error body with the flow's state (ADR 0025).
 */
export interface FlowError {
  code: ApiErrorCode;
  /** Said instead of the code's own message when the words depend on the case. */
  message?: string;
  /** A wrong code: how many more may be tried (the body's `attemptsLeft`). */
  attemptsLeft?: number;
  /** FAILED answered from the identifier step: the browser starts the sign-in again. */
  adapter?: 'IDFirst';
  /** Overrides the response's status (the stored state may differ, e.g. a reset). */
  responseStatus?: FlowStatus;
}

export interface Transition {
  state: FlowState;
  effects: FlowEffect[];
  error?: FlowError;
}

export function stay(state: FlowState, error: FlowError, effects: FlowEffect[] = []): Transition {
  return { state, effects, error };
}

/**
 * The end of a flow: a sign-in resumes its authorization; a pairing from the profile just ends.
 * A sign-in that needs a verified identity, by a user whose identity is not verified, first
 * asks for a code e-mailed to them (a new code, with its own attempt limit).
 */
const REMEMBER: FlowEffect = { type: 'REMEMBER_BROWSER' };

export function finish(state: FlowState): Transition {
  if (state.purpose === 'sign-in' && state.verifiedIdentityRequired && !state.identityVerified) {
    return {
      state: {
        ...state,
        status: 'IDENTITY_VERIFICATION_REQUIRED',
        pairing: null,
        webauthnOptions: null,
        otpLocked: false,
        codeFailures: 0,
      },
      effects: [{ type: 'SEND_VERIFICATION_CODE' }],
    };
  }
  return {
    state: { ...state, status: 'RESUME', pairing: null, webauthnOptions: null },
    effects:
      state.purpose === 'pairing'
        ? []
        : [{ type: 'FINISH_LOGIN' }, ...(remembersBrowser(state) ? [REMEMBER] : [])],
  };
}
