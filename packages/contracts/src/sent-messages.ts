import { inMinutes, inHours, BANK, APP } from './messages';
import { accountSecurityNotices } from './account-security-messages';
import { OTP_TTL_MS } from './constants';
import { CONTACT_CHANGE_RECOVERY_HOLD_MS } from './step-up';

/**
 * What the bank sends a person by e-mail, SMS and push, and its security notices: said only by
 * the server, in a module of their own so that the browser's first load never carries them.
 */
/**
 * What the bank sends to a person outside the sign-in flow (e-mail, SMS and push bodies),
 * besides the security notices below. Not worded by the spec. Lifetimes come from the
 * constants they are enforced with.
 */
export const deliveryMessages = {
  /** The last line of every push request's outbox copy. */
  pushFooter: `Approve or deny in the ${APP} app.`,
  // A transfer above the threshold waits for a code or the phone's approval.
  transferPushTitle: 'Approve this transfer?',
  transferCodeSubject: `Your ${BANK} transfer approval code`,
  transferCodeBody: (amount: string, fromSuffix: string, toSuffix: string, code: string) =>
    `Your ${BANK} code to approve the transfer of ${amount} from account ending ${fromSuffix} to account ending ${toSuffix} is ${code}. ` +
    `It expires in ${inMinutes(OTP_TTL_MS)}. If you did not ask for this transfer, do not share the code and change your password.`,
  // A pay-by-bank payment above the threshold, by a customer without the phone app (ADR 0023).
  paymentCodeSubject: `Your ${BANK} payment approval code`,
  paymentCodeBody: (
    amount: string,
    fromSuffix: string,
    payee: string,
    reference: string,
    code: string,
  ) =>
    `Your ${BANK} code to approve the payment of ${amount} from account ending ${fromSuffix} to ${payee}, reference ${reference}, is ${code}. ` +
    `It expires in ${inMinutes(OTP_TTL_MS)}. If you did not ask for this payment, do not share the code and change your password.`,
  // A credential offer's transaction code, sent apart from the QR code (ADR 0027).
  credentialOfferCodeSubject: `Your ${BANK} wallet code`,
  credentialOfferCodeBody: (code: string) =>
    `Your ${BANK} code to add your credential to your phone's wallet is ${code}. ` +
    `It works once, for the next 10 minutes. If you did not ask to add a credential to a wallet, do not enter the code anywhere and change your password.`,
  // The help desk's verification of a customer on the phone (document 2 §7).
  helpDeskPushTitle: `Confirm your call with ${BANK}?`,
  helpDeskCodeSubject: `Your ${BANK} help-desk code`,
  helpDeskCodeBody: (repFirstName: string, code: string) =>
    `${repFirstName} from ${BANK} customer service is helping you on the phone. To confirm it is you, read them this code: ${code}. ` +
    `It expires in ${inMinutes(OTP_TTL_MS)}. If you are not on a call with ${BANK}, do not share this code with anyone.`,
  // Registration (document 1 §2.2): the code that opens the account; its subject is the
  // orchestration's `verificationSubject`, which the per-address limit counts.
  registrationCodeBody: (firstName: string, code: string, ttlMs: number) =>
    `Hello ${firstName}, your ${BANK} verification code is ${code}. Enter it to finish opening your online account; it expires in ${inMinutes(ttlMs)}. ` +
    'If you did not ask to open an account, ignore this e-mail: nothing is created without the code.',
  // Forgot username (document 1 §2.4): subject `usernameSubject`.
  usernameBody: (firstName: string, username: string, signInUrl: string) =>
    `Hello ${firstName}, your ${BANK} username is ${username}. Sign in at ${signInUrl}. If you did not ask for your username, you can ignore this e-mail.`,
  // The phone app's activation (identity/devices).
  appActivationSubject: `Activate the ${APP} app`,
  appActivationBody: (code: string) =>
    `Your code to activate the ${APP} app on a phone is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. If this was not you, change your password.`,
  /**
   * The demo admin's phishing e-mail (subject `PHISHING_DEMO_SUBJECT`): urgency, a threat, a
   * link to a look-alike address, then a footer that names it a demonstration and its signs.
   */
  phishingDemoBody: (name: string, lookalikeHost: string, genuineHost: string) =>
    [
      `Dear ${name},`,
      '',
      `We detected unusual sign-in activity on your ${BANK} online banking account. To protect ` +
        'you, we have temporarily suspended access to your account and any pending transfers.',
      '',
      'To restore access, confirm your identity within 24 hours:',
      `https://${lookalikeHost}/verify-account`,
      '',
      'If we do not hear from you in time, your account will be permanently closed.',
      '',
      'Thank you for banking with us,',
      `${BANK} Security Team`,
      '',
      '--',
      `This is a phishing demonstration sent from the ${BANK} demo admin page on ${genuineHost}. ` +
        'The warning signs: urgency and a threat, a link to a look-alike address ' +
        `(${lookalikeHost}) instead of the bank's own, and a request to sign in from an e-mail. ` +
        `${BANK} never asks you to sign in through a link in an e-mail.`,
    ].join('\n'),
} as const;

export const securityNoticeMessages = {
  // Not worded by the spec: the e-mail a bank sends when a password or a sign-in method
  // changes (OWASP ASVS 2.2.3, 2.5.5), so that a change the person did not make is noticed.
  passwordChangedSubject: `Your ${BANK} password was changed`,
  passwordChanged: (firstName: string, username: string, when: string) =>
    `Hello ${firstName}, the password for your ${BANK} username ${username} was changed on ${when}.`,
  deviceAddedSubject: `A sign-in method was added to your ${BANK} account`,
  deviceAdded: (firstName: string, username: string, device: string, when: string) =>
    `Hello ${firstName}, ${device} was added to the sign-in methods of your ${BANK} username ${username} on ${when}.`,
  deviceRemovedSubject: `A sign-in method was removed from your ${BANK} account`,
  deviceRemoved: (firstName: string, username: string, device: string, when: string) =>
    `Hello ${firstName}, ${device} was removed from the sign-in methods of your ${BANK} username ${username} on ${when}.`,
  // The notice to the previous address when an e-mail address or mobile changes.
  contactChangedSubject: (what: string) => `Your ${BANK} ${what} was changed`,
  contactChanged: (
    firstName: string,
    username: string,
    what: string,
    newValue: string,
    when: string,
    browser: string,
  ) =>
    `Hello ${firstName}, the ${what} of your ${BANK} username ${username} was changed to ${newValue} on ${when}, from this browser: ${browser}. The new one signs you in only ${inHours(CONTACT_CHANGE_RECOVERY_HOLD_MS)} from then; until then this one still does.`,
  /** The one-click undo: the words the link follows are the ones the page's button repeats. */
  contactChangedUndoLabel: "This wasn't me",
  contactChangedUndo: (url: string) =>
    `This wasn't me: ${url}\nThis link puts this address or number back, removes the new one and signs out everywhere. It works once, for ${inHours(CONTACT_CHANGE_RECOVERY_HOLD_MS)}.`,
  contactChangedHelp: `If this was not you, follow the link above, or call us at once on the number on the back of your card. For the next ${inHours(CONTACT_CHANGE_RECOVERY_HOLD_MS)} a password reset still sends its code to this address: use 'Forgot password?' on the sign-in page to take your account back.`,
  cloneSuspectedSubject: 'We refused a sign-in with a copy of your passkey',
  cloneSuspected: (firstName: string, username: string, device: string, when: string) =>
    `Hello ${firstName}, on ${when} we refused a sign-in to your ${BANK} username ${username}: ${device} answered like a copy of the one you registered.`,
  cloneAdvice:
    'Remove it from the sign-in methods on your profile page and add it again. If you did not try to sign in then, call us: someone may have copied it.',
  ifItWasYou: 'If this was you, there is nothing more to do.',
  // A password removed, a replayed app code (account-security-messages.ts).
  ...accountSecurityNotices,
  /** How a second factor is named to its owner in a notice, by its device type. */
  recoveryCodesGeneratedSubject: `New ${BANK} recovery codes were made`,
  recoveryCodesGenerated: (firstName: string, username: string, when: string) =>
    `Hello ${firstName}, new recovery codes were made for your ${BANK} username ${username} on ${when}. Any codes made before no longer work.`,
  recoveryCodeUsedSubject: `A recovery code was used to sign in to ${BANK}`,
  recoveryCodeUsed: (firstName: string, username: string, when: string, left: string) =>
    `Hello ${firstName}, a recovery code was used instead of your second factor to sign in to your ${BANK} username ${username} on ${when}. ${left}`,
  // A browser remembered for 30 days (no second factor there at low risk).
  browserRememberedSubject: `A browser will no longer ask for your ${BANK} second factor`,
  browserRemembered: (firstName: string, username: string, browser: string, when: string) =>
    `Hello ${firstName}, on ${when} you asked us not to ask for a second factor on ${browser} for 30 days when you sign in to your ${BANK} username ${username} with your password. You can forget this browser at any time under Remembered browsers on Sign In & Password.`,
  recoveryCodesLeft: (count: number) =>
    `You have ${count} recovery code${count === 1 ? '' : 's'} left.`,
  newPhoneWords: `the ${APP} app on a new phone`,
  someMethodWords: 'a sign-in method',
  ifItWasNot: `If it was not you, reset your password now with 'Forgot password?' on the sign-in page and call us: someone else may be using your account. ${BANK} will never ask you for a password or a code.`,
} as const;

/**
 * What the sign-in sends to a person (identity/factors, identity/flow): codes by e-mail and
 * SMS, the phone's push titles. Lifetimes come from the constants they are enforced with.
 */
export const signInDeliveryMessages = {
  codeSubject: `Your ${BANK} sign-in code`,
  codeBody: (code: string) =>
    `Your ${BANK} sign-in code is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}. ${BANK} will never ask you for this code.`,
  pushTitle: `Sign in to ${BANK}?`,
  // A step-up is not a sign-in: the phone says what it approves.
  stepUpPushTitle: `Confirm a change to your ${BANK} account?`,
  pairingCodeSubject: `Add a sign-in method to ${BANK}`,
  pairingCodeBody: (channel: 'email' | 'sms', code: string) =>
    `Your ${BANK} code to add this ${channel === 'email' ? 'e-mail address' : 'phone'} as a sign-in method is ${code}. It expires in ${inMinutes(OTP_TTL_MS)}.`,
  totpPairingCodeWrong:
    'That code is not right. Check the time on your phone and try the newest code.',
  recoverySubject: `Reset your ${BANK} password`,
  recoveryBody: (code: string, ttlMs: number) =>
    `Your ${BANK} recovery code is ${code}. It expires in ${inMinutes(ttlMs)}. If you did not ask to reset your password, you can ignore this message.`,
} as const;
