import { DEFAULT_CIBA_THRESHOLD_DOLLARS, DEFAULT_DENY_THRESHOLD_DOLLARS } from './constants';
import type { PageId } from './routes';

/**
 * The scenarios a presenter runs from `/demo`, as one typed list. Their words are
 * user-facing, so they live here with the other messages; the page renders them and the browser
 * test finds them by these very titles. Each scenario's users are the seeded demo users of the
 * README's "Demo accounts" (apps/server/src/seed/demo-data.ts).
 */

/**
 * What Start opens: one of the site's pages, or the retail checkout's authorization request. A
 * sign-in scenario opens the home page, not one that starts a sign-in at once (`/login`), so
 * that "Behind the scenes" is open before the sign-in's first request.
 */
export type DemoStart =
  | { kind: 'page'; page: PageId }
  /**
   * The request the retail checkout's "Pay with AnyBank" button makes (the `retail-checkout`
   * client, PKCE S256): the bank's sign-in, then its consent page, then back to the shop.
   */
  | { kind: 'retail-checkout' };

/**
 * What Start sets first through the demo admin API. It acts on the signed-in customer's own
 * account (apps/server/src/modules/admin/admin.routes.ts), so such a scenario starts signed in.
 */
export type DemoCondition =
  { kind: 'thresholds'; cibaDollars: number; denyDollars: number } | { kind: 'high-risk' };

export type DemoScenarioId =
  | 'password-email-code'
  | 'push-on-phone'
  | 'passkey'
  | 'passkey-only'
  | 'transfer-approved-on-phone'
  | 'transfer-denied-by-limit'
  | 'risky-sign-in-blocked'
  | 'advisor-consented-balances'
  | 'marketing-opted-in'
  | 'help-desk-verifies-caller'
  | 'registration'
  | 'wallet-pairing'
  | 'retail-checkout';

export interface DemoScenario {
  id: DemoScenarioId;
  title: string;
  /** One sentence: what the audience sees. */
  shows: string;
  /** The demo user who plays it (username); null: a customer registered during the scenario. */
  username: string | null;
  /**
   * Start needs a customer signed in: the page is a customer's, or the condition acts on the
   * signed-in customer. Signed out, Start says to sign in as `username` first instead.
   */
  needsSignedInCustomer: boolean;
  /** What to do before Start, where anything is needed. */
  before?: string;
  steps: readonly string[];
  watch: readonly string[];
  start: DemoStart;
  condition?: DemoCondition;
}

const page = (id: PageId): DemoStart => ({ kind: 'page', page: id });
const DEFAULT_THRESHOLDS: DemoCondition = {
  kind: 'thresholds',
  cibaDollars: DEFAULT_CIBA_THRESHOLD_DOLLARS,
  denyDollars: DEFAULT_DENY_THRESHOLD_DOLLARS,
};
const ACTIVATE_JOHNS_PHONE =
  'Open the phone (/mobile) in a narrow window beside the site and activate it as john.smith with the demo password and the code e-mailed to him (Outbox).';
const SIGNED_OUT = 'Start signed out: Start opens the home page.';

export const DEMO_SCENARIOS: readonly DemoScenario[] = [
  {
    id: 'password-email-code',
    title: 'Password and e-mail code',
    shows:
      'A classic sign-in: the risk check, the password, then a one-time code e-mailed to the customer.',
    username: 'jane.doe',
    needsSignedInCustomer: false,
    before: SIGNED_OUT,
    steps: [
      'Press Sign In, enter jane.doe, then the demo password.',
      'Choose Email, read the code in the Outbox (/outbox?to=jane.doe@example.com) and enter it.',
    ],
    watch: [
      'The authorization request: client, scopes and PKCE method.',
      'The risk evaluation: LOW, with each rule that ran.',
      'The password step moving the sign-in on to choosing a device.',
      'The e-mail code sent, with a link to that message in the Outbox.',
      'The tokens issued: their claims decoded and the signature checked.',
    ],
    start: page('home'),
  },
  {
    id: 'push-on-phone',
    title: 'Push on the phone',
    shows: "A sign-in approved on the bank's phone app: no password, no code typed.",
    username: 'john.smith',
    needsSignedInCustomer: false,
    before: `${ACTIVATE_JOHNS_PHONE} ${SIGNED_OUT}`,
    steps: [
      'Press Sign In and enter john.smith: he signs in with his device, so no password is asked.',
      'Choose iPhone: the request appears on the phone.',
      'Approve it on the phone.',
    ],
    watch: [
      'The push request sent to the phone, and its decision.',
      'The risk evaluation of the sign-in.',
      'The tokens issued once the phone approved.',
    ],
    start: page('home'),
  },
  {
    id: 'passkey',
    title: 'Passkey',
    shows:
      'A passkey added after a code sign-in, then a sign-in with the passkey alone: no username, no password, no code.',
    username: 'david.wilson',
    needsSignedInCustomer: false,
    before: SIGNED_OUT,
    steps: [
      'Press Sign In and sign in as david.wilson with the demo password and the code e-mailed to him.',
      'Asked to add another way to sign in, choose the passkey and let the browser create it.',
      'Sign out, press Sign In and pick the passkey the username field offers.',
    ],
    watch: [
      'The passkey registered for david.wilson.',
      'The passkey assertion at the next sign-in: authenticator, user verification, counter.',
      'No password step and no second factor.',
    ],
    start: page('home'),
  },
  {
    id: 'passkey-only',
    title: 'Passkey-only account',
    shows: 'An account created with a passkey and no password at all.',
    username: null,
    needsSignedInCustomer: false,
    before: SIGNED_OUT,
    steps: [
      'Press Sign Up and choose Create an account with a passkey.',
      'Fill in your details, enter the code e-mailed to you (Outbox) and let the browser create the passkey.',
      'Sign out, then sign in again by picking the passkey in the username field.',
      'Sign In & Password shows that no password is asked for.',
    ],
    watch: [
      'The registration, its e-mailed code and the new customer.',
      'The passkey assertion at sign-in, with no password step.',
    ],
    start: page('home'),
  },
  {
    id: 'transfer-approved-on-phone',
    title: 'Transfer approved on the phone',
    shows:
      "A transfer above the approval threshold waits for the customer's phone (CIBA) and is booked once approved there.",
    username: 'john.smith',
    needsSignedInCustomer: true,
    before: `${ACTIVATE_JOHNS_PHONE} Then sign in as john.smith.`,
    steps: [
      'Start opens Transfer Money.',
      'Transfer $1,500.00 from Checking to Savings.',
      'Approve the request on the phone: the transfer is confirmed.',
    ],
    watch: [
      'The approval rule: $1,500 is above the $1,000 approval threshold.',
      'The CIBA request id and the push to the phone.',
      'The decision from the phone.',
      'The two ledger entries written.',
    ],
    start: page('transfer-money'),
    condition: DEFAULT_THRESHOLDS,
  },
  {
    id: 'transfer-denied-by-limit',
    title: 'Transfer denied by limit',
    shows: 'A transfer above the deny limit is refused at once: nothing moves, no phone is asked.',
    username: 'jane.doe',
    needsSignedInCustomer: true,
    before: 'Sign in as jane.doe.',
    steps: [
      'Start opens Transfer Money.',
      'Transfer $12,000.00 from Checking to Savings: it is denied with the threshold reason.',
    ],
    watch: [
      'The decision: denied above the $10,000 deny limit (the transfers of the last 24 hours count together).',
      'No ledger entries written.',
    ],
    start: page('transfer-money'),
    condition: DEFAULT_THRESHOLDS,
  },
  {
    id: 'risky-sign-in-blocked',
    title: 'Risky sign-in blocked',
    shows: 'A sign-in the risk rules find too risky is refused before any password is asked.',
    username: 'jane.doe',
    needsSignedInCustomer: true,
    before: 'Sign in as jane.doe.',
    steps: [
      'Start opens the dashboard.',
      'Sign out, press Sign In and enter jane.doe: the sign-in is blocked.',
    ],
    watch: [
      'The risk evaluation: HIGH, the rule that fired and the recommended action.',
      'No password step and no token.',
    ],
    start: page('dashboard'),
    condition: { kind: 'high-risk' },
  },
  {
    id: 'advisor-consented-balances',
    title: 'Advisor sees only consented balances',
    shows:
      'A wealth advisor sees the balances of the accounts a customer chose to share, and nothing of a customer who shares none.',
    username: 'amy.davis',
    needsSignedInCustomer: false,
    before: SIGNED_OUT,
    steps: [
      'Press Advisor Login in the footer and sign in as amy.davis.',
      'Find jane.doe: only her checking and savings show, the two accounts she shares.',
      'Find michael.brown: he shares nothing, so no balance shows.',
    ],
    watch: ['Each consent check: which consent, granted or not.', 'Which accounts were returned.'],
    start: page('home'),
  },
  {
    id: 'marketing-opted-in',
    title: 'Marketing sees only opted-in customers',
    shows: 'The marketing portal sees only the channels each customer opted into.',
    username: 'maria.lopez',
    needsSignedInCustomer: false,
    before: SIGNED_OUT,
    steps: [
      'Press Marketing Login in the footer and sign in as maria.lopez.',
      'Look up jane.doe: her e-mail and SMS show, not her postal address.',
      'Look up michael.brown: he opted out of everything, so nothing of his shows.',
    ],
    watch: ['Each consent check: which channels were granted, and what was returned.'],
    start: page('home'),
  },
  {
    id: 'help-desk-verifies-caller',
    title: 'Help desk verifies a caller',
    shows:
      "A customer-service rep verifies a caller by a request to the caller's phone before helping.",
    username: 'sam.rivera',
    needsSignedInCustomer: false,
    before: `${ACTIVATE_JOHNS_PHONE} ${SIGNED_OUT}`,
    steps: [
      'Press Customer Service Login in the footer and sign in as sam.rivera.',
      "Launch Account Help Desk and enter john.smith: a request goes to john.smith's phone.",
      'Approve it on the phone: the rep sees him verified and can help.',
    ],
    watch: [
      "The verification request pushed to the caller's phone, and its decision.",
      "The rep's action on the account.",
    ],
    start: page('home'),
  },
  {
    id: 'registration',
    title: 'Registration',
    shows: 'A visitor opens an account, proves the e-mail address and signs in.',
    username: null,
    needsSignedInCustomer: false,
    before: SIGNED_OUT,
    steps: [
      'Press Sign Up and fill in your details with a strong password of your own.',
      'Enter the code e-mailed to you (Outbox).',
      'Sign in with the new username.',
    ],
    watch: [
      'The registration, its e-mailed code and the new customer.',
      'The first sign-in of the new customer.',
    ],
    start: page('home'),
  },
  {
    id: 'wallet-pairing',
    title: 'Wallet pairing',
    shows: "The customer's card goes into the wallet on the phone, signed by the bank.",
    username: 'jane.doe',
    needsSignedInCustomer: true,
    before: 'Sign in as jane.doe.',
    steps: [
      'Start opens Personal Details.',
      'Press Pair digital wallet: a QR code and a link appear.',
      'Open the link on the phone (/mobile): the customer card is added to its wallet.',
    ],
    watch: [
      'The pairing started, and its ticket redeemed by the phone.',
      'The signed card issued.',
    ],
    start: page('profile'),
  },
  {
    id: 'retail-checkout',
    title: 'Third-party consent (retail checkout)',
    shows:
      "A shop asks to use the bank's sign-in: the customer sees what it asks for and decides, and the bank's own API stays out of the shop's reach.",
    username: 'jane.doe',
    needsSignedInCustomer: false,
    before:
      'Open "Behind the scenes" first: this Start goes straight to the bank\'s sign-in, as the shop\'s "Pay with …" button does. Start signed out.',
    steps: [
      'Sign in as jane.doe with the demo password and the code e-mailed to her.',
      'The consent page lists what the shop asks for, without banking access: Allow.',
      'The bank sends the browser back to the shop (RETAIL_SITE_URL) with a code; this demo runs no shop, so that page does not load.',
      'Privacy & Security lists the shop under Connected apps, with Revoke.',
    ],
    watch: [
      "The authorization request of the retail checkout's client, with its scopes.",
      'The consent given, and the code issued to the shop.',
    ],
    start: { kind: 'retail-checkout' },
  },
];

export function demoScenario(id: DemoScenarioId): DemoScenario {
  const scenario = DEMO_SCENARIOS.find((candidate) => candidate.id === id);
  if (!scenario) throw new Error(`No demo scenario with id ${id}`);
  return scenario;
}
