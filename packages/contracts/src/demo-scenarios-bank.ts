import { DEFAULT_CIBA_THRESHOLD_DOLLARS, DEFAULT_DENY_THRESHOLD_DOLLARS } from './constants';
import { demoPage as page, type DemoCondition, type DemoScenario } from './demo-scenario-types';

/**
 * The first half of the story (demo-scenarios.ts): signing in, the step-up before a sensitive
 * change, and transfers decided by the limits and the phone. Every word is what works from a
 * fresh "Reset demo" with the seeded users of apps/server/src/seed/demo-data.ts.
 */

const DEFAULT_THRESHOLDS: DemoCondition = {
  kind: 'thresholds',
  cibaDollars: DEFAULT_CIBA_THRESHOLD_DOLLARS,
  denyDollars: DEFAULT_DENY_THRESHOLD_DOLLARS,
};
export const ACTIVATE_JOHNS_PHONE =
  'Open the phone (/mobile) in a narrow window beside the site and activate it as john.smith with the demo password and the code e-mailed to him (Outbox).';
export const SIGNED_OUT = 'Start signed out: Start opens the home page.';

export const SIGN_IN_AND_TRANSFER_SCENARIOS: readonly DemoScenario[] = [
  {
    id: 'password-email-code',
    chapter: 'sign-in',
    title: 'Password and e-mail code',
    minutes: 2,
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
    chapter: 'sign-in',
    title: 'Push on the phone',
    minutes: 4,
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
    chapter: 'sign-in',
    title: 'Passkey',
    minutes: 3,
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
    id: 'risky-sign-in-blocked',
    chapter: 'sign-in',
    title: 'Risky sign-in blocked',
    minutes: 2,
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
    id: 'step-up-new-email',
    chapter: 'step-up',
    title: 'Step-up before a new e-mail address',
    minutes: 3,
    shows:
      'A fresh sign-in is not enough to change a way in: the bank asks the customer to prove it is them first, and tells the old address.',
    username: 'emily.chen',
    needsSignedInCustomer: true,
    before:
      'Sign in as emily.chen with the demo password and the code e-mailed to her (choose Email).',
    steps: [
      'Start opens Personal Details.',
      'Change Email to emily.new@example.com and press Save: the bank asks you to confirm it is you.',
      'Enter the demo password and press Confirm.',
      'Enter the code sent to the new address (/outbox?to=emily.new@example.com) and press Verify.',
      'The old address has a notice with a "This wasn\'t me" link (/outbox?to=emily.chen@example.com).',
    ],
    watch: [
      'The proof asked before the change, and the proof given.',
      'The code sent to the new address, and the notice to the old one.',
    ],
    start: page('profile'),
  },
  {
    id: 'transfer-approved-on-phone',
    chapter: 'transfers',
    title: 'Transfer approved on the phone',
    minutes: 4,
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
    chapter: 'transfers',
    title: 'Transfer denied by limit',
    minutes: 2,
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
];
