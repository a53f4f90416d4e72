import { OTP_TTL_MS, PROFILE_FIELD_MAX_LENGTH, ZIP_MAX_LENGTH } from './constants';
import { BANK, inMinutes } from './message-parts';

// The profile page's words (document 2 §5, §8), the verified contact change and its undo, and
// the step-up a sensitive change asks for.

export const profileMessages = {
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
  // A new e-mail address or mobile number is used only once it is verified.
  verifyContactIntro: (what: string, target: string) =>
    `Your other details are saved. To use ${target} as your ${what}, enter the 6-digit code we sent to it. Until then your previous ${what} stays in use.`,
  verifyContactLabel: 'Verification code',
  verifyContactSubmit: 'Verify',
  contactVerified: (what: string) => `Your new ${what} is verified and in use.`,
  contactCodeWrong:
    'That code is not right, or it has expired. Please check it or save again for a new code.',
  noPendingContactChange: 'There is no change waiting for a code. Please save your details again.',
  contactCodeSubject: `Confirm your new ${BANK} contact details`,
  contactCodeBody: (what: string, code: string) =>
    `Your ${BANK} code to confirm your new ${what} is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. If you did not ask for this change, you can ignore this message.`,
} as const;

// The previous address's "This wasn't me" link: it undoes a contact change (step-up.ts).
export const contactUndoMessages = {
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
} as const;

// A sensitive change needs a fresh check of a factor the customer already has.
export const stepUpMessages = {
  required:
    'For your security, please confirm it is you before making this change, with your password or a sign-in method you already have.',
  heading: 'Confirm it is you',
  intro:
    'Before this change, please confirm it is you with your password or one of your sign-in methods.',
  cancelled: 'The change was not made: it needs you to confirm it is you.',
  notYours:
    'This confirmation belongs to another browser or sign-in. Please start the change again.',
} as const;

export const signInMethodMessages = {
  updated: 'Authentication Preferences Updated!',
  unexpected: 'An unexpected error occurred.',
} as const;
