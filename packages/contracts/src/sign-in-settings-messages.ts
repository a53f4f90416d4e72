import { sessionEndedMessages } from './layout-messages';

// Not worded by the spec: the lists a customer keeps on Sign In & Password and Privacy &
// Security: connected apps, where they are signed in, recovery codes, remembered browsers.

// The consent page an application other than the bank's own shows before it gets a sign-in,
// and Privacy & Security's "Connected apps".
export const connectedAppsMessages = {
  consentHeading: 'Allow an app to use your AnyBank sign-in?',
  consentIntro: (app: string) =>
    `${app} is asking to use your AnyBank sign-in. If you allow it, it can:`,
  signedInAs: (name: string) => `You are signed in as ${name}.`,
  /** An AI assistant that registered itself: its name is its own claim, not the bank's. */
  registeredAssistant: (name: string) =>
    `${name} (an AI assistant; AnyBank has not checked its name)`,
  /** Each scope, as the customer reads it; a scope not listed shows its OAuth name. */
  scopeText: {
    openid: 'Know that you have an AnyBank account, and recognise you when you come back',
    profile: 'See your name',
    email: 'See your e-mail address',
    banking: 'See your accounts and balances, and move money between them',
    consent: 'See and change whom you share your data with',
    payments: 'Make the one payment you confirm, as you confirm it',
    'assistant.accounts': 'See your accounts and their balances (it cannot move money)',
    'assistant.transactions': 'Search the transactions on your accounts',
    'assistant.payees': 'See the accounts you can pay, by name and last digits',
  } as Readonly<Record<string, string>>,
  noBankingAccess:
    'It cannot see your accounts or balances, cannot move money, and never sees your password.',
  assistantLimits:
    'It can only read what is listed: it cannot move money or change anything, and never sees your password.',
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
  /** `what`: the assistant's last use, in assistantUseText's words. */
  lastUsed: (date: string, what: string) => `Last used on ${date}: it ${what}.`,
  revoke: 'Revoke',
  revokeLabel: (app: string) => `Revoke ${app}`,
  revoked: (app: string) => `${app} can no longer use your AnyBank sign-in.`,
  loadFailed: 'We could not load your connected apps. Please try again.',
  revokeFailed: 'We could not revoke this app. Please try again.',
  notConnected: 'This app is not connected to your account.',
} as const;

// "Where you're signed in" on Sign In & Password, and that page's password change.
export const sessionsMessages = {
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
  /** On the home page of a browser whose session was ended elsewhere (apps/web lib/session-ended.ts). */
  signedOutElsewhere: sessionEndedMessages.signedOutElsewhere,
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
} as const;

// Recovery codes (Sign In & Password, and the login modal instead of a device).
export const recoveryCodesMessages = {
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
} as const;

// "Don't ask again on this browser" (login modal) and its list on Sign In & Password.
export const rememberedBrowsersMessages = {
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
} as const;
