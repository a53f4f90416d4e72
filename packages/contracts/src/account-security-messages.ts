/**
 * Not worded by the spec: password strength, passkey names, signing in
 * without a password and phone numbers. Kept in their own file and spread into `messages`
 * (messages.ts), like the wallet's, so that the big file only gains a line per group.
 */

/** What zxcvbn-ts says of a password, by its feedback keys (its English words, made ours). */
const zxcvbnWarnings = {
  straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common character sequences like "abc" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is a heavily used password.',
  topHundred: 'This is a frequently used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'It contains your own details.',
  pwned: 'This password was exposed by a data breach on the Internet.',
} as Readonly<Record<string, string>>;

const zxcvbnSuggestions = {
  l33t: "Avoid predictable letter substitutions like '@' for 'a'.",
  reverseWords: 'Avoid reversed spellings of common words.',
  allUppercase: 'Capitalize some, but not all letters.',
  capitalization: 'Capitalize more than the first letter.',
  dates: 'Avoid dates and years that are associated with you.',
  recentYears: 'Avoid recent years.',
  associatedYears: 'Avoid years that are associated with you.',
  sequences: 'Avoid common character sequences.',
  repeated: 'Avoid repeated words and characters.',
  longerKeyboardPattern: 'Use longer keyboard patterns and change typing direction multiple times.',
  anotherWord: 'Add more words that are less common.',
  useWords: 'Use multiple words, but avoid common phrases.',
  noNeed: 'Several unrelated words make a strong password that is easy to remember.',
  pwned: 'If you use this password elsewhere, you should change it.',
} as Readonly<Record<string, string>>;

export const passwordStrengthMessages = {
  /** The refusal: why, then what would be better (ASVS 2.1.7). */
  tooWeak: (why: string, better: string) =>
    `This password is too easy to guess. ${why} ${better}`.trim(),
  /** When zxcvbn names no pattern: the password is simply found early by guessing. */
  guessable: 'Attackers try passwords like this one early.',
  /** This bank's own published password (the demo password) is breached by definition. */
  published: 'This password is published on this site.',
  better: 'Add more words that are less common.',
  personal:
    'A password must not contain your username, your name or your e-mail address. Choose words that have nothing to do with you.',
  warnings: zxcvbnWarnings,
  suggestions: zxcvbnSuggestions,
  meterLabel: 'Password strength',
  levels: ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as readonly string[],
  meterChecking: 'Checking the strength…',
  meterStrong: 'Good: this password is hard to guess.',
};

export const passkeyNameMessages = {
  /** The name of a passkey whose authenticator this bank does not know. */
  defaultName: 'Passkey',
  rename: 'Rename',
  nameLabel: 'Passkey name',
  save: 'Save name',
  cancel: 'Cancel',
  renamed: 'The passkey was renamed.',
  nameRequired: 'Please enter a name of at most 64 characters.',
  lastUsed: (when: string) => `Last used ${when}`,
  neverUsed: 'Not used yet',
  inUseFrom: (when: string) => `New: signs you in from ${when}`,
  inUseUntil: (when: string) => `Replaced: signs you in until ${when}`,
};

export const passwordlessMessages = {
  heading: 'Sign in without a password',
  intro:
    'You have a passkey. You can remove your password: you then sign in with your passkey only, and nobody can guess or steal a password you do not have.',
  remove: 'Remove my password',
  confirm:
    'Remove your password? You will sign in with your passkey. You can add a password again at any time by switching your sign-in method to Password.',
  confirmYes: 'Yes, remove it',
  removed: 'Your password is removed. You sign in with your passkey.',
  passkeyRequired:
    'Add a passkey before you remove your password: without one you could not sign in.',
  noPassword: 'You have no password to remove.',
  addBack:
    'You sign in without a password. To add one again, choose Password as your sign-in method above.',
};

export const phoneMessages = {
  /** Shown back after a number is read, for the customer to confirm. */
  readAs: (formatted: string) => `We read this number as ${formatted}.`,
};

/** Notices of a removed password and a replayed app code (spread into `securityNoticeMessages`). */
export const accountSecurityNotices = {
  passwordRemovedSubject: 'Your AnyBank password was removed',
  passwordRemoved: (firstName: string, username: string, when: string) =>
    `Hello ${firstName}, the password of your AnyBank username ${username} was removed on ${when}. You now sign in with your passkey only.`,
  otpReplayedSubject: 'Someone used an old code from your authenticator app',
  otpReplayed: (firstName: string, username: string, when: string) =>
    `Hello ${firstName}, on ${when} a code from your authenticator app that had already been used was entered to sign in to your AnyBank username ${username}. We refused it.`,
  otpReplayedAdvice:
    'If it was you entering the same code twice, there is nothing more to do. If not, someone may have seen your code or your password: change your password on Sign In & Password, and call us if anything looks wrong. AnyBank will never ask you for a code.',
};
