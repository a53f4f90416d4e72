/**
 * The authentication flow API (document 1 §3.1, §3.2, §4.1): statuses, the flow response and
 * the step payloads. The server's flow engine produces these; the login modal renders them.
 * The schemas are in flow.schemas.ts (ADR 0024).
 */
export const FLOW_STATUSES = [
  'IDENTIFIER_REQUIRED',
  'USERNAME_PASSWORD_REQUIRED',
  'AUTHENTICATION_REQUIRED',
  'DEVICE_PROFILE_REQUIRED',
  'DEVICE_SELECTION_REQUIRED',
  'OTP_REQUIRED',
  'PUSH_CONFIRMATION_WAITING',
  'PUSH_CONFIRMATION_REJECTED',
  'PUSH_CONFIRMATION_TIMED_OUT',
  'MFA_COMPLETED',
  'DEVICE_PAIRING_METHOD_REQUIRED',
  'EMAIL_PAIRING_TARGET_REQUIRED',
  'SMS_PAIRING_TARGET_REQUIRED',
  'EMAIL_ACTIVATION_REQUIRED',
  'SMS_ACTIVATION_REQUIRED',
  'FIDO2_ACTIVATION_REQUIRED',
  'TOTP_ACTIVATION_REQUIRED',
  'ASSERTION_REQUIRED',
  'ACCOUNT_RECOVERY_USERNAME_REQUIRED',
  'RECOVERY_CODE_REQUIRED',
  'PASSWORD_RESET_REQUIRED',
  'SUCCESSFUL_PASSWORD_RESET',
  /**
   * Not one of document 1 §4.1's statuses: a sign-in for the credit-card application by a user
   * whose identity is not verified asks for a code e-mailed to them (ADR 0015).
   */
  'IDENTITY_VERIFICATION_REQUIRED',
  /** A recovery code instead of the second factor (not §4.1's forgot-password code). */
  'SIGN_IN_RECOVERY_CODE_REQUIRED',
  'RESUME',
  'FAILED',
] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/**
 * The statuses of pairing another device (document 1 §8): the flow engine accepts
 * `cancelDevicePairing` in them, and the login modal's Cancel there ends the pairing.
 */
export const PAIRING_STATUSES: readonly FlowStatus[] = [
  'DEVICE_PAIRING_METHOD_REQUIRED',
  'EMAIL_PAIRING_TARGET_REQUIRED',
  'SMS_PAIRING_TARGET_REQUIRED',
  'EMAIL_ACTIVATION_REQUIRED',
  'SMS_ACTIVATION_REQUIRED',
  'TOTP_ACTIVATION_REQUIRED',
  'FIDO2_ACTIVATION_REQUIRED',
];

/** Steps sent with a vendor content type: `application/vnd.{product}.{step}+json`. */
export const VENDOR_STEPS = ['submitIdentifier', 'checkUsernamePassword', 'authenticate'] as const;
export type VendorStep = (typeof VENDOR_STEPS)[number];

/** Steps sent as `?action=`. */
export const FLOW_ACTIONS = [
  'selectDevice',
  'checkOtp',
  'submitDeviceProfile',
  'continueAuthentication',
  'cancelAuthentication',
  // FIDO2 sign-in (ASSERTION_REQUIRED).
  'checkAssertion',
  // Pairing another device (DEVICE_PAIRING_METHOD_REQUIRED and after).
  'selectPairingMethod',
  'submitPairingTarget',
  'activateDevice',
  'cancelDevicePairing',
  // Recovery (forgot password) and a password that must change.
  'initiateAccountRecovery',
  'submitRecoveryUsername',
  'recoverAccount',
  'resetPassword',
  // A recovery code instead of the second factor.
  'useRecoveryCode',
  'checkRecoveryCode',
  // Passkey sign-in from the username field: options, then the assertion.
  'startPasskeySignIn',
  'signInWithPasskey',
] as const;

export type FlowAction = (typeof FLOW_ACTIONS)[number];

export function vendorContentType(productId: string, step: VendorStep): string {
  return `application/vnd.${productId}.${step}+json`;
}

/** The anti-forgery header every flow POST must carry (its value is not a secret). */
export const XSRF_HEADER = 'X-XSRF-Header';

export const FLOW_API_PATH = '/api/authn/flows';
