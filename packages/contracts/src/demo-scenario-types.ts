import type { PageId } from './routes';

/**
 * The shape of a scenario a presenter runs from `/demo` (demo-scenarios.ts lists them). Their
 * words are user-facing, so they live in contracts with the other messages.
 */

/**
 * What Start opens: one of the site's pages, with "Behind the scenes" open. A sign-in scenario
 * opens the home page, not one that starts a sign-in at once (`/login`), so that the panel is
 * open before the sign-in's first request.
 */
export interface DemoStart {
  kind: 'page';
  page: PageId;
}

/**
 * What Start sets first through the demo admin API. It acts on the signed-in customer's own
 * account (apps/server/src/modules/admin/admin.routes.ts), so such a scenario starts signed in.
 */
export type DemoCondition =
  { kind: 'thresholds'; cibaDollars: number; denyDollars: number } | { kind: 'high-risk' };

/** The story's chapters, in the order they build on each other (demoMessages.chapters). */
export const DEMO_CHAPTERS = [
  'sign-in',
  'step-up',
  'transfers',
  'partners',
  'pay-by-bank',
  'identity',
] as const;
export type DemoChapter = (typeof DEMO_CHAPTERS)[number];

export type DemoScenarioId =
  | 'password-email-code'
  | 'push-on-phone'
  | 'passkey'
  | 'risky-sign-in-blocked'
  | 'step-up-new-email'
  | 'transfer-approved-on-phone'
  | 'transfer-denied-by-limit'
  | 'advisor-consented-balances'
  | 'marketing-opted-in'
  | 'help-desk-verifies-caller'
  | 'pay-by-bank'
  | 'registration'
  | 'passkey-only'
  | 'wallet-pairing'
  | 'prove-age-with-wallet';

export interface DemoScenario {
  id: DemoScenarioId;
  chapter: DemoChapter;
  title: string;
  /** About how long it takes in front of an audience, in whole minutes. */
  minutes: number;
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
  /** What to do, in order. A site path in parentheses, "(/outbox)", shows as a link. */
  steps: readonly string[];
  watch: readonly string[];
  start: DemoStart;
  condition?: DemoCondition;
}

export const demoPage = (id: PageId): DemoStart => ({ kind: 'page', page: id });
