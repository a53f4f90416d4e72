import { apiErrorMessage, type FlowStatus } from '@anybank/contracts';
import { stay, type FlowState, type Transition } from './flow.state';

/**
 * A recovery code instead of the second factor, part of the sign-in machine
 * (flow.rules.ts). Wherever the second factor is asked (the device choice, a code, the phone,
 * a passkey), a customer with unused codes may choose one instead; a right code completes the
 * second factor once, like a one-time code. Never before the device profile's risk check
 * (DEVICE_PROFILE_REQUIRED), and only in a sign-in: a step-up or a pairing asks a device.
 * Not the forgot-password code of recovery.rules.ts.
 */

export type RecoveryCodeEvent =
  | { type: 'RECOVERY_CODE_CHOSEN' }
  /** The code was right and is burned: `left` codes remain. */
  | { type: 'RECOVERY_CODE_ACCEPTED'; left: number }
  | { type: 'RECOVERY_CODE_REJECTED'; attemptsLeft: number }
  | { type: 'RECOVERY_CODE_ATTEMPTS_EXCEEDED' };

/** The statuses where the second factor is asked: a recovery code may be chosen instead. */
export const SECOND_FACTOR_STATUSES: readonly FlowStatus[] = [
  'DEVICE_SELECTION_REQUIRED',
  'OTP_REQUIRED',
  'PUSH_CONFIRMATION_WAITING',
  'PUSH_CONFIRMATION_REJECTED',
  'PUSH_CONFIRMATION_TIMED_OUT',
  'ASSERTION_REQUIRED',
];

const AT_CODE: readonly FlowStatus[] = ['SIGN_IN_RECOVERY_CODE_REQUIRED'];

export const RECOVERY_CODE_ACCEPTS: Record<RecoveryCodeEvent['type'], readonly FlowStatus[]> = {
  RECOVERY_CODE_CHOSEN: SECOND_FACTOR_STATUSES,
  RECOVERY_CODE_ACCEPTED: AT_CODE,
  RECOVERY_CODE_REJECTED: AT_CODE,
  RECOVERY_CODE_ATTEMPTS_EXCEEDED: AT_CODE,
};

export function recoveryCodeTransition(state: FlowState, event: RecoveryCodeEvent): Transition {
  if (state.purpose !== 'sign-in') {
    // A recovery code is for signing in only.
    return stay(state, {
      code: 'flow_step_not_possible',
      message: apiErrorMessage('flow_step_not_possible', state.status),
    });
  }
  switch (event.type) {
    case 'RECOVERY_CODE_CHOSEN':
      // The device asked before is let go: its code or push no longer completes this sign-in.
      return {
        state: {
          ...state,
          status: 'SIGN_IN_RECOVERY_CODE_REQUIRED',
          selectedDeviceId: null,
          pushRequestId: null,
          webauthnOptions: null,
        },
        effects: [],
      };
    case 'RECOVERY_CODE_ACCEPTED':
      return {
        state: {
          ...state,
          status: 'MFA_COMPLETED',
          // RFC 8176: a one-time password (a look-up secret is one).
          amr: [...state.amr, 'otp'],
          recoveryCodesLeft: event.left,
        },
        effects: [],
      };
    case 'RECOVERY_CODE_REJECTED':
      return stay(state, { code: 'wrong_recovery_code', attemptsLeft: event.attemptsLeft });
    case 'RECOVERY_CODE_ATTEMPTS_EXCEEDED':
      return stay(state, { code: 'recovery_code_attempts_limit' });
  }
}
