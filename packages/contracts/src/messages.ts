/**
 * Every user-facing message, word for word from the specification (document 1 §5, §8;
 * document 2 §2, §5, §8). Web and server both import from here; nothing re-types a message.
 * Functions stand where the spec puts a value inside a message.
 */
export const messages = {
  registration: {
    errorTitle: 'An Error Occurred',
    errorText: 'Please close the modal and try again.',
    createdTitle: "We've Created Your Account",
  },
  login: {
    invalidUsername: 'Invalid username.',
    accessDenied: (recommendedAction: string) => `Access Denied: ${recommendedAction}`,
    riskCallFailed: 'An unknown error occurred getting risk response',
    otpErrorDefault: 'An error occurred',
    otpAttemptsLimit: "You've reached the maximum number of attempts. Please try again.",
    lockedOut: 'locked out due to too many attempts, try again in 1 minute',
    pairingFailure: 'There was an error pairing your device, please try again.',
    pairingSuccess: 'Your device was paired successfully!',
    usernameRecoveryFailure:
      'This email may not be associated with a demo account of the bank. Please try again.',
    pushRejectedOrTimedOut: 'Mobile notification timed out or was denied',
    fidoAlreadyRegistered: 'Device already registered',
    fidoConsentNotProvided: 'Consent to register device was not provided',
    fidoRegistrationError: 'An error occurred registering FIDO device',
    fidoAuthenticationNotProvided:
      'Authentication was not provided, ensure you are using the correct FIDO device',
    fidoAuthenticationError: 'An error occurred authenticating with FIDO device',
    unexpectedErrorTitle: 'Unexpected Error.',
    unexpectedErrorText: 'Please contact Technical Enablement.',
    sessionPickupErrorTitle: 'Session Pickup Error',
    idleTitle: 'Are you still there?',
    // Not in the spec's catalogue: the server's userMessage for these cases (§8 shows it).
    incorrectPassword: 'The username or password you entered is incorrect.',
    incorrectOtp: 'The code you entered is incorrect. Please try again.',
    expiredOtp: 'This code has expired. Please start again to get a new code.',
    flowExpired: 'Your sign-in took too long. Please start again.',
    wrongUserType: 'This account cannot sign in to this portal.',
    partnerSignedOut: 'Your partner session has ended. You can close this window.',
    recoveryFailed: 'That recovery code is not right or has expired. Please start again.',
    passwordPolicy:
      'Must contain 12 or more characters that are of at least one number, one uppercase, one lowercase letter, and one or more of the following special characters @$!.,%*?&',
    duplicateDevice: 'This device is already one of your sign-in methods.',
    passwordResetDone: 'Your password has been changed. Sign in with your new password.',
  },
  validation: {
    passwordsMustMatchLogin: 'Passwords must match',
    passwordsMustMatchTitle: 'Error Encountered',
    passwordsMustMatch: 'Passwords must match!',
    passwordTitle: 'Must contain 12 or more characters...',
    passwordHint:
      'Must contain 12 or more characters that are of at least one number, one uppercase, one lowercase letter, and one or more of the following special characters @$!.,%*?&',
    codeSixDigits: 'Code must be 6 digits',
    recoveryCodeEightCharacters: 'Code must be 8 characters',
    phoneFormat:
      'Phone number must be in international format with a leading +, for example +15551234567 or +44.2071234567',
    emailInvalid: 'Email must be a valid address.',
  },
  transfer: {
    selectAccounts: 'Please select your accounts.',
    differentAccounts: 'Please select two different accounts.',
    invalidAmount: 'Please enter a valid transfer amount.',
    insufficientFunds: (accountNumber: string, balance: string) =>
      `You do not have sufficient funds in account ${accountNumber} to make this transfer. Available balance: $${balance}.`,
    riskProfileUnavailable: 'Unable to generate risk profile.',
    confirmedTitle: 'Transfer Confirmed',
    confirmedText: 'Your transaction will be completed in 1-2 business days.',
    deniedTitle: 'Transfer Denied',
    maxThreshold: 'Your transfer request has exceeded your maximum amount threshold: ',
    riskFound: 'We found a risk associated with your transfer request: ',
    notApproved: 'The transfer request was not approved between the following accounts: ',
    unexpected: 'Unexpected transaction error. Please try again later.',
  },
  profile: {
    updated: 'Profile Updated!',
    unexpected: 'An unexpected error occurred.',
    walletPairingError: 'An error occurred during pairing, please try again.',
  },
  signInMethod: {
    updated: 'Authentication Preferences Updated!',
    unexpected: 'An unexpected error occurred.',
  },
  communication: {
    mobileNotProvided: 'mobile number not provided',
    addressNotProvided: 'address not provided',
  },
  marketing: {
    noConsent: 'This customer did not consent to receiving marketing communications.',
  },
  advisor: {
    noConsent: 'This client did not consent to share accounts with you.',
  },
  search: {
    noSuggestions: 'No suggestions available...',
  },
  admin: {
    thresholdsSaved: 'Thresholds have been successfully updated!',
    thresholdsFailed: (statusText: string) =>
      `An error occured saving your thresholds. ${statusText}.`,
    denyAboveCiba:
      'Please enter a Deny Minimum Threshold that is greater than the CIBA Minimum Threshold',
    unexpected: 'There was an unexpected error.',
    phishingFailed: 'Failed to send phishing email',
    success: 'Success! Your administrative action was completed.',
    sendingHome: "We're sending you home.",
  },
  helpDesk: {
    flowError: 'An error occurred during help desk flow, please try again.',
  },
  creditCard: {
    title: 'We need to review your application a little longer',
  },
} as const;
