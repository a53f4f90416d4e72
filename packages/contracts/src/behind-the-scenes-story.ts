import type { JourneyKind } from './behind-the-scenes.schemas';

/**
 * "Behind the scenes" as a story (ADR 0021): the words of a journey's first, plain sentence,
 * for a bank's business person; the state machine and the raw details stay in the folded part.
 * The server's journeys.rules.ts gathers the facts, these say them.
 */

export const JOURNEY_TITLES: Record<JourneyKind, string> = {
  'sign-in': 'Sign-in',
  renewal: 'Session renewed',
  recovery: 'Account recovery',
  'step-up': 'Step-up',
  pairing: 'Phone app pairing',
  payment: 'Pay by bank',
  transfer: 'Transfer',
  'partner-read': 'Consent check',
  credential: 'Wallet credential',
  presentation: 'Wallet check',
  'sign-out': 'Sign-out',
  other: 'Other',
};

/** A way a person proved who they are, as the journey's sentence names it. */
export type SignInFactor =
  | 'password'
  | 'email-code'
  | 'sms-code'
  | 'app-code'
  | 'recovery-code'
  | 'phone-approval'
  | 'passkey'
  | 'security-key'
  | 'remembered-browser';

const FACTOR_WORDS: Record<SignInFactor, string> = {
  password: 'a password',
  'email-code': 'a one-time code sent by e-mail',
  'sms-code': 'a one-time code sent by text message',
  'app-code': 'a code from an authenticator app',
  'recovery-code': 'a recovery code',
  'phone-approval': 'an approval on the phone app',
  passkey: 'a passkey',
  'security-key': 'a security key',
  'remembered-browser': 'this remembered browser in place of a second factor',
};

/** "a, b and c". */
function listed(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export const factorsInWords = (factors: readonly SignInFactor[]): string =>
  listed(factors.map((factor) => FACTOR_WORDS[factor]));

export interface RiskFacts {
  level: string;
  rules: string[];
}

/** "risk LOW: no rule fired", "risk HIGH: webdriver fired". */
export function riskInWords(risk: RiskFacts): string {
  return risk.rules.length === 0
    ? `risk ${risk.level}: no rule fired`
    : `risk ${risk.level}: ${listed(risk.rules)} fired`;
}

export interface SignInFacts {
  /** The person, by first name (or username) once the bank knows them; null before. */
  who: string | null;
  factors: SignInFactor[];
  risk: RiskFacts | null;
  /** `refused`: the last thing that happened was a refusal (wrong password, blocked…). */
  outcome: 'signed-in' | 'under-way' | 'refused';
  /** For `refused`: why, in words. */
  refusal?: string;
  /** The application the person signed in to, when it is not the bank's own site. */
  application?: string | null;
}

const withRisk = (sentence: string, risk: RiskFacts | null) =>
  `${sentence}${risk ? `; ${riskInWords(risk)}` : ''}.`;

/** The first sentence of a sign-in journey (and of a step-up's or a payment's sign-in). */
export function signInHeadline(facts: SignInFacts, kind: JourneyKind = 'sign-in'): string {
  // A step-up's customer is signed in already: the bank knows them even before it names them.
  const who = facts.who ?? (kind === 'step-up' ? 'The customer' : 'Someone');
  const factors = factorsInWords(facts.factors);
  const to = facts.application ? ` to ${facts.application}` : '';
  if (facts.outcome === 'refused') {
    return withRisk(
      `${who}’s sign-in${to} was refused: ${facts.refusal ?? 'it failed'}`,
      facts.risk,
    );
  }
  if (kind === 'step-up') {
    return facts.outcome === 'signed-in'
      ? withRisk(
          `${who} confirmed it was really them with ${factors || 'a second proof'}`,
          facts.risk,
        )
      : withRisk(`${who} is asked to confirm it is really them`, facts.risk);
  }
  if (facts.outcome === 'under-way') {
    return withRisk(
      `${who} is signing in${to}${factors ? `: ${factors} checked so far` : ''}`,
      facts.risk,
    );
  }
  return withRisk(`${who} signed in${to} with ${factors || 'their sign-in'}`, facts.risk);
}

/** How many times an identical entry came one after the other. */
export const repeatedInWords = (times: number): string => (times > 1 ? ` (${times} times)` : '');

/** The plain words of a sign-in flow's step (the state machine's statuses are in the details). */
export const FLOW_STEP_WORDS: Record<string, string> = {
  submitIdentifier: 'The username was entered',
  submitDeviceProfile: 'The browser’s risk signals were sent',
  checkUsernamePassword: 'The password was checked',
  selectDevice: 'A way to prove it is you was chosen',
  authenticate: 'The second factor was started',
  continueAuthentication: 'The second factor was started',
  checkOtp: 'The one-time code was checked',
  checkAssertion: 'The security key’s answer was checked',
  signInWithPasskey: 'The passkey’s answer was checked',
  poll: 'The phone app answered',
  useRecoveryCode: 'A recovery code was chosen instead',
  checkRecoveryCode: 'The recovery code was checked',
  initiateAccountRecovery: 'Account recovery started',
  submitRecoveryUsername: 'The username to recover was entered',
  recoverAccount: 'The recovery code was checked',
  resetPassword: 'A new password was set',
  selectPairingMethod: 'A way to pair the phone app was chosen',
  submitPairingTarget: 'Where to send the pairing code was entered',
  activateDevice: 'The phone app was activated',
  cancelDevicePairing: 'The pairing was cancelled',
  cancelAuthentication: 'The sign-in was cancelled',
};
