import { PARTNER_CLIENTS, isPagePath, pageIdOfPath, pageRoute } from '@anybank/contracts';
import type { PageId, UserType } from '@anybank/contracts';
import { isHomePath, signInReturnOf, userTypeOf } from '../lib/sign-in-return';
import { normalizePath } from '../lib/paths';

/**
 * The page guard (document 1 §2.1, §6): one table saying, for every page of the route table,
 * what happens to a signed-out visitor and which signed-in user type may open it. Every path
 * of a page counts, with or without `/app` and a trailing slash. Pure: `decide` reads the
 * session subject, the user type, the path and the query, nothing else.
 */

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'start-sign-on'; returnTo: string };

export interface GuardRow {
  /** What the row stands for in the words. */
  rule: string;
  pages: readonly PageId[];
  /** A visitor without a session: shown the page, sent home, or sent to sign in for it. */
  signedOut: 'allow' | 'home' | 'start-sign-on';
  /**
   * Who may open the pages once signed in: one user type, any signed-in user, or nobody (home:
   * every signed-in user goes to their type's default page). Anyone else goes there too.
   */
  signedIn: UserType | 'any' | 'nobody';
}

export const GUARD_TABLE: readonly GuardRow[] = [
  {
    rule: 'Home: anyone signed out; a customer goes to /banking, a partner to their default',
    pages: ['home'],
    signedOut: 'allow',
    signedIn: 'nobody',
  },
  {
    rule: 'Open pages: anyone, signed in or not',
    pages: [
      'login',
      'redirect',
      'partner-signoff',
      'oauth-consent',
      'payment-consent',
      'retail',
      'shop-bank',
      'outbox',
      'contact-undo',
      'mobile',
      // A demo tool: the presenter may be signed in as anyone, or not at all.
      'demo',
      // The visitor menu's marketing pages: the navbar shows them to partners too.
      'personal',
      'small-business',
      'wealth',
      'about-us',
    ],
    signedOut: 'allow',
    signedIn: 'any',
  },
  {
    rule: 'Credit card: any signed-in user; signed out starts sign-on to that resource',
    pages: ['credit-card'],
    signedOut: 'start-sign-on',
    signedIn: 'any',
  },
  {
    rule: 'Customer pages: customers',
    pages: [
      'admin',
      'privacy-security',
      'communication-preferences',
      'profile',
      'profile-settings',
      'signin-password',
      'transfer-money',
      'dashboard',
      'pay-and-transfer',
      'payment-activity',
      'account-activity',
      'account-statement',
      'premier-rewards',
      'wealth-portal',
    ],
    signedOut: 'home',
    signedIn: 'customer',
  },
  {
    rule: 'Advisor pages: AnyWealthAdvisor',
    pages: [
      'advisor',
      'advisor-client',
      'advisor-tracking',
      'advisor-prospecting',
      'advisor-other-services',
    ],
    signedOut: 'home',
    signedIn: 'AnyWealthAdvisor',
  },
  {
    rule: 'Marketing pages: AnyMarketing',
    pages: [
      'marketing',
      'marketing-dashboard',
      'marketing-client-profiles',
      'marketing-tracking',
      'marketing-equities-trading',
    ],
    signedOut: 'home',
    signedIn: 'AnyMarketing',
  },
  {
    rule: 'Customer service: CustomerServiceRep',
    pages: ['customer-service'],
    signedOut: 'home',
    signedIn: 'CustomerServiceRep',
  },
];

/** Each user type's default page: where a disallowed page sends them. */
export const DEFAULT_PAGE: Record<UserType, string> = {
  customer: pageRoute('dashboard').paths[0] ?? '/banking',
  AnyWealthAdvisor: PARTNER_CLIENTS.AnyWealthAdvisor.returnPath,
  AnyMarketing: PARTNER_CLIENTS.AnyMarketing.returnPath,
  CustomerServiceRep: PARTNER_CLIENTS.CustomerServiceRep.returnPath,
};

const HOME = '/';

const ROW_BY_PAGE = new Map<PageId, GuardRow>(
  GUARD_TABLE.flatMap((row) => row.pages.map((page) => [page, row])),
);

export function guardRowOf(pathname: string): GuardRow | null {
  const page = pageIdOfPath(pathname);
  return page ? (ROW_BY_PAGE.get(page) ?? null) : null;
}

export interface GuardInput {
  /** Session item `subject`: present means signed in. */
  subject: string | null;
  /** Session item `{product}UserType`; any value but a partner type is a customer (§3.8). */
  userType: string | null;
  pathname: string;
  search: string;
}

/**
 * A sign-in on its way back is let through so that it can complete: the login modal's flow on
 * home (`?flowId`), the bank's pickup on home (`?REF`), and a partner portal's code on its
 * return route (`/app/advisor?code=`, §2.1).
 */
function isSignInInProgress(pathname: string, search: string): boolean {
  if (signInReturnOf(pathname, search)) return true;
  return isHomePath(pathname) && new URLSearchParams(search).has('flowId');
}

/**
 * A sign-in under way in this tab: the redirect page starting one (on its way to the
 * authorization server), or one on its way back (`isSignInInProgress`). It replaces whatever
 * session the tab held.
 */
export function isSigningIn(pathname: string, search: string): boolean {
  return pageIdOfPath(pathname) === 'redirect' || isSignInInProgress(pathname, search);
}

export function decide({ subject, userType, pathname, search }: GuardInput): GuardDecision {
  if (isSignInInProgress(pathname, search)) return { kind: 'allow' };
  const signedInAs = subject ? userTypeOf(userType) : null;
  // No page here: "Page not found" shows, to anyone.
  if (!isPagePath(pathname)) return { kind: 'allow' };
  const row = guardRowOf(pathname);

  if (signedInAs === null) {
    switch (row?.signedOut) {
      case 'allow':
        return { kind: 'allow' };
      case 'start-sign-on':
        return { kind: 'start-sign-on', returnTo: normalizePath(pathname) };
      default:
        return { kind: 'redirect', to: HOME };
    }
  }

  const allowed = row?.signedIn === 'any' || row?.signedIn === signedInAs;
  return allowed ? { kind: 'allow' } : { kind: 'redirect', to: DEFAULT_PAGE[signedInAs] };
}

/** Where a finished sign-in lands: the page it was started for, if the user may open it. */
export function landingAfterSignIn(
  session: Pick<GuardInput, 'subject' | 'userType'>,
  returnTo: string | null,
): string {
  const pathname = returnTo ?? HOME;
  const decision = decide({ ...session, pathname, search: '' });
  if (decision.kind === 'redirect') return decision.to;
  return decision.kind === 'allow' ? pathname : HOME;
}
