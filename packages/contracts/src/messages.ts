import { OTP_TTL_MS } from './constants';
import { phoneAppMessages } from './phone-app';
import { unexpectedErrorMessages } from './layout-messages';
import {
  passkeyNameMessages,
  passwordStrengthMessages,
  passwordlessMessages,
  phoneMessages,
} from './account-security-messages';
import { accessDenied, BANK, inMinutes } from './message-parts';
import { transferMessages } from './transfer-messages';
import {
  profileMessages,
  contactUndoMessages,
  stepUpMessages,
  signInMethodMessages,
} from './profile-messages';
import {
  adminMessages,
  helpDeskMessages,
  communicationMessages,
  marketingMessages,
  advisorMessages,
  searchMessages,
} from './staff-messages';
import {
  connectedAppsMessages,
  sessionsMessages,
  recoveryCodesMessages,
  rememberedBrowsersMessages,
} from './sign-in-settings-messages';

export { APP, BANK, inHours, inMinutes } from './message-parts';

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
    // Not worded by the spec: a way in for a browser (or a person) that misses the username
    // field's passkey suggestion.
    signInWithPasskey: 'Sign in with a passkey',
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
    // Not in the spec: a risk denial is titled for what happened, not as an
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
    // A sign-in recovery code (the flow's userMessage).
    incorrectRecoveryCode: 'That recovery code is not right or was already used. Please try again.',
    recoveryCodeAttemptsLimit:
      'Too many wrong recovery codes. Please wait 15 minutes or choose another way to sign in.',
    passwordPolicy:
      'Must contain 12 or more characters that are of at least one number, one uppercase, one lowercase letter, and one or more of the following special characters @$!.,%*?&',
    duplicateDevice: 'This device is already one of your sign-in methods.',
    passwordResetDone: 'Your password has been changed. Sign in with your new password.',
    newPasswordAttemptsLimit: 'Too many new passwords were refused. Please start again.',
  },
  // Not worded by the spec: password strength, passkey names, no password, phone numbers.
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
  transfer: transferMessages,
  profile: profileMessages,
  contactUndo: contactUndoMessages,
  stepUp: stepUpMessages,
  signInMethod: signInMethodMessages,
  communication: communicationMessages,
  marketing: marketingMessages,
  advisor: advisorMessages,
  search: searchMessages,
  // The phone app's lock screen and history, the site's link and QR code to it.
  phoneApp: phoneAppMessages,
  admin: adminMessages,
  helpDesk: helpDeskMessages,
  connectedApps: connectedAppsMessages,
  sessions: sessionsMessages,
  recoveryCodes: recoveryCodesMessages,
  rememberedBrowsers: rememberedBrowsersMessages,
  // Not in the spec: an address that is no page of the site.
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
