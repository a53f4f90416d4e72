import { expect, test, type BrowserContext } from '@playwright/test';
import { SESSION_CHECK_INTERVAL_MS, messages, pageRoute } from '@anybank/contracts';
import { signInThroughFlowApi } from './support/api-sign-in';
import { expectNoAxeViolations } from './support/axe';
import { openTransferFromSidebar, readDashboardBalances } from './support/banking';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import {
  ADMIN_DATABASE_URL,
  NO_POSTGRESQL_REASON,
  startOwnServer,
  type OwnServer,
} from './support/own-server';
import { openSettingsPage } from './support/settings';
import { USERS, sessionItems } from './support/sign-in';

// A browser whose session was ended from another one knows it: noah signs in in two browsers,
// the first signs every other one out under "Where you're signed in", and the second, within one
// poll of its session, says 'You were signed out from another browser.' on the home page, with
// nothing left of noah's pages (apps/web lib/session-ended.ts).
//
// Why a server of its own (e2e/README.md rules 1–3): "Sign out everywhere else" ends every
// other session of noah's, and on the shared server login-modal-a11y.spec.ts may be signed in
// as noah at the same time. On its own server nothing of this journey is seen by another file.

test.skip(!ADMIN_DATABASE_URL, NO_POSTGRESQL_REASON);

const text = messages.sessions;
const home = pageRoute('home');
let server: OwnServer | undefined;

test.beforeAll(async () => {
  // A new database to migrate and seed, and a server to start, on a busy machine.
  test.setTimeout(120_000);
  server = await startOwnServer();
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  await server?.stop();
});

test("noah's second browser, after 'Sign out everywhere else' in the first, says it was signed out from another browser within one poll and is home, signed out", async ({
  browser,
}) => {
  // Two sign-ins on a busy two-core machine.
  test.setTimeout(120_000);
  const contexts: BrowserContext[] = [];
  const newBrowser = async () => {
    const context = await browser.newContext({
      baseURL: server!.baseURL,
      userAgent: DESKTOP_CHROME_USER_AGENT,
    });
    contexts.push(context);
    return context.newPage();
  };
  try {
    const laptop = await newBrowser();
    const phone = await newBrowser();
    // The sign-in is not what this journey is about: the modal's own flow calls, from the page.
    await signInThroughFlowApi(laptop, USERS.noah);
    await signInThroughFlowApi(phone, USERS.noah);

    // The second browser shows noah's dashboard, balances and all.
    await readDashboardBalances(phone);
    await expect(phone.getByText('Hi, Noah', { exact: true })).toBeVisible();

    await openSettingsPage(laptop, 'signin-password');
    const sessions = laptop.getByRole('list', { name: text.heading }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await laptop.getByRole('button', { name: text.signOutOthers }).click();
    await expect(
      laptop.getByRole('status').filter({ hasText: text.othersSignedOut(1) }),
    ).toBeVisible();

    // The second browser, left as it is, asks within one poll whether its session lives
    // (SESSION_CHECK_INTERVAL_MS): refused, it goes home, says why, and keeps nothing of
    // noah's session or pages. A second of slack for the answer on a busy machine.
    await expect(phone.getByRole('alert')).toHaveText(text.signedOutElsewhere, {
      timeout: SESSION_CHECK_INTERVAL_MS + 1_000,
    });
    await expect(phone).toHaveURL((url) => url.pathname === home.paths[0]);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText([home.heading]);
    await expect(phone.getByText('Hi, Noah', { exact: true })).toHaveCount(0);
    await expect(phone.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(phone.getByRole('navigation', { name: 'Banking', exact: true })).toHaveCount(0);
    expect(await sessionItems(phone), 'no session item is left').toEqual({});
    await expectNoAxeViolations(phone);

    // The first browser is untouched: still signed in, only it is listed.
    await expect(sessions).toHaveCount(1);
    await expect(laptop.getByText(text.onlyThisBrowser)).toBeVisible();

    // Signed in again, the second browser works as before.
    await signInThroughFlowApi(phone, USERS.noah);
    await openTransferFromSidebar(phone);
  } finally {
    for (const context of contexts) await context.close();
  }
});
