import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import {
  FLOW_API_PATH,
  OAUTH_PATHS,
  PAGE_ROUTES,
  type PageId,
  USER_TYPES,
  type PageRoute,
  type UserType,
} from '@anybank/contracts';
// Type only: the table below must have a row for every tab the login modal can show.
import type { LoginTab } from '../apps/web/src/features/login/login-model';
import {
  expectAccessibleLoginTab,
  expectNoAxeViolations,
  waitForAnimationsToFinish,
} from './support/axe';
import { registerCustomer } from './support/customers';
import { choosePairingOption, expectDeviceAdded, signInToPairingOffer } from './support/pairing';
import { signInThroughFlowApi } from './support/api-sign-in';
import {
  USERS,
  chooseMethod,
  enterPassword,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
  signOutToHome,
  storageName,
  type DemoUser,
} from './support/sign-in';
import { addVirtualAuthenticator, withoutPasskeyAutofill } from './support/webauthn';

// Every page of both documents and every tab of the login modal passes an axe-core
// scan with the WCAG 2.2 A/AA rules (support/axe.ts). The pages come from the contracts' route
// table, so a page added to it is scanned here without anyone listing it.

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Every page, opened by the visitor it is for.
// ---------------------------------------------------------------------------------------------

/** Who opens the pages of each kind of access: a signed-in page is scanned for a customer. */
type Visitor = 'signed out' | UserType;

function visitorOf(route: PageRoute): Visitor {
  if (route.access === 'anyone') return 'signed out';
  if (route.access === 'signed-in') return 'customer';
  return route.access;
}

/**
 * The user each user type signs in as. Opening pages changes nothing of theirs; jane.doe's
 * accounts, consents and devices fill the customer pages with content worth scanning.
 */
const SIGNED_IN_AS: Record<UserType, DemoUser> = {
  customer: USERS.jane,
  AnyWealthAdvisor: USERS.amy,
  AnyMarketing: USERS.maria,
  CustomerServiceRep: USERS.sam,
};

/**
 * Pages that start a sign-in as soon as they open: the authorization request is answered with
 * 204 No Content, so the browser stays on the page that shows meanwhile, and that is scanned.
 * The redirect page needs a user type (without one it goes home).
 */
const SIGN_IN_STARTERS: Partial<Record<PageId, string>> = {
  login: '',
  redirect: '?userType=AnyWealthAdvisor',
};

async function stayOnSignInStart(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === OAUTH_PATHS.authorization,
    (route) => route.fulfill({ status: 204 }),
    { times: 1 },
  );
}

/**
 * A path's `:name` segments filled in with the signed-in customer's own: her first
 * account, and the month of ten days ago, which her seeded history always has entries in.
 */
async function withParams(page: Page, path: string): Promise<string> {
  if (!path.includes(':')) return path;
  const accounts = await page.evaluate(
    (key) => sessionStorage.getItem(key) ?? '',
    storageName('accts'),
  );
  const values: Record<string, string> = {
    accountId: accounts.split(',')[0] ?? '',
    month: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 7),
  };
  return path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? name);
}

/**
 * Opens the page at its canonical path (the other paths render the same page), waits until it
 * has its heading, its data and no animation running, and scans it.
 */
async function expectAccessiblePage(page: Page, route: PageRoute): Promise<void> {
  const query = SIGN_IN_STARTERS[route.id];
  if (query !== undefined) await stayOnSignInStart(page);
  await page.goto(`${await withParams(page, route.paths[0]!)}${query ?? ''}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([route.heading]);
  // The page's own requests (balances, consents, clients) have answered and rendered.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
}

/** Every visitor: together they open every page of the table, each page once. */
const VISITORS: readonly Visitor[] = ['signed out', ...USER_TYPES];

for (const visitor of VISITORS) {
  const routes = PAGE_ROUTES.filter((route) => visitorOf(route) === visitor);
  test.describe(`pages for ${visitor === 'signed out' ? 'a signed-out visitor' : visitor}`, () => {
    let context: BrowserContext;
    let page: Page;

    // One sign-in per visitor: the pages are opened one after another in the same tab, where
    // the session (kept in sessionStorage) survives a page load.
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext();
      page = await context.newPage();
      if (visitor !== 'signed out') await signInThroughFlowApi(page, SIGNED_IN_AS[visitor]);
    });

    test.afterAll(async () => {
      await context.close();
    });

    for (const route of routes) {
      test(`${route.paths[0]} ("${route.heading}") has no axe-core violations`, async () => {
        await expectAccessiblePage(page, route);
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Every tab of the login modal (document 1 §2.4; tab numbers as in the login feature's
// LOGIN_TABS and ADR 0010). Most tabs are scanned where a journey reaches them anyway; the
// scans that need a step held in flight are below. Typed by LoginTab: a new tab without a row
// fails the type check.
// ---------------------------------------------------------------------------------------------

const LOGIN_TAB_SCANS: Record<LoginTab, string> = {
  1: 'login-modal-a11y.spec.ts: the username step, and the password form',
  2: 'login-modal-a11y.spec.ts: the methods; push.spec.ts: with the denied-push notice',
  3: 'login-modal-a11y.spec.ts: the code; sign-in.spec.ts: the lockout notice',
  4: 'recovery.spec.ts: forgot username, the e-mail address',
  5: 'recovery.spec.ts: forgot username, the confirmation',
  6: 'a11y-every-page.spec.ts: while the flow loads (its request held)',
  7: 'push.spec.ts: waiting for the phone',
  8: 'pairing.spec.ts: the offer, and the maximum-devices message (from the profile)',
  9: 'pairing.spec.ts: the device types',
  10: 'pairing.spec.ts: the e-mail address to pair',
  11: 'pairing.spec.ts: the pairing code',
  12: 'pairing.spec.ts: the result',
  13: 'a11y-every-page.spec.ts: while the attestation is checked; profile-devices.spec.ts: refused',
  14:
    'a11y-every-page.spec.ts: FIDO sign-in while the assertion is checked. The new-password form ' +
    '(PASSWORD_RESET_REQUIRED) has no way in: no user is made to change their password',
  15: 'profile-devices.spec.ts: the authenticator app key and QR code',
  16: 'recovery.spec.ts: forgot password, the username',
  17: 'recovery.spec.ts: the recovery code and new password',
  18: 'recovery.spec.ts: password changed',
  19: 'recovery.spec.ts: the failure tab after a wrong recovery code',
};

test('every login-modal tab names the specs that scan it, and those specs exist', () => {
  for (const [tab, scannedIn] of Object.entries(LOGIN_TAB_SCANS)) {
    const specs = scannedIn.match(/[\w-]+\.spec\.ts/g) ?? [];
    expect(specs, `the specs that scan tab ${tab}`).not.toEqual([]);
    for (const spec of specs) {
      expect(existsSync(path.join(E2E_DIR, spec)), `${spec} (tab ${tab})`).toBe(true);
    }
  }
});

/**
 * Holds the browser's requests that `matches` until `release` is called: meanwhile the login
 * modal shows the tab it shows while that step is in flight. `held` resolves when one is held.
 */
async function holdRequests(
  page: Page,
  matches: (request: Request) => boolean,
): Promise<{ held: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => {
    markHeld = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith(FLOW_API_PATH),
    async (route) => {
      if (!matches(route.request())) return route.fallback();
      markHeld();
      await released;
      return route.fallback();
    },
  );
  return { held, release };
}

function isFlowAction(action: string) {
  return (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).searchParams.get('action') === action;
}

test('tab 6, the waiting tab shown while the flow loads, has no axe-core violations', async ({
  page,
}) => {
  const loading = await holdRequests(page, (request) => request.method() === 'GET');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await loading.held;
  await expect(loginModal(page).getByRole('status')).toHaveText('One moment, please…');
  await expectAccessibleLoginTab(page, 6);
  loading.release();
  await expect(loginModal(page).getByLabel('Username', { exact: true })).toBeEditable();
});

test('tabs 13 and 14, registering a passkey and signing in with it, have no axe-core violations', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Tab 14 is the passkey after the password: the path of a browser without passkey autofill.
  await withoutPasskeyAutofill(page);
  await addVirtualAuthenticator(page);
  const customer = await registerCustomer(page.request, 'a11y.fido');
  await signInToPairingOffer(page, customer);

  // Tab 13: the authenticator has answered; the bank checks the attestation.
  const attestation = await holdRequests(page, isFlowAction('activateDevice'));
  await loginModal(page).getByRole('button', { name: 'Add a device', exact: true }).click();
  await choosePairingOption(page, 'Passkey or security key (FIDO2)');
  await attestation.held;
  await expectAccessibleLoginTab(page, 13);
  attestation.release();
  await expectDeviceAdded(page, 'This device (passkey)');
  await loginModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);

  // Tab 14: the next sign-in with the passkey; the bank checks the assertion.
  await signOutToHome(page);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  const assertion = await holdRequests(page, isFlowAction('checkAssertion'));
  await chooseMethod(page, 'This device (passkey)');
  await assertion.held;
  await expectAccessibleLoginTab(page, 14);
  assertion.release();
  await expectLandedAs(page, customer);
});
