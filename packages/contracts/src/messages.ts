import { OTP_TTL_MS, PROFILE_FIELD_MAX_LENGTH, ZIP_MAX_LENGTH } from './constants';
import { phoneAppMessages } from './phone-app';
import { BANK_NAME_SLOT, PRODUCT_NAME_SLOT } from './branding';
import { unexpectedErrorMessages } from './layout-messages';
import {
  passkeyNameMessages,
  passwordStrengthMessages,
  passwordlessMessages,
  phoneMessages,
} from './account-security-messages';

/** A code's lifetime in words, from its constant: "5 minutes". */
export const inMinutes = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** A hold in words, from its constant: "24 hours". */
export const inHours = (ms: number) => {
  const hours = Math.round(ms / 3_600_000);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};

/**
 * Issue 15 §5: where a message sent to a person names the bank (`BANK`) or its app (`APP`).
 * The server fills in the current brand when it sends it (messaging, `fillBrand`); pages name
 * the bank through the web app's brand instead.
 */
export const BANK = BANK_NAME_SLOT;
export const APP = PRODUCT_NAME_SLOT;

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
    unexpectedErrorTitle: unexpectedErrorMessages.title,
    unexpectedErrorText: unexpectedErrorMessages.text,
    reloadPage: unexpectedErrorMessages.reloadPage,
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
    newPasswordAttemptsLimit: 'Too many new passwords were refused. Please start again.',
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
    contactCodeSubject: `Confirm your new ${BANK} contact details`,
    contactCodeBody: (what: string, code: string) =>
      `Your ${BANK} code to confirm your new ${what} is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. If you did not ask for this change, you can ignore this message.`,
  },
  // The previous address's "This wasn't me" link: it undoes a contact change (step-up.ts).
  contactUndo: {
    intro:
      'Your e-mail address or mobile number was changed, and you say it was not you. We will put the previous one back, remove the new one and sign out everywhere, including on this browser.',
    submit: "This wasn't me: undo the change",
    working: 'Undoing the change…',
    done: (what: string, restored: string) =>
      `Done: your ${what} is ${restored} again, the new one was removed and every session was signed out. Sign in again and change your password if you think someone knows it.`,
    missingLink:
      'This page needs the link from our message. Please open the link in the message again.',
    linkInvalid:
      'This link does not work any more: it was used already, or it is more than 24 hours old. Please call us on the number on the back of your card.',
    signIn: 'Go to the home page',
  },
  // Issue 12 §2: a sensitive change needs a fresh check of a factor the customer already has.
  stepUp: {
    required:
      'For your security, please confirm it is you before making this change, with your password or a sign-in method you already have.',
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
  // Issue 15 §5: the demo admin's Branding form (branding.ts).
  // Issue 15 §3: the phone app's lock screen and history, the site's link and QR code to it.
  phoneApp: phoneAppMessages,
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
  // Issue 15 §4 (not worded by the spec): the API reference's page and the page its
  // "Authorize" sign-in returns to (served by the server, apps/server/src/http/api-docs*.ts).
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
      payments: 'Make the one payment you confirm, as you confirm it',
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
    verificationEmailSubject: `Verify your identity for your ${BANK} application`,
    verificationEmailBody: (code: string) =>
      `Your ${BANK} identity verification code is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. ${BANK} will never ask you for this code.`,
  },
} as const;

/**
 * Every user-facing message a page shows. What only the server says is apart: the API's
 * refusals (`api-error-messages.ts`), what is sent by e-mail, SMS and push (`sent-messages.ts`).
 */
export const messages = sections;
