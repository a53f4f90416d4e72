import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { SIGN_IN_SESSIONS_API_PATH, messages } from '@anybank/contracts';
import { signInThroughFlowApi } from './support/api-sign-in';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import {
  ADMIN_DATABASE_URL,
  NO_POSTGRESQL_REASON,
  startOwnServer,
  type OwnServer,
} from './support/own-server';
import { openSettingsPage } from './support/settings';
import { DEMO_PASSWORD, USERS, sessionItem } from './support/sign-in';
import { confirmStepUpWithPassword } from './support/step-up';

// "Where you're signed in" on Sign In & Password. jane signs in in two browsers;
// the first sees both, signs the other out (whose next API call is refused), and a password
// change with "Sign out of every other session" left ticked ends every other session again.
//
// Why a server of its own (e2e/README.md rules 1–4): this journey changes jane's password, which
// the other spec files sign in with (and a password strength check refuses `Welcome2Bank!` as a
// NEW password, so it could not simply be put back); and on the shared server other files may
// be signed in as jane at the same time, so her list would show their sessions and "every other
// session" would end them. On its own server and database nothing of this journey is seen by
// another file, and the database is dropped at the end.

test.skip(!ADMIN_DATABASE_URL, NO_POSTGRESQL_REASON);

const text = messages.sessions;
const NEW_PASSWORD = 'Quiet.Harbour!Lantern42';
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

/** The status of a call to the bank's API with the access token this browser holds now. */
async function apiStatusFrom(page: Page): Promise<number> {
  const token = await sessionItem(page, 'AT');
  expect(token, 'the browser holds an access token').toBeTruthy();
  const response = await page.request.get(SIGN_IN_SESSIONS_API_PATH, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status();
}

test('jane signs in in two browser contexts, sees two sessions, signs the other out: its next API call is 401; a password change with the default box ends every other session', async ({
  browser,
}) => {
  // Three sign-ins and a new password on a busy two-core machine.
  test.setTimeout(180_000);
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
    await signInThroughFlowApi(laptop, USERS.jane);
    await signInThroughFlowApi(phone, USERS.jane);

    await openSettingsPage(laptop, 'signin-password');
    const list = laptop.getByRole('list', { name: text.heading });
    const sessions = list.getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    const here = sessions.filter({ hasText: text.thisBrowser });
    await expect(here).toHaveCount(1);
    await expect(here).toContainText('Chrome 156 on Linux');
    // The browser runs on the server's machine: the address (127.0.0.1 or ::1) says so.
    await expect(here).toContainText(text.from('This computer'));
    await expect(laptop.getByRole('button', { name: text.signOutOthers })).toBeVisible();
    await expectNoAxeViolations(laptop);

    // The other browser works until it is signed out here; its next call is then refused.
    expect(await apiStatusFrom(phone)).toBe(200);
    await list.getByRole('button', { name: text.signOutLabel('Chrome 156 on Linux') }).click();
    await expect(
      laptop.getByRole('status').filter({ hasText: text.signedOut('Chrome 156 on Linux') }),
    ).toBeVisible();
    await expect(sessions).toHaveCount(1);
    expect(await apiStatusFrom(phone)).toBe(401);
    expect(await apiStatusFrom(laptop)).toBe(200);

    // The phone signs in again; a password change with the box left ticked ends it once more.
    await signInThroughFlowApi(phone, USERS.jane);
    await laptop.reload();
    await expect(sessions).toHaveCount(2);
    const form = laptop.getByRole('region', { name: text.changePasswordHeading });
    const box = form.getByRole('checkbox', { name: text.signOutOtherSessions });
    await expect(box).toBeChecked();
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: text.changePassword }).click();
    // A new password is a new way in: the step-up dialog asks for the current one first.
    await confirmStepUpWithPassword(laptop, DEMO_PASSWORD);
    // The first new password this server checks loads the password-strength dictionaries
    // (seconds on a busy machine): a longer wait than a click's answer usually needs.
    await expect(form.getByRole('status')).toHaveText(text.passwordChangedOthersOut(1), {
      timeout: 30_000,
    });
    // Said once: the live region holds no second, assertive live region of its own.
    await expect(form.getByRole('status').getByRole('alert')).toHaveCount(0);
    expect(await apiStatusFrom(phone)).toBe(401);
    expect(await apiStatusFrom(laptop)).toBe(200);
    await expect(sessions).toHaveCount(1);
    await expect(laptop.getByText(text.onlyThisBrowser)).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});
