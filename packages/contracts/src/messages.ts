import { PROFILE_FIELD_MAX_LENGTH, ZIP_MAX_LENGTH } from './constants';

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
    // Not in the spec: the button under the unexpected error when a page could not be shown.
    reloadPage: 'Reload the page',
    sessionPickupErrorTitle: 'Session Pickup Error',
    idleTitle: 'Are you still there?',
    // Not in the spec's catalogue: the server's userMessage for these cases (§8 shows it).
    incorrectPassword: 'The username or password you entered is incorrect.',
    incorrectOtp: 'The code you entered is incorrect. Please try again.',
    expiredOtp: 'This code has expired. Please start again to get a new code.',
    fidoAuthenticatorCloned:
      'This passkey or security key was refused: it looks like a copy of the one you registered. Choose another way to sign in.',
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
    // Issue 12 §3: a transfer above the approval threshold confirmed by a one-time code.
    confirmationRequired: (destination: string) =>
      `To approve this transfer, enter the 6-digit code we sent to ${destination}.`,
    confirmationCodeLabel: 'Confirmation code',
    confirmationCodeRequired: 'Please enter the code we sent you.',
    confirmationCodeWrong: (attemptsLeft: number) =>
      `That code is not right. You have ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`,
    confirmationExpired:
      'not_approved: the confirmation code expired or was entered wrongly too often, so the transfer was not made.',
    confirmationNotPending: 'This transfer is no longer waiting for a confirmation code.',
    cancelled: 'not_approved: you cancelled this transfer, so it was not made.',
    cancelFailed: 'We could not cancel this transfer. Please try again.',
    approvalUnavailable:
      'This transfer needs a confirmation from one of your sign-in devices, and none can receive a code.',
    stillWaiting: 'This transfer is still waiting for your approval.',
  },
  profile: {
    updated: 'Profile Updated!',
    unexpected: 'An unexpected error occurred.',
    walletPairingError: 'An error occurred during pairing, please try again.',
    // Document 2 §8 says what the limitExceeded warning tells; these are its words.
    limitExceeded:
      'Your profile is saved, but you have reached the maximum number of devices: your new phone number is not added as a sign-in device until you remove an existing one.',
    // The field rules of document 2 §5 for the fields the policy does not name a message for.
    emailRequired: 'Please enter your email address.',
    streetTooLong: `A street has at most ${PROFILE_FIELD_MAX_LENGTH} characters.`,
    cityTooLong: `A city has at most ${PROFILE_FIELD_MAX_LENGTH} characters.`,
    zipTooLong: `A ZIP code has at most ${ZIP_MAX_LENGTH} characters.`,
    // Issue 12 §2: a new e-mail address or mobile number is used only once it is verified.
    verifyContactIntro: (what: string, target: string) =>
      `Your other details are saved. To use ${target} as your ${what}, enter the 6-digit code we sent to it. Until then your previous ${what} stays in use.`,
    verifyContactLabel: 'Verification code',
    verifyContactSubmit: 'Verify',
    contactVerified: (what: string) => `Your new ${what} is verified and in use.`,
    contactCodeWrong:
      'That code is not right, or it has expired. Please check it or save again for a new code.',
    noPendingContactChange:
      'There is no change waiting for a code. Please save your details again.',
    contactCodeSubject: 'Confirm your new AnyBank contact details',
    contactCodeBody: (what: string, code: string) =>
      `Your AnyBank code to confirm your new ${what} is ${code}. It expires in 5 minutes. If you did not ask for this change, you can ignore this message.`,
  },
  // Issue 12 §2: a sensitive change needs a fresh check of a factor the customer already has.
  stepUp: {
    required:
      'For your security, please confirm it is you before making this change: your sign-in is more than 5 minutes old.',
    heading: 'Confirm it is you',
    intro:
      'Before this change, please confirm it is you with your password or one of your sign-in methods.',
    cancelled: 'The change was not made: it needs you to confirm it is you.',
    notYours:
      'This confirmation belongs to another browser or sign-in. Please start the change again.',
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
    // Not worded by the spec (§3 says only "treated as blank"): what a screen reader hears for
    // a blank field of the Record Overview.
    blankField: 'blank',
  },
  advisor: {
    noConsent: 'This client did not consent to share accounts with you.',
    // Not worded by the spec: a blank detail of the client card, for screen readers.
    blankField: 'not provided',
  },
  search: {
    noSuggestions: 'No suggestions available...',
    // Not worded by the spec: what the search boxes announce to screen readers.
    suggestionsAvailable: (count: number) =>
      `${count} ${count === 1 ? 'suggestion' : 'suggestions'} available. Use the up and down arrow keys to review them.`,
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
    // Not worded by the spec (§5 names the rules only): the threshold form's field messages,
    // the phishing failure with its reason, and the directory's refusals.
    cibaRequired: 'Please enter a CIBA Minimum Threshold.',
    denyRequired: 'Please enter a Deny Minimum Threshold.',
    wholeDollars: 'Please enter a whole number of dollars.',
    cibaTooLow: (minimum: number) => `The CIBA Minimum Threshold must be at least ${minimum}.`,
    denyTooLow: (minimum: number) => `The Deny Minimum Threshold must be at least ${minimum}.`,
    thresholdTooHigh: (maximum: string) => `A threshold can be at most ${maximum}.`,
    phishingFailedBecause: (reason: string) => `Failed to send phishing email: ${reason}`,
    phishingOwnAddressOnly: 'The demo phishing email can only be sent to your own email address.',
    customersOnly: 'These demo actions are for customer accounts only.',
    noSuchUser: 'There is no such user.',
    // Issue 12 §3: thresholds and tier are the bank's; a customer's token cannot write them.
    bankAttributes: (names: string) =>
      `${names} belong to the bank and cannot be changed with your access token.`,
  },
  helpDesk: {
    flowError: 'An error occurred during help desk flow, please try again.',
    // Not worded by the spec (§2 names the launcher only): the help desk's steps and refusals.
    noSuchCustomer: 'We found no customer with that username.',
    tooManyVerifications:
      'This customer was sent several verifications recently. Please wait a few minutes and try again.',
    noSuchSession: 'There is no such help-desk session.',
    sessionEnded: 'This help-desk session has ended. Please start again.',
    stepNotPossible: 'That step is not possible at this point of the help desk.',
    notVerified: 'The customer must be verified before you can act on their account.',
    notEmailVerification: 'This verification does not use an e-mail code.',
    noSuchDevice: "That device is not one of this customer's sign-in methods.",
    lastDevice:
      "This is the customer's only sign-in method. They need another one before it can be removed.",
    codeRejected: (attemptsLeft: number) =>
      `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`,
    pushSent: (firstName: string) =>
      `We sent a request to ${firstName}'s phone. Ask them to approve it in the AnyBank app.`,
    emailSent: (firstName: string) =>
      `We e-mailed ${firstName} a 6-digit code. Ask them to read it out to you.`,
    verified: (fullName: string) => `${fullName} is verified.`,
    unlocked: (firstName: string) => `${firstName}'s sign-in is unlocked.`,
    deviceRemoved: (deviceName: string, firstName: string) =>
      `${deviceName} was removed from ${firstName}'s sign-in methods.`,
    failures: {
      send_failed: 'We could not send the verification.',
      push_denied: 'The customer denied the request on their phone.',
      push_expired: 'The customer did not answer on their phone in time.',
      code_expired: 'The code has expired.',
      code_attempts_exceeded: 'Too many wrong codes were entered.',
      verification_expired: 'The customer was not verified in time.',
      verified_window_passed: 'The verification has expired.',
      cancelled: 'The help-desk session was closed.',
    },
  },
  securityNotice: {
    // Not worded by the spec: the e-mail a bank sends when a password or a sign-in method
    // changes (OWASP ASVS 2.2.3, 2.5.5), so that a change the person did not make is noticed.
    passwordChangedSubject: 'Your AnyBank password was changed',
    passwordChanged: (firstName: string, username: string, when: string) =>
      `Hello ${firstName}, the password for your AnyBank username ${username} was changed on ${when}.`,
    deviceAddedSubject: 'A sign-in method was added to your AnyBank account',
    deviceAdded: (firstName: string, username: string, device: string, when: string) =>
      `Hello ${firstName}, ${device} was added to the sign-in methods of your AnyBank username ${username} on ${when}.`,
    deviceRemovedSubject: 'A sign-in method was removed from your AnyBank account',
    deviceRemoved: (firstName: string, username: string, device: string, when: string) =>
      `Hello ${firstName}, ${device} was removed from the sign-in methods of your AnyBank username ${username} on ${when}.`,
    // Issue 12 §2: the notice to the previous address when an e-mail address or mobile changes.
    contactChangedSubject: (what: string) => `Your AnyBank ${what} was changed`,
    contactChanged: (
      firstName: string,
      username: string,
      what: string,
      newValue: string,
      when: string,
      browser: string,
    ) =>
      `Hello ${firstName}, the ${what} of your AnyBank username ${username} was changed to ${newValue} on ${when}, from this browser: ${browser}. This address no longer receives sign-in codes.`,
    contactChangedHelp:
      "If this was not you, call us at once on the number on the back of your card. For the next 24 hours a password reset still sends its code to this address: use 'Forgot password?' on the sign-in page to take your account back.",
    cloneSuspectedSubject: 'We refused a sign-in with a copy of your passkey',
    cloneSuspected: (firstName: string, username: string, device: string, when: string) =>
      `Hello ${firstName}, on ${when} we refused a sign-in to your AnyBank username ${username}: ${device} answered like a copy of the one you registered.`,
    cloneAdvice:
      'Remove it from the sign-in methods on your profile page and add it again. If you did not try to sign in then, call us: someone may have copied it.',
    ifItWasYou: 'If this was you, there is nothing more to do.',
    ifItWasNot:
      "If it was not you, reset your password now with 'Forgot password?' on the sign-in page and call us: someone else may be using your account. AnyBank will never ask you for a password or a code.",
  },
  connectedApps: {
    // Issue 12 §4 (not worded by the spec): the consent page an application other than the
    // bank's own shows before it gets a sign-in, and Privacy & Security's "Connected apps".
    consentHeading: 'Allow an app to use your AnyBank sign-in?',
    consentIntro: (app: string) =>
      `${app} is asking to use your AnyBank sign-in. If you allow it, it can:`,
    signedInAs: (name: string) => `You are signed in as ${name}.`,
    /** Each scope, as the customer reads it; a scope not listed shows its OAuth name. */
    scopeText: {
      openid: 'Know that you have an AnyBank account, and recognise you when you come back',
      profile: 'See your name',
      email: 'See your e-mail address',
      banking: 'See your accounts and balances, and move money between them',
      consent: 'See and change whom you share your data with',
    } as Readonly<Record<string, string>>,
    noBankingAccess:
      'It cannot see your accounts or balances, cannot move money, and never sees your password.',
    revokeLater: 'You can withdraw this at any time under Connected apps on Privacy & Security.',
    allow: 'Allow',
    deny: "Don't allow",
    requestEnded:
      'This request has ended or was opened in another browser. Go back to the app and start again.',
    decisionFailed: 'We could not record your answer. Please try again.',
    sectionHeading: 'Connected apps',
    sectionIntro: 'Apps you allowed to use your AnyBank sign-in.',
    none: 'No apps are connected to your AnyBank sign-in.',
    connectedOn: (date: string) => `Connected on ${date}`,
    revoke: 'Revoke',
    revokeLabel: (app: string) => `Revoke ${app}`,
    revoked: (app: string) => `${app} can no longer use your AnyBank sign-in.`,
    loadFailed: 'We could not load your connected apps. Please try again.',
    revokeFailed: 'We could not revoke this app. Please try again.',
    notConnected: 'This app is not connected to your account.',
  },
  creditCard: {
    // Document 2 §2: the title word for word; the rest says what the spec lists (a written
    // decision, the card within 7-10 business days if approved, do not resubmit).
    title: 'We need to review your application a little longer',
    writtenDecision:
      'Thank you for applying for the AnyBank Rewards Visa. We will send you our decision in writing.',
    delivery: (businessDays: string) =>
      `If you are approved, your card will arrive within ${businessDays} business days.`,
    doNotResubmit: 'Please do not resubmit your application.',
    /** The navbar's Account link on the application tab: it closes the tab. */
    accountLink: 'Account',
    // The sign-in's extra step for a user whose identity is not verified (ADR 0015).
    verificationHeading: 'Verify your identity',
    verificationIntro: (target: string, digits: number) =>
      `Before we review your credit-card application, we need to verify your identity. We sent a ${digits}-digit code to ${target}.`,
    verificationEmailSubject: 'Verify your identity for your AnyBank application',
    verificationEmailBody: (code: string) =>
      `Your AnyBank identity verification code is ${code}. It expires in 5 minutes. AnyBank will never ask you for this code.`,
  },
} as const;
