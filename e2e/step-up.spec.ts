import { expect, test } from '@playwright/test';
import { messages, securityNoticeMessages } from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import {
  ADMIN_DATABASE_URL,
  NO_POSTGRESQL_REASON,
  startOwnServer,
  type OwnServer,
} from './support/own-server';
import { openProfile } from './support/profile';
import { DEMO_PASSWORD, Mailbox, USERS, signIn } from './support/sign-in';

// Issue 12 §2: a stolen access token cannot take over the account. Changing the e-mail address
// needs a recent sign-in; older, the page asks in place for a factor the customer already has,
// then retries the change, and the new address is used only once the code sent to it is
// entered. The old address is told. This journey's server counts a sign-in as recent for 5
// seconds instead of 5 minutes (STEP_UP_MAX_AGE_SECONDS may only shorten it), and changes
// jane's own address, so it runs on a server and database of its own.

test.skip(!ADMIN_DATABASE_URL, NO_POSTGRESQL_REASON);

const RECENT_SECONDS = 5;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  // A new database to migrate and seed, and a server to start, on a busy machine.
  test.setTimeout(120_000);
  server = await startOwnServer({ STEP_UP_MAX_AGE_SECONDS: String(RECENT_SECONDS) });
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  await server?.stop();
});

test('jane changes her e-mail address after her sign-in aged: the step-up dialog asks for her password, the new address gets a code, and once it is entered the profile shows it and the old address has the notice', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    baseURL: server!.baseURL,
    userAgent: DESKTOP_CHROME_USER_AGENT,
  });
  try {
    const page = await context.newPage();
    const jane = USERS.jane;
    const newAddress = 'jane.new@example.com';
    await signIn(page, jane);
    const signedInAt = Date.now();
    await openProfile(page);
    const oldMailbox = await Mailbox.open(page.request, jane.email);
    const newMailbox = await Mailbox.open(page.request, newAddress);

    // Her sign-in is no longer recent for this server: a person who stepped away, say.
    await page.waitForTimeout(Math.max(0, signedInAt + (RECENT_SECONDS + 1) * 1000 - Date.now()));
    await page.getByLabel(/^Email/).fill(newAddress);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // The step-up dialog, in place: her password (or a code to one of her devices).
    const dialog = page.getByRole('dialog', { name: messages.stepUp.heading });
    await expect(dialog.getByRole('heading', { name: messages.stepUp.heading })).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: 'Use a code or another sign-in method instead' }),
    ).toBeVisible();
    const password = dialog.getByLabel('Password', { exact: true });
    await expect(password).toBeFocused();
    await waitForAnimationsToFinish(page);
    await expectNoAxeViolations(page);

    // A wrong password is refused as at sign-in; the right one closes the dialog.
    await password.fill('Not-her-password1');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(dialog.getByRole('alert').or(dialog.locator('.alert-danger'))).toBeVisible();
    await password.fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(dialog).toHaveCount(0);

    // The change was sent again: saved, the new address waiting for its code.
    const codeField = page.getByLabel(/^Verification code/);
    await expect(codeField).toBeFocused();
    await expect(
      page.getByText(/To use j\*+w@example\.com as your email address, enter the 6-digit code/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await codeField.fill(await newMailbox.readNewCode());
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const saveResult = page
      .locator('form')
      .filter({ has: page.getByLabel(/^Email/) })
      .getByRole('status');
    await expect(saveResult).toHaveText(messages.profile.contactVerified('email address'));

    // The profile shows the new address, also after a reload (the session holds it).
    await openProfile(page);
    await expect(page.getByLabel(/^Email/)).toHaveValue(newAddress);

    // The old address was told what changed, when, from which browser, and how to get help.
    const notice = await oldMailbox.readNewMessage(
      'the notice of the changed address',
      (message) => message.subject === 'Your AnyBank e-mail address was changed',
    );
    expect(notice.body).toContain(`was changed to ${newAddress} on `);
    expect(notice.body).toContain(DESKTOP_CHROME_USER_AGENT);
    expect(notice.body).toContain(securityNoticeMessages.contactChangedHelp);
  } finally {
    await context.close();
  }
});
