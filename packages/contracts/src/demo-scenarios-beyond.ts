import { ACTIVATE_JOHNS_PHONE, SIGNED_OUT } from './demo-scenarios-bank';
import { demoPage as page, type DemoScenario } from './demo-scenario-types';
import { advisorMessages, marketingMessages } from './staff-messages';

/**
 * The second half of the story (demo-scenarios.ts): partners and the consent that limits them,
 * pay by bank at another company's shop, and identity beyond the bank's own sign-in. Every
 * word is what works from a fresh "Reset demo" with the seeded users of
 * apps/server/src/seed/demo-data.ts (jane shares checking and savings with the advisor;
 * michael.brown shares nothing and opted out of marketing).
 */

export const PARTNER_AND_IDENTITY_SCENARIOS: readonly DemoScenario[] = [
  {
    id: 'advisor-consented-balances',
    chapter: 'partners',
    title: 'Advisor sees only consented balances',
    minutes: 3,
    shows:
      'A wealth advisor finds every client, but sees only the balances a client chose to share, and nothing of a client who shares none.',
    username: 'amy.davis',
    needsSignedInCustomer: false,
    before: SIGNED_OUT,
    steps: [
      'Press Advisor Login in the footer and sign in as amy.davis with the demo password and the code e-mailed to her; answer Not now if asked to add another way to sign in.',
      'In Search clients, type jane.doe and choose Jane Doe: only her Checking and Savings show, the two accounts she shares.',
      `Search again for michael.brown and choose Michael Brown: he shares nothing, so the page says "${advisorMessages.noConsent}" and shows nothing of his.`,
    ],
    watch: [
      'Each search: customers found by name and username, consenting or not.',
      'Each consent check: granted for Jane with the accounts returned, refused for Michael with nothing returned.',
    ],
    start: page('home'),
  },
  {
    id: 'marketing-opted-in',
    chapter: 'partners',
    title: 'Marketing sees only opted-in customers',
    minutes: 2,
    shows: 'The marketing portal finds every customer but sees only the channels each opted into.',
    username: 'maria.lopez',
    needsSignedInCustomer: false,
    before: SIGNED_OUT,
    steps: [
      'Press Marketing Login in the footer and sign in as maria.lopez with the demo password and the code e-mailed to her; answer Not now if asked to add another way to sign in.',
      'In Search customers, type jane and choose jane.doe: her e-mail and SMS show, not her postal address.',
      `Search for michael.b and choose michael.brown: he opted out of everything, so the record reads "${marketingMessages.noConsent}" and nothing else.`,
    ],
    watch: ['Each lookup, and the refused consent check of a customer who did not opt in.'],
    start: page('home'),
  },
  {
    id: 'help-desk-verifies-caller',
    chapter: 'partners',
    title: 'Help desk verifies a caller',
    minutes: 4,
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
    id: 'pay-by-bank',
    chapter: 'pay-by-bank',
    title: 'Pay by bank at a shop',
    minutes: 4,
    shows:
      "Another company's shop is paid straight from the customer's account: the shop asks, the bank shows the amount and payee, the customer confirms, and the money moves once.",
    username: 'jane.doe',
    needsSignedInCustomer: false,
    before:
      "Start signed out: Start opens the shop (/retail), another company's checkout with a $42.10 order.",
    steps: [
      'At the shop, press "Pay by bank with AnyBank": the shop registers the payment at AnyBank and sends you there.',
      'Sign in as jane.doe with the demo password, choose Email and enter the code from the Outbox (/outbox?to=jane.doe@example.com).',
      'The bank shows "Retail Shop asks to pay $42.10 to Retail Shop Ltd": pay from Checking and press Confirm payment.',
      "Back at the shop the order is Paid, and the shop's own account at AnyBank shows the $42.10 credited.",
      'Press "Try paying this order again": the bank refuses the used consent (409) and nothing moves.',
    ],
    watch: [
      "The payment consent the shop registered, and jane's authorisation of it.",
      'The payment made once against its consent, and the refused second try.',
    ],
    start: page('retail'),
  },
  {
    id: 'registration',
    chapter: 'identity',
    title: 'Registration',
    minutes: 3,
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
    id: 'passkey-only',
    chapter: 'identity',
    title: 'Passkey-only account',
    minutes: 3,
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
    id: 'wallet-pairing',
    chapter: 'identity',
    title: 'Wallet pairing',
    minutes: 3,
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
    id: 'prove-age-with-wallet',
    chapter: 'identity',
    title: 'Prove your age without showing your ID',
    minutes: 5,
    shows:
      'The bank puts a verified identity into the wallet on the phone; the shop checks only that the customer is over 18 and learns nothing else, until the bank revokes it.',
    username: 'jane.doe',
    needsSignedInCustomer: true,
    before: 'Sign in as jane.doe.',
    steps: [
      `Start opens Personal Details: under Digital Wallet press "Add to my phone’s wallet" for the verified customer credential. A QR code and a link appear, and a 6-digit code goes to jane's phone by text message (Outbox).`,
      'Open the link on the phone (/mobile) and enter the code: the wallet shows the credential with its claims.',
      'Open the shop (/retail) and add the camping stove fuel: it is age-restricted, so the shop asks you to verify your age with your AnyBank wallet. Open its link on the phone.',
      `The phone shows that Retail Shop Ltd asks for "Over 18" and nothing else: press Share. The shop shows "Age verified by AnyBank".`,
      `Back on Personal Details press Revoke on the credential, and verify your age at the shop again: the shop refuses it as revoked.`,
    ],
    watch: [
      "The offer, its code, the proof of the phone's key and the credential issued, each claim disclosable.",
      "The shop's request, what the phone disclosed and what it kept back, and each check the shop made.",
    ],
    start: page('profile'),
  },
];
