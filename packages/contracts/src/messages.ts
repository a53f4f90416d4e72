import { OTP_TTL_MS, PROFILE_FIELD_MAX_LENGTH, ZIP_MAX_LENGTH } from './constants';
import { CONTACT_CHANGE_RECOVERY_HOLD_MS } from './step-up';
import { walletMessages } from './wallet';
import {
  accountSecurityNotices,
  passkeyNameMessages,
  passwordStrengthMessages,
  passwordlessMessages,
  phoneMessages,
} from './account-security-messages';

/** A code's lifetime in words, from its constant: "5 minutes". */
const inMinutes = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** A hold in words, from its constant: "24 hours". */
const inHours = (ms: number) => {
  const hours = Math.round(ms / 3_600_000);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};

/** The risk rules' refusal at sign-in and at a step-up alike. */
const accessDenied = (recommendedAction: string) => `Access Denied: ${recommendedAction}`;

/**
 * Every user-facing message, word for word from the specification (document 1 §5, §8;
 * document 2 §2, §5, §8). Web and server both import from here; nothing re-types a message.
 * Functions stand where the spec puts a value inside a message.
 */
const sections = {
  registration: {
    errorTitle: 'An Error Occurred',
    errorText: 'Please close the modal and try again.',
    createdTitle: "We've Created Your Account",
  },
  login: {
    invalidUsername: 'Invalid username.',
    accessDenied,
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
    // Not in the spec (issue 15 §6): a risk denial is titled for what happened, not as an
    // unexpected error; its text stays the spec's 'Access Denied: …'.
    signInBlockedTitle: 'Sign-in blocked',
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
    // Issue 14 §2: a sign-in recovery code (the flow's userMessage).
    incorrectRecoveryCode: 'That recovery code is not right or was already used. Please try again.',
    recoveryCodeAttemptsLimit:
      'Too many wrong recovery codes. Please wait 15 minutes or choose another way to sign in.',
    passwordPolicy:
      'Must contain 12 or more characters that are of at least one number, one uppercase, one lowercase letter, and one or more of the following special characters @$!.,%*?&',
    duplicateDevice: 'This device is already one of your sign-in methods.',
    passwordResetDone: 'Your password has been changed. Sign in with your new password.',
  },
  /**
   * What the sign-in sends to a person (identity/factors, identity/flow): codes by e-mail and
   * SMS, the phone's push titles. Lifetimes come from the constants they are enforced with.
   */
  signInDelivery: {
    codeSubject: 'Your AnyBank sign-in code',
    codeBody: (code: string) =>
      `Your AnyBank sign-in code is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. AnyBank will never ask you for this code.`,
    pushTitle: 'Sign in to AnyBank?',
    // A step-up is not a sign-in: the phone says what it approves.
    stepUpPushTitle: 'Confirm a change to your AnyBank account?',
    pairingCodeSubject: 'Add a sign-in method to AnyBank',
    pairingCodeBody: (channel: 'email' | 'sms', code: string) =>
      `Your AnyBank code to add this ${channel === 'email' ? 'e-mail address' : 'phone'} as a sign-in method is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}.`,
    totpPairingCodeWrong:
      'That code is not right. Check the time on your phone and try the newest code.',
    recoverySubject: 'Reset your AnyBank password',
    recoveryBody: (code: string, ttlMs: number) =>
      `Your AnyBank recovery code is ${code}. It expires in ${inMinutes(ttlMs)}. If you did not ask to reset your password, you can ignore this message.`,
  },
  // Issue 14 §1, §5, §6: password strength, passkey names, no password, phone numbers.
  passwordStrength: passwordStrengthMessages,
  passkeyNames: passkeyNameMessages,
  passwordless: passwordlessMessages,
  phone: phoneMessages,
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
    emailTaken: 'This email address already belongs to another online account.',
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
      `Your AnyBank code to confirm your new ${what} is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. If you did not ask for this change, you can ignore this message.`,
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
  /**
   * What the bank sends to a person outside the sign-in flow (e-mail, SMS and push bodies),
   * besides the security notices below. Not worded by the spec. Lifetimes come from the
   * constants they are enforced with.
   */
  delivery: {
    /** The last line of every push request's outbox copy. */
    pushFooter: 'Approve or deny in the AnyBank app.',
    // Issue 12 §3: a transfer above the threshold waits for a code or the phone's approval.
    transferPushTitle: 'Approve this transfer?',
    transferCodeSubject: 'Your AnyBank transfer approval code',
    transferCodeBody: (amount: string, fromSuffix: string, toSuffix: string, code: string) =>
      `Your AnyBank code to approve the transfer of ${amount} from account ending ${fromSuffix} to account ending ${toSuffix} is ${code}. ` +
      `It expires in ${inMinutes(OTP_TTL_MS)}. If you did not ask for this transfer, do not share the code and change your password.`,
    // The help desk's verification of a customer on the phone (document 2 §7).
    helpDeskPushTitle: 'Confirm your call with AnyBank?',
    helpDeskCodeSubject: 'Your AnyBank help-desk code',
    helpDeskCodeBody: (repFirstName: string, code: string) =>
      `${repFirstName} from AnyBank customer service is helping you on the phone. To confirm it is you, read them this code: ${code}. ` +
      `It expires in ${inMinutes(OTP_TTL_MS)}. If you are not on a call with AnyBank, do not share this code with anyone.`,
    // Registration (document 1 §2.2): the code that opens the account; its subject is the
    // orchestration's `verificationSubject`, which the per-address limit counts.
    registrationCodeBody: (firstName: string, code: string, ttlMs: number) =>
      `Hello ${firstName}, your AnyBank verification code is ${code}. Enter it to finish opening your online account; it expires in ${inMinutes(ttlMs)}. ` +
      'If you did not ask to open an account, ignore this e-mail: nothing is created without the code.',
    // Forgot username (document 1 §2.4): subject `usernameSubject`.
    usernameBody: (firstName: string, username: string, signInUrl: string) =>
      `Hello ${firstName}, your AnyBank username is ${username}. Sign in at ${signInUrl}. If you did not ask for your username, you can ignore this e-mail.`,
    // The phone app's activation (identity/devices).
    appActivationSubject: 'Activate the AnyBank app',
    appActivationBody: (code: string) =>
      `Your code to activate the AnyBank app on a phone is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. If this was not you, change your password.`,
    /**
     * The demo admin's phishing e-mail (subject `PHISHING_DEMO_SUBJECT`): urgency, a threat, a
     * link to a look-alike address, then a footer that names it a demonstration and its signs.
     */
    phishingDemoBody: (name: string, lookalikeHost: string, genuineHost: string) =>
      [
        `Dear ${name},`,
        '',
        'We detected unusual sign-in activity on your AnyBank online banking account. To protect ' +
          'you, we have temporarily suspended access to your account and any pending transfers.',
        '',
        'To restore access, confirm your identity within 24 hours:',
        `https://${lookalikeHost}/verify-account`,
        '',
        'If we do not hear from you in time, your account will be permanently closed.',
        '',
        'Thank you for banking with us,',
        'AnyBank Security Team',
        '',
        '--',
        `This is a phishing demonstration sent from the AnyBank demo admin page on ${genuineHost}. ` +
          'The warning signs: urgency and a threat, a link to a look-alike address ' +
          `(${lookalikeHost}) instead of the bank's own, and a request to sign in from an e-mail. ` +
          'AnyBank never asks you to sign in through a link in an e-mail.',
      ].join('\n'),
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
    contactChangedHelp: `If this was not you, call us at once on the number on the back of your card. For the next ${inHours(CONTACT_CHANGE_RECOVERY_HOLD_MS)} a password reset still sends its code to this address: use 'Forgot password?' on the sign-in page to take your account back.`,
    cloneSuspectedSubject: 'We refused a sign-in with a copy of your passkey',
    cloneSuspected: (firstName: string, username: string, device: string, when: string) =>
      `Hello ${firstName}, on ${when} we refused a sign-in to your AnyBank username ${username}: ${device} answered like a copy of the one you registered.`,
    cloneAdvice:
      'Remove it from the sign-in methods on your profile page and add it again. If you did not try to sign in then, call us: someone may have copied it.',
    ifItWasYou: 'If this was you, there is nothing more to do.',
    // Issue 14 §1, §6: a password removed, a replayed app code (account-security-messages.ts).
    ...accountSecurityNotices,
    /** How a second factor is named to its owner in a notice, by its device type. */
    recoveryCodesGeneratedSubject: 'New AnyBank recovery codes were made',
    recoveryCodesGenerated: (firstName: string, username: string, when: string) =>
      `Hello ${firstName}, new recovery codes were made for your AnyBank username ${username} on ${when}. Any codes made before no longer work.`,
    recoveryCodeUsedSubject: 'A recovery code was used to sign in to AnyBank',
    recoveryCodeUsed: (firstName: string, username: string, when: string, left: string) =>
      `Hello ${firstName}, a recovery code was used instead of your second factor to sign in to your AnyBank username ${username} on ${when}. ${left}`,
    // Issue 14 §3: a browser remembered for 30 days (no second factor there at low risk).
    browserRememberedSubject: 'A browser will no longer ask for your AnyBank second factor',
    browserRemembered: (firstName: string, username: string, browser: string, when: string) =>
      `Hello ${firstName}, on ${when} you asked us not to ask for a second factor on ${browser} for 30 days when you sign in to your AnyBank username ${username} with your password. You can forget this browser at any time under Remembered browsers on Sign In & Password.`,
    recoveryCodesLeft: (count: number) =>
      `You have ${count} recovery code${count === 1 ? '' : 's'} left.`,
    deviceWords: {
      iPhone: 'the AnyBank app on a phone',
      SMS: 'a mobile number for text-message codes',
      Email: 'an e-mail address for codes',
      TOTP: 'an authenticator app',
      FIDO2: 'a passkey',
      SECURITY_KEY: 'a security key',
      PLATFORM: 'a passkey',
    } as Readonly<Record<string, string>>,
    newPhoneWords: 'the AnyBank app on a new phone',
    someMethodWords: 'a sign-in method',
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
  sessions: {
    // Issue 14 §4 (not worded by the spec): "Where you're signed in" on Sign In & Password,
    // and the password change of that page.
    heading: "Where you're signed in",
    intro:
      'Each browser signed in to your AnyBank account. If you do not recognise one, sign it out and change your password.',
    thisBrowser: 'This browser',
    unknownBrowser: 'Unknown browser',
    unknownAddress: 'an unknown address',
    onPlatform: (browser: string, platform: string) => `${browser} on ${platform}`,
    from: (where: string) => `From ${where}`,
    signedInAt: (when: string) => `Signed in ${when}`,
    lastActive: (when: string) => `Last active ${when}`,
    signOut: 'Sign out',
    signOutLabel: (session: string) => `Sign out ${session}`,
    signOutOthers: 'Sign out everywhere else',
    signedOut: (session: string) => `${session} is signed out.`,
    othersSignedOut: (count: number) =>
      count === 0
        ? 'No other browser was signed in.'
        : count === 1
          ? 'One other browser is signed out.'
          : `${count} other browsers are signed out.`,
    onlyThisBrowser: 'Only this browser is signed in.',
    loadFailed: 'We could not load where you are signed in. Please try again.',
    signOutFailed: 'We could not sign that browser out. Please try again.',
    notFound: 'This session has already ended.',
    changePasswordHeading: 'Change password',
    changePasswordIntro: 'Choose a new password for signing in to AnyBank.',
    changePassword: 'Change password',
    signOutOtherSessions: 'Sign out of every other session',
    signOutOtherSessionsHint:
      'Every other browser signed in to your account will have to sign in again with the new password.',
    passwordChanged: 'Your password is changed.',
    passwordChangedOthersOut: (count: number) =>
      count === 0
        ? 'Your password is changed. No other browser was signed in.'
        : `Your password is changed, and ${count === 1 ? 'one other browser is' : `${count} other browsers are`} signed out.`,
    passwordChangeFailed: 'We could not change your password. Please try again.',
    /** A customer who signs in without a password (Device) has none to change. */
    noPasswordToChange:
      'You sign in without a password. To use one, switch your sign-in method to Password.',
  },
  // Issue 14 §2: recovery codes (Sign In & Password, and the login modal instead of a device).
  recoveryCodes: {
    heading: 'Recovery codes',
    intro:
      'If you cannot use any of your devices, a recovery code signs you in instead of a one-time code. Each code works once.',
    remaining: (count: number) =>
      count === 0
        ? 'You have no recovery codes.'
        : `You have ${count} recovery code${count === 1 ? '' : 's'} left.`,
    generate: 'Generate recovery codes',
    regenerate: 'Generate new recovery codes',
    regenerateWarning: 'Generating new codes stops every code you have now from working.',
    showOnce:
      'Save these codes now: this is the only time they are shown. Keep them somewhere safe, away from your devices.',
    download: 'Download as a text file',
    done: 'I have saved my codes',
    fileName: 'anybank-recovery-codes.txt',
    fileText: (username: string, codes: readonly string[], when: string) =>
      `AnyBank recovery codes for ${username}\nGenerated ${when}\n\nEach code can be used once, instead of a one-time code, to sign in.\nMaking new codes stops these from working.\n\n${codes.join('\n')}\n`,
    failed: 'Your recovery codes could not be made. Please try again.',
    // The login modal.
    useOne: 'Use a recovery code',
    entryHeading: 'Enter a recovery code',
    entryIntro: 'Enter one of the recovery codes you saved. Each code works once.',
    label: 'Recovery code',
    chooseAnother: 'Choose another way',
    usedHeading: 'Signed in with a recovery code',
    left: (count: number) => `${count} left`,
    leftSentence: (count: number) =>
      `That code cannot be used again. You have ${count} recovery code${count === 1 ? '' : 's'} left.`,
    lowNudge:
      'You are running out of recovery codes. Generate new ones on Sign In & Password once you are signed in.',
    continue: 'Continue',
  },
  // Issue 14 §3: "Don't ask again on this browser" (login modal) and its list on Sign In & Password.
  rememberedBrowsers: {
    offer: "Don't ask again on this browser for 30 days",
    offerHint:
      'Only on a browser you alone use. We still ask when something about a sign-in looks unusual.',
    heading: 'Remembered browsers',
    intro:
      'These browsers do not ask for your second factor when you sign in with your password, for 30 days. We still ask when a sign-in looks unusual.',
    none: 'No browsers are remembered.',
    thisBrowser: 'This browser',
    unknownBrowser: 'A browser',
    onPlatform: (browser: string, platform: string) => `${browser} on ${platform}`,
    rememberedOn: (date: string) => `Remembered on ${date}`,
    lastUsed: (date: string) => `Last used instead of a second factor on ${date}`,
    neverUsed: 'Not used yet',
    forget: 'Forget',
    forgetLabel: (browser: string) => `Forget ${browser}`,
    forgotten: (browser: string) =>
      `${browser} is forgotten: it will ask for your second factor again.`,
    loadFailed: 'We could not load your remembered browsers. Please try again.',
    forgetFailed: 'We could not forget this browser. Please try again.',
    notFound: 'This browser is not remembered for your account.',
  },
  // Not in the spec (issue 15 §6): an address that is no page of the site.
  notFound: {
    heading: 'Page not found',
    text: 'There is no page at this address. The link may be mistyped, or the page may have moved.',
    home: 'Go to the home page',
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
      `Your AnyBank identity verification code is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. AnyBank will never ask you for this code.`,
  },
} as const;

/**
 * Every user-facing message (above), and the API's refusals by error code: a refusal whose
 * words a page also shows names that message (`sections.…`) rather than repeating it.
 */
export const messages = {
  ...sections,
  /**
   * The refusals of the bank's API, by error code (`api-errors.ts`): what a caller branches on,
   * and the sentence a person reads. A code whose message depends on the case is a function.
   * Each code's HTTP status is the HTTP layer's alone (apps/server/src/http/error-status.ts).
   */
  apiErrors: {
    // Any route: input, framework and server refusals.
    invalid_input: 'Please check your input.',
    invalid_url: 'This address is not valid.',
    url_part_too_long: 'A part of this address is too long.',
    body_too_deep:
      'The request body is nested too deeply: at most 32 levels of arrays and objects.',
    body_too_large: 'The request body is too large.',
    unsupported_media_type: 'Unsupported media type: this route does not read this kind of body.',
    not_found: 'There is nothing at this address.',
    rate_limited: 'Too many requests. Please wait a moment and try again.',
    internal_error: sections.login.unexpectedErrorTitle,
    // Who is calling (identity/oauth/access-token.ts).
    sign_in_required: 'Sign in to use this service.',
    session_ended: 'Your session has ended. Please sign in again.',
    forbidden: 'This service is not available to your account.',
    step_up_required: sections.stepUp.required,
    missing_scope: (scopes: string) =>
      `Your sign-in does not allow this (missing scope: ${scopes}).`,
    application_token: 'This service needs the access token of a signed-in user.',
    // Any route: a body that is not JSON, or a request the server cannot read at all.
    invalid_json: 'The request body is not valid JSON.',
    invalid_request: 'This request could not be read.',
    // Risk evaluation (identity/risk). INVALID_USERNAME is document 1's code, kept as it is.
    INVALID_USERNAME: sections.login.invalidUsername,
    /** Too many unknown usernames from one address: the message is the risk rules' action. */
    unknown_username_rate: 'Too many unknown usernames. Please wait a minute and try again.',
    // Sign-in pickup (identity/pickup).
    pickup_failed: 'This sign-in could not be completed. Please sign in again.',
    pickup_reference_invalid:
      'This sign-in reference is not valid: it was used, has expired or belongs to another browser.',
    pickup_instance_header: (header: string, types: string) =>
      `The ${header} header must be one of ${types}.`,
    pickup_other_browser: 'This sign-in reference belongs to another browser.',
    // Phone app (identity/devices).
    /** The risk rules hold a phone sign-in back: the message is their recommended action. */
    phone_sign_in_risk: 'This sign-in was held back for your security. Please try again later.',
    phone_locked_out: sections.login.lockedOut,
    phone_wrong_credentials: sections.login.incorrectPassword,
    phone_activation_code_invalid: 'That code is not right or has expired. Please start again.',
    phone_device_limit:
      'MAXIMUM ALLOWED METHODS LIMIT: remove a sign-in method before adding this phone.',
    phone_not_activated: 'This phone is not activated for that device. Activate the app again.',
    push_request_not_found: 'There is no such request.',
    push_request_not_yours: 'Only the phone this request was sent to can answer it.',
    push_request_answered: 'This request was already answered or has expired.',
    // Connected apps and the consent page (identity/oauth, issue 12 §4).
    consent_request_not_found: sections.connectedApps.requestEnded,
    app_not_connected: sections.connectedApps.notConnected,
    // Sessions you can see and end (identity/oauth/sessions.*, issue 14 §4).
    session_not_found: sections.sessions.notFound,
    no_password_to_change: sections.sessions.noPasswordToChange,
    // Banking: transfers (issue 12 §3) and the advisor's client balances.
    /** A transfer refused (document 2 §8): the message names the reason and the accounts. */
    max_threshold: 'Your transfer request has exceeded your maximum amount threshold.',
    risk: 'We found a risk associated with your transfer request.',
    not_approved: 'The transfer request was not approved.',
    approval_unavailable: sections.transfer.approvalUnavailable,
    /** A transfer the rules refuse as given (accounts, amount, funds): the message says why. */
    transfer_invalid: 'Please check your transfer.',
    transfer_not_found: sections.transfer.unexpected,
    transfer_pending: sections.transfer.stillWaiting,
    transfer_not_pending: sections.transfer.confirmationNotPending,
    invalid_code: sections.transfer.confirmationCodeWrong,
    idempotency_key_reused: 'This Idempotency-Key was already used for another transfer.',
    advisor_no_consent: sections.advisor.noConsent,
    // Consents.
    consent_not_yours: 'You can only read and change your own consents.',
    consent_foreign_accounts: 'You can share only the balances of your own accounts.',
    consent_not_found: 'There is no such consent.',
    // Directory.
    directory_entry_not_found: 'There is no such entry.',
    directory_own_entry_only: 'You can only read and change your own directory entry.',
    bank_attribute: sections.admin.bankAttributes,
    // Demo admin (admin).
    admin_customers_only: sections.admin.customersOnly,
    no_such_user: sections.admin.noSuchUser,
    admin_phishing_own_address: sections.admin.phishingOwnAddressOnly,
    // Help desk (helpdesk).
    help_desk_no_such_customer: sections.helpDesk.noSuchCustomer,
    help_desk_too_many_verifications: sections.helpDesk.tooManyVerifications,
    help_desk_no_such_session: sections.helpDesk.noSuchSession,
    help_desk_session_ended: sections.helpDesk.sessionEnded,
    help_desk_step_not_possible: sections.helpDesk.stepNotPossible,
    help_desk_not_verified: sections.helpDesk.notVerified,
    help_desk_not_email_verification: sections.helpDesk.notEmailVerification,
    help_desk_code_rejected: sections.helpDesk.codeRejected,
    help_desk_no_such_device: sections.helpDesk.noSuchDevice,
    help_desk_last_device: sections.helpDesk.lastDevice,
    // Orchestration (the policy API and its policies).
    no_such_company: 'There is no such company.',
    no_such_policy: 'There is no such policy.',
    api_key_required: 'A valid API key is required.',
    policy_credentials_required: 'This call needs a widget token or the API key.',
    too_many_emails:
      'We have sent several emails to this address recently. Please wait a few minutes and try again.',
    profile_changed_meanwhile: 'Your details changed meanwhile. Please reload and try again.',
    no_pending_contact_change: sections.profile.noPendingContactChange,
    own_devices_only: 'You can only check the devices of your own account.',
    // Wallet pairing (wallet, orchestration's wallet pairing policy).
    wallet_customers_only: walletMessages.customersOnly,
    wallet_pairing_not_found: walletMessages.noSuchPairing,
    wallet_other_customer: walletMessages.otherCustomer,
    wallet_ticket_refused: walletMessages.ticketRefused,
    // Messaging.
    message_not_sendable: (reason: string) => `Cannot send this message: ${reason}.`,
    // Sign-in flow (identity/flow, identity/factors): refusals answered outside a flow body.
    xsrf_header_missing: (header: string) => `This request is missing the ${header} header.`,
    flow_not_yours: 'This sign-in belongs to another browser or has ended. Please sign in again.',
    pairing_not_yours: 'This is not your device pairing.',
    step_up_not_yours: sections.stepUp.notYours,
    /** A step-up flow that lost its binding before it was recorded (never expected). */
    step_up_unbound: sections.stepUp.notYours,
    flow_expired: sections.login.flowExpired,
    flow_ended: 'This sign-in has ended. Please sign in again.',
    flow_moved_on: 'This sign-in moved on in another tab. Please continue there or start again.',
    flow_restart_required: 'Please start again.',
    flow_username_required: 'Please enter your username first.',
    flow_step_not_possible: (status: string) =>
      `This step is not possible while the sign-in is at ${status}.`,
    pairing_sign_in_required: 'Please sign in first.',
    pairing_method_required: 'Please choose a device to pair first.',
    pairing_method_not_here:
      'The phone app pairs itself: open it and activate it with your password.',
    /** The risk rules' recommended action, word for word (unknown usernames from one address). */
    unknown_username_limit: (recommendedAction: string) => recommendedAction,
    step_up_risk_denied: accessDenied,
    flow_step_unnamed: 'Say which step this is: a vendor content type or ?action=.',
    flow_step_content_type_unknown: (contentType: string) =>
      `Unknown sign-in step content type ${contentType}.`,
    flow_step_unknown: 'Unknown sign-in step.',
    flow_username_mismatch: 'The username does not match this sign-in. Please start again.',
    device_not_yours: 'That sign-in method is not one of yours. Please choose from the list.',
    device_cannot_receive_codes: 'That sign-in method cannot receive codes.',
    device_profile_required: 'This step needs the device profile (signalsSdkDeviceProfile).',
    device_profile_unreadable:
      'The device profile is not readable. Please reload the page and try again.',
    otp_format: sections.validation.codeSixDigits,
    // Issue 14 §5, §1: new passwords (any place one is set) and removing the password.
    password_policy: sections.validation.passwordHint,
    /** The message says why and what would be better (zxcvbn-ts's feedback, in our words). */
    password_too_weak: (message: string) => message,
    password_personal: passwordStrengthMessages.personal,
    passwordless_needs_passkey: passwordlessMessages.passkeyRequired,
    passwordless_no_password: passwordlessMessages.noPassword,
    passkey_not_found: 'There is no such passkey among your sign-in methods.',
    // Issue 14 §2: recovery codes.
    recovery_code_format:
      'A recovery code has 10 letters and digits (a dash between them is fine).',
    recovery_codes_none: 'You have no recovery codes. Please choose another way to sign in.',
    // Issue 14 §3: remembered browsers.
    remembered_browser_not_found: sections.rememberedBrowsers.notFound,
  },
} as const;
