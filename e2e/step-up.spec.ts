import { expect, test } from '@playwright/test';
import { messages, pageRoute, securityNoticeMessages } from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import {
  ADMIN_DATABASE_URL,
  NO_POSTGRESQL_REASON,
  startOwnServer,
  type OwnServer,
} from './support/own-server';
import { openProfile, signInDevices } from './support/profile';
import { DEMO_PASSWORD, Mailbox, USERS, sessionItem, signIn } from './support/sign-in';
import { stepUpDialog } from './support/step-up';

// A stolen access token, however fresh, cannot take the account over (docs/security.md,
// step-up): changing the e-mail address asks, even seconds after the sign-in, for a factor the
// customer already has; the new address is used once the code sent to it is entered, and signs
// in only 24 hours later; the old address is told at once, with a "This wasn't me" link that
// puts it back and ends every session. The journey changes jane's own address (and ends her
// sessions), so it runs on a server and database of its own.

test.skip(!ADMIN_DATABASE_URL, NO_POSTGRESQL_REASON);

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

test('jane changes her e-mail address: the step-up asks for a factor she already has, the old address gets a notice with "This wasn\'t me", and following it restores the old address and ends her sessions', async ({
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
    await openProfile(page);
    const oldMailbox = await Mailbox.open(page.request, jane.email);
    const newMailbox = await Mailbox.open(page.request, newAddress);

    // Seconds after signing in: a fresh sign-in is no step-up for a new way in.
    await page.getByLabel(/^Email/).fill(newAddress);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // The step-up dialog, in place: her password (or a code to one of her own devices).
    const dialog = stepUpDialog(page);
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

    // The profile shows the new address; the new device waits, the old one signs in till then.
    await openProfile(page);
    await expect(page.getByLabel(/^Email/)).toHaveValue(newAddress);
    const devices = signInDevices(page);
    await expect(devices.filter({ hasText: 'j******w@example.com' })).toContainText(
      'New: signs you in from',
    );
    await expect(devices.filter({ hasText: 'j******e@example.com' })).toContainText(
      'Replaced: signs you in until',
    );

    // The old address was told at once, with the one-click link.
    const notice = await oldMailbox.readNewMessage(
      'the notice of the changed address',
      (message) => message.subject === 'Your AnyBank e-mail address was changed',
    );
    expect(notice.body).toContain(`was changed to ${newAddress} on `);
    expect(notice.body).toContain(DESKTOP_CHROME_USER_AGENT);
    const link = new RegExp(
      `${securityNoticeMessages.contactChangedUndoLabel}: (\\S+${pageRoute('contact-undo').paths[0]!}#\\S+)`,
    ).exec(notice.body)?.[1];
    expect(link, 'the "This wasn\'t me" link').toBeTruthy();
    const token = await sessionItem(page, 'AT');

    // Following it: one button undoes the change (a link scanner opening the page does not).
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText([
      pageRoute('contact-undo').heading,
    ]);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: messages.contactUndo.submit, exact: true }).click();
    const undone = page
      .getByRole('status')
      .filter({ hasText: messages.contactUndo.done('e-mail address', 'j******e@example.com') });
    await expect(undone).toBeVisible();
    await expect(undone).toBeFocused();
    await expectNoAxeViolations(page);

    // Every session ended: the token the change was made with no longer opens anything.
    const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);

    // The old address is hers again: she signs in with its code and the profile shows it.
    await signIn(page, jane);
    await openProfile(page);
    await expect(page.getByLabel(/^Email/)).toHaveValue(jane.email);
    await expect(signInDevices(page).filter({ hasText: 'j******w@example.com' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
