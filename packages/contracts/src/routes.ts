import { IDENTITY_VERIFIED_ACR } from './oauth';
import type { UserType } from './user-types';

/**
 * Every page of both documents, in the order of document 2 §2 (routes are matched in this
 * order), with the `/app` forms of document 1 §2.1 beside their short forms. The web router
 * and the browser tests both read this table, so a page and its test cannot drift apart.
 *
 * `access` is who may open the page (document 1 §2.1 and §6): `anyone`, `signed-in` (any user
 * type), or the one user type the page belongs to. The page guard enforces it.
 */
export type PageAccess = 'anyone' | 'signed-in' | UserType;

export type PageId =
  | 'admin'
  | 'privacy-security'
  | 'communication-preferences'
  | 'profile'
  | 'profile-settings'
  | 'signin-password'
  | 'transfer-money'
  | 'dashboard'
  | 'pay-and-transfer'
  | 'payment-activity'
  | 'account-activity'
  | 'account-statement'
  | 'premier-rewards'
  | 'wealth-portal'
  | 'advisor-client'
  | 'advisor-tracking'
  | 'advisor-prospecting'
  | 'advisor-other-services'
  | 'advisor'
  | 'marketing-dashboard'
  | 'marketing-client-profiles'
  | 'marketing-tracking'
  | 'marketing-equities-trading'
  | 'marketing'
  | 'credit-card'
  | 'login'
  | 'customer-service'
  | 'redirect'
  | 'partner-signoff'
  | 'oauth-consent'
  | 'payment-consent'
  | 'retail'
  | 'shop-bank'
  | 'outbox'
  | 'contact-undo'
  | 'mobile'
  | 'demo'
  | 'personal'
  | 'small-business'
  | 'wealth'
  | 'about-us'
  | 'home';

export interface PageRoute {
  id: PageId;
  /**
   * Every path that opens this page; the first is the canonical one. A segment `:name` stands
   * for any one segment (an account id): `pagePath` fills it in.
   */
  paths: readonly string[];
  /** The text of the page's one `<h1>`. */
  heading: string;
  access: PageAccess;
  /**
   * The authentication context (`acr_values`) a sign-in started for this page asks for: the
   * credit-card application needs a verified identity (ADR 0015).
   */
  signInAcr?: string;
  /**
   * The page fills the window on its own, without the site's navbar and footer: the phone app,
   * which looks like a phone, not like a page of the bank's site.
   */
  standalone?: true;
  /**
   * A page of another company (the retail shop, ADR 0023): the bank's "Behind the scenes"
   * panel does not show on it.
   */
  otherCompany?: true;
  /**
   * The navbar shows no Sign In / Sign Up: a page of an application's authorization (the
   * customer is signed in for it already), where those would contradict the page.
   */
  noAuthButtons?: true;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { id: 'admin', paths: ['/admin/'], heading: 'Demo Admin', access: 'customer' },
  {
    id: 'privacy-security',
    paths: ['/privacy-security'],
    heading: 'Privacy & Security',
    access: 'customer',
  },
  {
    id: 'communication-preferences',
    paths: ['/communication-preferences'],
    heading: 'Communication Preferences',
    access: 'customer',
  },
  {
    id: 'profile',
    paths: ['/banking/profile-settings/profile'],
    heading: 'Personal Details',
    access: 'customer',
  },
  {
    id: 'profile-settings',
    paths: ['/banking/profile-settings'],
    heading: 'Profile & Settings',
    access: 'customer',
  },
  {
    id: 'signin-password',
    paths: ['/banking/signin-password'],
    heading: 'Sign In & Password',
    access: 'customer',
  },
  {
    id: 'transfer-money',
    paths: ['/banking/transfer-money', '/banking/transfer-money/'],
    heading: 'Transfer Money',
    access: 'customer',
  },
  {
    id: 'dashboard',
    paths: ['/banking', '/app/banking'],
    heading: 'Accounts Dashboard',
    access: 'customer',
  },
  {
    id: 'pay-and-transfer',
    paths: ['/banking/pay-and-transfer'],
    heading: 'Pay & Transfer',
    access: 'customer',
  },
  // Account activity, its monthly statements, and Payment Activity.
  {
    id: 'payment-activity',
    paths: ['/banking/payment-activity'],
    heading: 'Payment Activity',
    access: 'customer',
  },
  {
    id: 'account-activity',
    paths: ['/banking/accounts/:accountId'],
    heading: 'Account Activity',
    access: 'customer',
  },
  {
    id: 'account-statement',
    paths: ['/banking/accounts/:accountId/statements/:month'],
    heading: 'Account Statement',
    access: 'customer',
  },
  {
    // Not in the spec: where the premier menu's "Premier Rewards" leads.
    id: 'premier-rewards',
    paths: ['/banking/premier-rewards'],
    heading: 'Premier Rewards',
    access: 'customer',
  },
  {
    id: 'wealth-portal',
    paths: ['/any-wealth-advisor'],
    heading: 'My Wealth Portal',
    access: 'customer',
  },
  {
    id: 'advisor-client',
    paths: ['/advisor/client', '/app/advisor/client'],
    heading: 'Client Details',
    access: 'AnyWealthAdvisor',
  },
  {
    id: 'advisor-tracking',
    paths: ['/app/advisor/tracking'],
    heading: 'Client Tracking',
    access: 'AnyWealthAdvisor',
  },
  {
    id: 'advisor-prospecting',
    paths: ['/app/advisor/prospecting'],
    heading: 'Prospecting',
    access: 'AnyWealthAdvisor',
  },
  {
    id: 'advisor-other-services',
    paths: ['/app/advisor/other-services'],
    heading: 'Other Services',
    access: 'AnyWealthAdvisor',
  },
  {
    id: 'advisor',
    paths: ['/advisor', '/app/advisor'],
    heading: 'Advisor Dashboard',
    access: 'AnyWealthAdvisor',
  },
  {
    id: 'marketing-dashboard',
    paths: ['/app/any-marketing/dashboard'],
    heading: 'Marketing Dashboard',
    access: 'AnyMarketing',
  },
  {
    id: 'marketing-client-profiles',
    paths: ['/app/any-marketing/client-profiles'],
    heading: 'Client Profiles',
    access: 'AnyMarketing',
  },
  {
    id: 'marketing-tracking',
    paths: ['/app/any-marketing/tracking'],
    heading: 'Campaign Tracking',
    access: 'AnyMarketing',
  },
  {
    id: 'marketing-equities-trading',
    paths: ['/app/any-marketing/equities-trading'],
    heading: 'Equities Trading',
    access: 'AnyMarketing',
  },
  {
    id: 'marketing',
    paths: ['/any-marketing', '/app/any-marketing'],
    heading: 'AnyMarketing Portal',
    access: 'AnyMarketing',
  },
  {
    id: 'credit-card',
    paths: ['/credit-card', '/app/credit-card'],
    heading: 'We need to review your application a little longer',
    access: 'signed-in',
    signInAcr: IDENTITY_VERIFIED_ACR,
  },
  { id: 'login', paths: ['/login'], heading: 'Sign In', access: 'anyone' },
  {
    id: 'customer-service',
    paths: ['/customer-service', '/app/customer-service'],
    heading: 'Customer Service Portal',
    access: 'CustomerServiceRep',
  },
  { id: 'redirect', paths: ['/app/redirect'], heading: 'Redirecting to sign in', access: 'anyone' },
  {
    id: 'partner-signoff',
    paths: ['/partner/signoff'],
    heading: 'Your partner session has ended',
    access: 'anyone',
  },
  {
    // Where the OAuth server asks a customer to let another application in.
    id: 'oauth-consent',
    paths: ['/oauth/consent'],
    heading: 'Allow an app to use your AnyBank sign-in?',
    access: 'anyone',
  },
  {
    // Pay by bank (ADR 0023): where the OAuth server asks a customer to confirm a shop's payment.
    id: 'payment-consent',
    paths: ['/oauth/payment-consent'],
    heading: 'Confirm a payment',
    access: 'anyone',
    noAuthButtons: true,
  },
  {
    // Another company's shop, paid by bank; its own look, not the bank's site (ADR 0023).
    id: 'retail',
    paths: ['/retail'],
    heading: 'Retail Shop',
    access: 'anyone',
    standalone: true,
    otherCompany: true,
  },
  {
    // The shop's record of its calls to the bank for this browser's order, lane beside lane.
    id: 'shop-bank',
    // Its path is SHOP_BANK_VIEW_PAGE_PATH (shop-bank-exchanges.ts names it from here): not
    // imported, since that file's imports carry zod, which the first load does not (ADR 0024).
    paths: ['/retail/shop-and-bank'],
    heading: 'Shop ⇄ Bank',
    access: 'anyone',
    standalone: true,
    otherCompany: true,
  },
  { id: 'outbox', paths: ['/outbox'], heading: 'Outbox', access: 'anyone' },
  // The previous address's "This wasn't me" link (step-up.ts CONTACT_UNDO_PAGE).
  {
    id: 'contact-undo',
    paths: ['/contact-change/undo'],
    heading: "This wasn't me",
    access: 'anyone',
  },
  {
    id: 'mobile',
    paths: ['/mobile'],
    heading: 'AnyBank Mobile',
    access: 'anyone',
    standalone: true,
  },
  // The presenter's guided scenarios (a demo tool: gone with DEMO_TOOLS=off).
  { id: 'demo', paths: ['/demo'], heading: 'Demo scenarios', access: 'anyone' },
  // Not in the spec: the visitor menu's marketing pages (document 1 §2.7's
  // "menu items"), with sample products and rates.
  { id: 'personal', paths: ['/personal'], heading: 'Personal Banking', access: 'anyone' },
  {
    id: 'small-business',
    paths: ['/small-business'],
    heading: 'Small Business Banking',
    access: 'anyone',
  },
  { id: 'wealth', paths: ['/wealth'], heading: 'Wealth Management', access: 'anyone' },
  { id: 'about-us', paths: ['/about-us'], heading: 'About AnyBank', access: 'anyone' },
  {
    id: 'home',
    paths: ['/', '/app', '/app/'],
    heading: 'Banking that moves with you',
    access: 'anyone',
  },
];

export function pageRoute(id: PageId): PageRoute {
  const route = PAGE_ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No page route with id ${id}`);
  return route;
}

const normalized = (path: string) => path.replace(/\/+$/, '') || '/';

/** Each page path as a pattern: `:name` matches one segment of anything but a slash. */
const PAGE_PATTERNS = PAGE_ROUTES.flatMap((route) =>
  route.paths.map((path) => ({
    id: route.id,
    pattern: new RegExp(
      `^${normalized(path)
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}$`,
    ),
  })),
);

/** The page a path (without the base path) opens, with or without a trailing slash; or null. */
export function pageIdOfPath(pathname: string): PageId | null {
  const path = normalized(pathname);
  return PAGE_PATTERNS.find((candidate) => candidate.pattern.test(path))?.id ?? null;
}

/**
 * Whether a path (without the base path) is one of the site's pages, with or without a trailing
 * slash: the server answers any other with 404 (the app then shows "Page not found").
 */
export function isPagePath(pathname: string): boolean {
  return pageIdOfPath(pathname) !== null;
}

/** A page's canonical path with its `:name` segments filled in (each value URL-encoded). */
export function pagePath(id: PageId, values: Record<string, string> = {}): string {
  const path = pageRoute(id).paths[0] ?? '/';
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Footer partner logins (document 1 §2.7): each starts sign-in for its user type. */
export const PARTNER_LOGINS = [
  { userType: 'AnyWealthAdvisor', label: 'Advisor Login' },
  { userType: 'AnyMarketing', label: 'Marketing Login' },
  { userType: 'CustomerServiceRep', label: 'Customer Service Login' },
] as const;
