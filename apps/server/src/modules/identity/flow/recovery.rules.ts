import { NEW_PASSWORD_MAX_REFUSALS, type ApiErrorCode, type FlowStatus } from '@anybank/contracts';
import { restart, stay, type FlowState, type Transition } from './flow.state';

/**
 * Forgot password (document 1 §4.1 recovery statuses): the username, an 8-character code sent
 * to the user's e-mail, the code with a new password, then sign in again. And a password that
 * must change (PASSWORD_RESET_REQUIRED) right after a correct one.
 */
export type RecoveryEvent =
  | { type: 'RECOVERY_STARTED' }
  /** userId null: no such user — the answer looks the same, and no code is sent. */
  | {
      type: 'RECOVERY_USERNAME_SUBMITTED';
      userId: string | null;
      username: string;
      /** A passkey-only account: no password to reset; the code leads to a new passkey. */
      passkeyOnly?: boolean;
    }
  | { type: 'RECOVERY_ACCEPTED' }
  | { type: 'RECOVERY_REFUSED' }
  /**
   * Without a message: the spec's rule. With one: common or personal (password-strength.ts).
   * `recoveryCodeVerified`: the code that came with it was right (and is now spent).
   */
  | {
      type: 'NEW_PASSWORD_REFUSED';
      code?: ApiErrorCode;
      message?: string;
      recoveryCodeVerified?: boolean;
    }
  | { type: 'RECOVERY_FINISHED' };

export const RECOVERY_ACCEPTS: Record<RecoveryEvent['type'], readonly FlowStatus[]> = {
  RECOVERY_STARTED: ['IDENTIFIER_REQUIRED', 'USERNAME_PASSWORD_REQUIRED'],
  RECOVERY_USERNAME_SUBMITTED: ['ACCOUNT_RECOVERY_USERNAME_REQUIRED'],
  RECOVERY_ACCEPTED: ['RECOVERY_CODE_REQUIRED'],
  RECOVERY_REFUSED: ['RECOVERY_CODE_REQUIRED'],
  NEW_PASSWORD_REFUSED: ['RECOVERY_CODE_REQUIRED', 'PASSWORD_RESET_REQUIRED'],
  RECOVERY_FINISHED: ['SUCCESSFUL_PASSWORD_RESET'],
};

export function recoveryTransition(state: FlowState, event: RecoveryEvent): Transition {
  switch (event.type) {
    case 'RECOVERY_STARTED':
      return {
        state: restart(state, {
          hasRiskPayload: state.hasRiskPayload,
          status: 'ACCOUNT_RECOVERY_USERNAME_REQUIRED',
        }),
        effects: [],
      };
    case 'RECOVERY_USERNAME_SUBMITTED':
      return {
        state: {
          ...state,
          status: 'RECOVERY_CODE_REQUIRED',
          userId: event.userId,
          username: event.username,
          ...(event.passkeyOnly ? { passkeyRecovery: true } : {}),
        },
        effects: event.userId ? [{ type: 'SEND_RECOVERY_CODE', userId: event.userId }] : [],
      };
    case 'RECOVERY_ACCEPTED':
      return { state: { ...state, status: 'SUCCESSFUL_PASSWORD_RESET' }, effects: [] };
    case 'RECOVERY_REFUSED':
      return {
        state: { ...state, status: 'FAILED' },
        effects: [{ type: 'AUDIT', event: 'signin.failed' }],
        error: { code: 'recovery_failed' },
      };
    case 'NEW_PASSWORD_REFUSED':
      return newPasswordRefused(state, event);
    case 'RECOVERY_FINISHED':
      // Signing in again, with the new password, is a fresh start of the same flow.
      return {
        state: restart(state, { hasRiskPayload: state.hasRiskPayload }),
        effects: [],
      };
  }
}

/**
 * A refused new password: the person may try another, NEW_PASSWORD_MAX_REFUSALS times in all
 * (constants.ts says why that number); then the flow ends, as after a wrong recovery code.
 */
function newPasswordRefused(
  state: FlowState,
  event: Extract<RecoveryEvent, { type: 'NEW_PASSWORD_REFUSED' }>,
): Transition {
  const refusals = (state.newPasswordRefusals ?? 0) + 1;
  const counted: FlowState = {
    ...state,
    newPasswordRefusals: refusals,
    ...(event.recoveryCodeVerified ? { recoveryCodeVerified: true } : {}),
  };
  if (refusals >= NEW_PASSWORD_MAX_REFUSALS) {
    return {
      state: { ...counted, status: 'FAILED' },
      effects: [{ type: 'AUDIT', event: 'signin.failed' }],
      error: { code: 'new_password_attempts_limit' },
    };
  }
  return stay(counted, {
    code: event.code ?? 'password_policy',
    ...(event.message ? { message: event.message } : {}),
  });
}

/** A confirmed change of the account's e-mail address, as recovery weighs it. */
export interface RecentEmailChange {
  previousValue: string;
  confirmedAt: Date;
  /** The previous address now belongs to another account: it is not the customer's any more. */
  previousTaken: boolean;
}

/**
 * Where a recovery code goes: the account's address, unless it was changed
 * within `holdMs` (24 hours) while the address before it is still the customer's — then that
 * one. Of several changes in that time, the address before the first of them: whoever made
 * the changes cannot move the code along by changing the address twice.
 */
export function recoveryAddressOf(
  currentEmail: string,
  changes: readonly RecentEmailChange[],
  now: Date,
  holdMs: number,
): string {
  const within = changes
    .filter((change) => now.getTime() - change.confirmedAt.getTime() < holdMs)
    .sort((a, b) => a.confirmedAt.getTime() - b.confirmedAt.getTime());
  const first = within[0];
  if (!first || first.previousTaken) return currentEmail;
  return first.previousValue;
}
