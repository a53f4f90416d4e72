import type { FlowStatus } from '@anybank/contracts';
import type { FlowAnswer } from '../../lib/flow-answer';
import { MAXIMUM_DEVICES_CODE, hasCode, isInvalidUsernameFailure } from './login-model';
import type { ModalMode } from './login-model';
import type { LoginFlags } from './login-state';

/**
 * The login modal's tabs (document 1 §2.4) by name, with the spec's number as data: the one
 * place that says which tab shows a flow response. The modal renders the tab's view
 * (login-tab-views.tsx) and carries the number in `data-login-tab`.
 */

/** The spec's tab numbers (§2.4). */
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

/** Each tab the modal can show, and the spec's number for it. */
export const LOGIN_TAB_NUMBER = {
  identifier: 1,
  password: 1,
  /** A step-up: the signed-in customer's password, or another way. */
  stepUpPassword: 1,
  deviceSelection: 2,
  otp: 3,
  forgotUsername: 4,
  usernameSent: 5,
  waiting: 6,
  push: 7,
  pairingOffer: 8,
  pairingMethod: 9,
  pairingTarget: 10,
  pairingCode: 11,
  pairingResult: 12,
  passkeyRegistration: 13,
  assertion: 14,
  newPassword: 14,
  authenticatorApp: 15,
  recoveryUsername: 16,
  recoveryCode: 17,
  passwordResetDone: 18,
  failure: 19,
  /** Not in the spec: a recovery code instead of the second factor, as a code. */
  recoveryCodeSignIn: 3,
  recoveryCodeUsed: 3,
} as const satisfies Record<string, LoginTab>;

export type LoginTabName = keyof typeof LOGIN_TAB_NUMBER;

const TAB_OF_STATUS: Record<FlowStatus, LoginTabName> = {
  IDENTIFIER_REQUIRED: 'identifier',
  USERNAME_PASSWORD_REQUIRED: 'password',
  DEVICE_SELECTION_REQUIRED: 'deviceSelection',
  DEVICE_PROFILE_REQUIRED: 'deviceSelection',
  OTP_REQUIRED: 'otp',
  // The identity verification code (ADR 0015) is typed where a sign-in code is.
  IDENTITY_VERIFICATION_REQUIRED: 'otp',
  SIGN_IN_RECOVERY_CODE_REQUIRED: 'recoveryCodeSignIn',
  AUTHENTICATION_REQUIRED: 'waiting',
  MFA_COMPLETED: 'waiting',
  RESUME: 'waiting',
  PUSH_CONFIRMATION_WAITING: 'push',
  PUSH_CONFIRMATION_REJECTED: 'push',
  PUSH_CONFIRMATION_TIMED_OUT: 'push',
  DEVICE_PAIRING_METHOD_REQUIRED: 'pairingOffer',
  EMAIL_PAIRING_TARGET_REQUIRED: 'pairingTarget',
  SMS_PAIRING_TARGET_REQUIRED: 'pairingTarget',
  EMAIL_ACTIVATION_REQUIRED: 'pairingCode',
  SMS_ACTIVATION_REQUIRED: 'pairingCode',
  FIDO2_ACTIVATION_REQUIRED: 'passkeyRegistration',
  ASSERTION_REQUIRED: 'assertion',
  TOTP_ACTIVATION_REQUIRED: 'authenticatorApp',
  ACCOUNT_RECOVERY_USERNAME_REQUIRED: 'recoveryUsername',
  RECOVERY_CODE_REQUIRED: 'recoveryCode',
  PASSWORD_RESET_REQUIRED: 'newPassword',
  SUCCESSFUL_PASSWORD_RESET: 'passwordResetDone',
  FAILED: 'failure',
};

function signInTabFor(flow: FlowAnswer | null, flags: LoginFlags): LoginTabName {
  if (flags.otpAttemptsLimit) return 'otp';
  if (flags.pairingFailed) return 'pairingResult';
  if (flags.forgotUsername) {
    return flags.forgotUsername.sentTo === null ? 'forgotUsername' : 'usernameSent';
  }
  if (!flow) return 'waiting';
  // The flow restarts at the username at once; no failure panel in between.
  if (isInvalidUsernameFailure(flow)) return 'identifier';
  if (flow.status === 'DEVICE_PAIRING_METHOD_REQUIRED') {
    return flags.addingDevice && !hasCode(flow, MAXIMUM_DEVICES_CODE)
      ? 'pairingMethod'
      : 'pairingOffer';
  }
  if (flow.status === 'MFA_COMPLETED' && flow.pairedDevice) return 'pairingResult';
  if (flow.status === 'MFA_COMPLETED' && flow.recoveryCodesLeft !== undefined) {
    return 'recoveryCodeUsed';
  }
  return TAB_OF_STATUS[flow.status];
}

/** The tab that shows this flow response; no response yet shows the waiting tab. */
export function tabNameFor(
  flow: FlowAnswer | null,
  flags: LoginFlags,
  mode: ModalMode = 'sign-in',
): LoginTabName {
  const name = signInTabFor(flow, flags);
  // A step-up's tab 1 asks the signed-in customer's password (no username).
  return mode === 'step-up' && LOGIN_TAB_NUMBER[name] === 1 ? 'stepUpPassword' : name;
}

/** The spec's number of the tab that shows this flow response. */
export function tabFor(flow: FlowAnswer | null, flags: LoginFlags): LoginTab {
  return LOGIN_TAB_NUMBER[tabNameFor(flow, flags)];
}
