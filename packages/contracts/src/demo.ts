import { DEMO_PASSWORD } from './constants';
import type { DemoChapter } from './demo-scenario-types';

/**
 * The guided scenario page (`/demo`) and its "Reset demo". Both are demo tools:
 * with DEMO_TOOLS=off the page and the endpoint answer 404. The bodies' schemas are in
 * demo.schemas.ts: the home page's demo note (the first load) uses these words, and the first
 * load carries no zod (ADR 0024).
 */

/** Restores the seeded demo data (`npm run seed -- --reset`) from the scenario page. */
export const DEMO_RESET_PATH = '/api/dev/demo-reset';

/**
 * The presenter's secret (README "Demo tools"): the demo tools that change the bank for
 * everyone (branding, Reset demo, key rotation) ask for it once per browser. `POST` with the
 * secret sets an HttpOnly presenter cookie; `GET` says whether this browser holds one.
 */
export const PRESENTER_PATH = '/api/dev/presenter';

/** The presenter-secret field's words (the branding form, Reset demo). */
export const presenterMessages = {
  heading: 'Presenter tools',
  intro:
    'This tool changes the demo for everyone, so it is for the presenter only. Enter the presenter secret printed when the server started; this browser then keeps it.',
  label: 'Presenter secret',
  submit: 'Unlock presenter tools',
  checking: 'Checking…',
  empty: 'Enter the presenter secret.',
  failed: 'The presenter secret could not be checked. Please try again.',
} as const;

const HOME_NOTE_LEAD = `Demo bank: sign in as jane.doe / ${DEMO_PASSWORD} — `;
const HOME_NOTE_LINK = 'guided scenarios';

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** The scenario page's own words (not worded by the spec), for its own chunk only. */
export const demoMessages = {
  description:
    'Scenarios to run in front of an audience. Each says who signs in, what to do and what to watch in "Behind the scenes"; Start opens the right page with the panel open.',
  // The README's "Demo accounts" says the same: the password is published for the demo users.
  password: `Every demo user's password is ${DEMO_PASSWORD}. One-time codes and push requests arrive in the Outbox.`,
  off: 'The demo tools are turned off on this server.',
  showsHeading: 'What it shows',
  userHeading: 'Demo user',
  newCustomer: 'A new customer you register during the scenario',
  beforeHeading: 'Before you start',
  stepsHeading: 'Steps',
  watchHeading: 'Watch in "Behind the scenes"',
  start: 'Start',
  /** The Start button's full name: which scenario it starts. */
  startLabel: (title: string) => `Start: ${title}`,
  thresholdsCondition: (ciba: number, deny: number) =>
    `Start first sets the signed-in customer's approval threshold to ${dollars(ciba)} and deny limit to ${dollars(deny)}.`,
  highRiskCondition: "Start first marks the signed-in customer's next sign-in as high-risk.",
  signInFirst: (who: string) => `Sign in as ${who} first, then press Start again.`,
  conditionFailed: (status: string) =>
    `The demo condition could not be set (${status}). Sign in again, then press Start.`,
  resetHeading: 'Reset the demo',
  resetIntro:
    'Restores every demo user, balance, consent and device as seeded, and empties the outbox and the audit log. Everyone signed in is signed out.',
  resetButton: 'Reset demo',
  resetConfirmTitle: 'Reset the demo data?',
  resetConfirmText:
    'Every change made during demos is undone: new customers, transfers, devices, passkeys, consents and settings. Everyone signed in is signed out.',
  resetConfirm: 'Reset demo',
  resetCancel: 'Cancel',
  resetting: 'Resetting the demo…',
  resetDone: (count: number) =>
    `The demo data is restored: ${count} demo ${count === 1 ? 'user' : 'users'} as seeded. You are signed out.`,
  resetFailed: (status: string) => `The demo could not be reset (${status}). Please try again.`,
  // The story: its chapters in order, each scenario's time, its tick and the way on.
  chapters: {
    'sign-in': 'Sign in',
    'step-up': 'Step-up',
    transfers: 'Transfers and the phone',
    partners: 'Partners and consent',
    'pay-by-bank': 'Pay by bank',
    identity: 'Identity beyond the bank',
  } satisfies Record<DemoChapter, string>,
  chapterHeading: (number: number, title: string) => `${number}. ${title}`,
  minutes: (minutes: number) => `About ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  storyTotal: (count: number, minutes: number) =>
    `${count} scenarios in the order they build on each other, about ${minutes} minutes in all. Tick each one as you finish it: the ticks stay in this browser.`,
  done: 'Done in this browser',
  doneLabel: (title: string) => `Done in this browser: ${title}`,
  progress: (done: number, count: number) => `${done} of ${count} scenarios done in this browser.`,
  next: (title: string) => `Next: ${title}`,
  last: 'That is the whole story. Reset the demo below before the next audience.',
  /**
   * The home page's note while the demo tools are on (dismissed for this browser): the lead,
   * then the link to /demo; read together, `homeNote`.
   */
  homeNoteLead: HOME_NOTE_LEAD,
  homeNoteLink: HOME_NOTE_LINK,
  homeNote: `${HOME_NOTE_LEAD}${HOME_NOTE_LINK}`,
  homeNoteLabel: 'Demo bank',
  homeNoteDismiss: 'Dismiss the demo note',
} as const;
