import { messages, securityNoticeMessages } from '@anybank/contracts';

/**
 * The e-mail a person gets when their password or a sign-in method changes (OWASP ASVS 2.2.3,
 * 2.5.5): a change they did not make is then noticed by them, not only by the audit log. Which
 * changes are told is decided here from the audit event the change already records, so a new
 * way of adding a device tells the person as soon as it records `device.added`.
 */

/** An audited change: its audit type and details (`deviceType`, `rebound`, `via`). */
export interface SecurityChange {
  type: string;
  details?: Record<string, unknown>;
}

export interface AccountHolder {
  firstName: string;
  username: string;
}

export interface SecurityNotice {
  subject: string;
  body: string;
}

/**
 * A device type in words ("an authenticator app"), as its method declares them (identity's
 * declared devices, handed over by the composition root), or null for a type none declares.
 */
export type DeviceWordsOf = (type: string) => string | null;

/** How a second factor is named to its owner, from the audited change's device type. */
export function deviceWords(details: Record<string, unknown>, wordsOf: DeviceWordsOf): string {
  const words = securityNoticeMessages;
  // Only the phone app is rebound: activated again on a new phone, the same device.
  if (details.rebound === true) return words.newPhoneWords;
  const type = typeof details.deviceType === 'string' ? details.deviceType : null;
  return (type === null ? null : wordsOf(type)) ?? words.someMethodWords;
}

/** "24 November 2026 at 19:45 UTC": one time zone for everyone, named. */
export function noticeTime(at: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);
  return `${formatted} UTC`;
}

const text = securityNoticeMessages;
const CLOSING = `${text.ifItWasYou} ${text.ifItWasNot}`;

/** Each change a person is told of, by its audit type: the one list of them. */
const NOTICES: Readonly<
  Record<
    string,
    (
      change: SecurityChange,
      holder: AccountHolder,
      when: string,
      wordsOf: DeviceWordsOf,
    ) => SecurityNotice
  >
> = {
  'password.changed': (_change, holder, when) => ({
    subject: text.passwordChangedSubject,
    body: `${text.passwordChanged(holder.firstName, holder.username, when)}\n\n${CLOSING}`,
  }),
  // A password removed (passkey only from now on); a replayed app code.
  'password.removed': (_change, holder, when) => ({
    subject: text.passwordRemovedSubject,
    body: `${text.passwordRemoved(holder.firstName, holder.username, when)}\n\n${CLOSING}`,
  }),
  'otp.replayed': (_change, holder, when) => ({
    subject: text.otpReplayedSubject,
    body: `${text.otpReplayed(holder.firstName, holder.username, when)}\n\n${text.otpReplayedAdvice}`,
  }),
  'device.added': (change, holder, when, wordsOf) => ({
    subject: text.deviceAddedSubject,
    body: `${text.deviceAdded(holder.firstName, holder.username, deviceWords(change.details ?? {}, wordsOf), when)}\n\n${CLOSING}`,
  }),
  'device.removed': (change, holder, when, wordsOf) => ({
    subject: text.deviceRemovedSubject,
    body: `${text.deviceRemoved(holder.firstName, holder.username, deviceWords(change.details ?? {}, wordsOf), when)}\n\n${CLOSING}`,
  }),
  'device.clone_suspected': (change, holder, when, wordsOf) => ({
    subject: text.cloneSuspectedSubject,
    body: `${text.cloneSuspected(holder.firstName, holder.username, deviceWords(change.details ?? {}, wordsOf), when)}\n\n${text.cloneAdvice}`,
  }),
  // A new set of recovery codes, and each code used to sign in.
  'recovery_codes.generated': (_change, holder, when) => ({
    subject: text.recoveryCodesGeneratedSubject,
    body: `${text.recoveryCodesGenerated(holder.firstName, holder.username, when)}\n\n${CLOSING}`,
  }),
  'recovery_code.used': (change, holder, when) => ({
    subject: text.recoveryCodeUsedSubject,
    body: `${text.recoveryCodeUsed(holder.firstName, holder.username, when, typeof change.details?.left === 'number' ? text.recoveryCodesLeft(change.details.left) : '')}\n\n${CLOSING}`,
  }),
  // A browser that no longer asks for the second factor, named by its user agent.
  'browser.remembered': (change, holder, when) => ({
    subject: text.browserRememberedSubject,
    body: `${text.browserRemembered(holder.firstName, holder.username, typeof change.details?.browser === 'string' ? change.details.browser : messages.rememberedBrowsers.unknownBrowser, when)}\n\n${CLOSING}`,
  }),
};

/** Whether an audited change is one its owner is told of: the service looks no one up otherwise. */
export function isToldChange(type: string): boolean {
  return Object.hasOwn(NOTICES, type);
}

/** The notice for an audited change, or null when the change is not one a person is told of. */
export function securityNoticeFor(
  change: SecurityChange,
  holder: AccountHolder,
  at: Date,
  wordsOf: DeviceWordsOf,
): SecurityNotice | null {
  if (!isToldChange(change.type)) return null;
  return NOTICES[change.type]?.(change, holder, noticeTime(at), wordsOf) ?? null;
}

/** A confirmed change of the e-mail address or mobile number, told to the previous one. */
export interface ContactChangeFacts {
  kind: 'email' | 'mobile';
  newValue: string;
  at: Date;
  /** The browser that asked for the change (its User-Agent). */
  browser: string;
  /** The previous one's single-use "This wasn't me" link, which undoes the change. */
  undoUrl: string;
}

const CONTACT_WORDS: Record<ContactChangeFacts['kind'], string> = {
  email: 'e-mail address',
  mobile: 'mobile number',
};

/**
 * The notice to the previous address or number: what changed and to what, when,
 * from which browser, the one-click "This wasn't me" link that undoes it, and how to get help —
 * with the 24 hours in which the new one is no way in and a password reset still comes here.
 */
export function contactChangeNotice(
  change: ContactChangeFacts,
  holder: AccountHolder,
): SecurityNotice {
  const what = CONTACT_WORDS[change.kind];
  return {
    subject: text.contactChangedSubject(what),
    body: `${text.contactChanged(holder.firstName, holder.username, what, change.newValue, noticeTime(change.at), change.browser)}\n\n${text.contactChangedUndo(change.undoUrl)}\n\n${text.ifItWasYou} ${text.contactChangedHelp}`,
  };
}
