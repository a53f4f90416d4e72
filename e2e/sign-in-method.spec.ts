import { expect, test, type Page } from '@playwright/test';
import {
  AUTHN_PREFERENCE_CHANGE_REDIRECT_MS,
  OAUTH_PATHS,
  messages,
  pageRoute,
} from '@anybank/contracts';
import { confirmStepUpWithCode, confirmStepUpWithPassword } from './support/step-up';
import { expectNoAxeViolations } from './support/axe';
import { signInThroughFlowApi } from './support/api-sign-in';
import { registerCustomer } from './support/customers';
import { openSettingsPage, signInCustomer, watchForPasswordFields } from './support/settings';
import { Mailbox, sessionItems } from './support/sign-in';

/**
 * Document 2 §2, §4, §5, §8: Sign In & Password switches a customer to the opposite sign-in
 * method; after 'Authentication Preferences Updated!' the page goes to /banking after 2 s, where
 * the customer is signed out so that the next sign-in uses the new method. A journey of a new
 * customer's own: it changes their method and password.
 */

const NEW_PASSWORD = 'Fresh.Start2025!';
const dashboardPath = pageRoute('dashboard').paths[0]!;

function currentMethod(page: Page) {
  return page.getByTestId('current-signin-method');
}

/**
 * Saves the switch and follows it to its end: the banner shows, the page stays for the 2 s the
 * spec gives the customer to read it, then goes to /banking, which signs the customer out and
 * sends them home with an empty session.
 */
async function saveAndFollowToSignOut(page: Page, confirm: () => Promise<void>): Promise<void> {
  const savedAt = Date.now();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // A new sign-in method is a new way in: the step-up dialog asks first (docs/security.md).
  await confirm();
  await expect(
    page.getByRole('status').filter({ hasText: messages.signInMethod.updated }),
  ).toHaveText(messages.signInMethod.updated);

  const toDashboard = page.waitForURL((url) => url.pathname === dashboardPath);
  const home = page.waitForResponse((response) => {
    const from = response.request().redirectedFrom();
    return (
      response.request().isNavigationRequest() &&
      new URL(response.url()).pathname === '/' &&
      from !== null &&
      new URL(from.url()).pathname.startsWith(OAUTH_PATHS.endSession)
    );
  });
  await toDashboard;
  // Measured from before the click, so a slow machine can only make this longer.
  expect(Date.now() - savedAt, 'time the banner stays').toBeGreaterThanOrEqual(
    AUTHN_PREFERENCE_CHANGE_REDIRECT_MS,
  );
  await home;
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await sessionItems(page)).toEqual({});
}

test('a customer switches to Device sign-in, is signed out and signs in without a password; switching back to Password with a new password, that password signs them in', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await watchForPasswordFields(page);
  const customer = await registerCustomer(page.request, 'method');
  // The first sign-in, with the password, only sets the journey up: through the flow API.
  await signInThroughFlowApi(page, customer);

  // Password → Device: no form to fill in.
  await openSettingsPage(page, 'signin-password');
  await expect(currentMethod(page)).toHaveText('Password');
  await page.getByRole('button', { name: 'Switch to Device', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Switch to Device', exact: true })).toBeVisible();
  // (The page's other sections have password fields of their own: Change password.)
  const methodSection = page.getByRole('region', { name: 'Your sign-in method', exact: true });
  await expect(methodSection.locator('input[type="password"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveAndFollowToSignOut(page, () => confirmStepUpWithPassword(page, customer.password));

  // Device: the username leads straight on to the e-mailed code.
  await signInCustomer(page, customer, { password: null });

  // Device → Password: a new password and its confirmation.
  await openSettingsPage(page, 'signin-password');
  await expect(currentMethod(page)).toHaveText('Device');
  await page.getByRole('button', { name: 'Switch to Password', exact: true }).click();
  const newPassword = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm new password', { exact: true });
  await expect(newPassword).toBeEditable();
  await expectNoAxeViolations(page);

  // Two different entries: 'Passwords must match!' and both fields emptied.
  await newPassword.fill(NEW_PASSWORD);
  await confirmation.fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: messages.validation.passwordsMustMatch }),
  ).toHaveText(messages.validation.passwordsMustMatch);
  await expect(newPassword).toHaveValue('');
  await expect(confirmation).toHaveValue('');
  await expectNoAxeViolations(page);

  // A password that breaks the rule of §5 is refused with the rule itself; the fields stay.
  await newPassword.fill('short1A!');
  await confirmation.fill('short1A!');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: messages.validation.passwordHint }),
  ).toBeVisible();
  await expect(newPassword).toHaveValue('short1A!');
  await expect(confirmation).toHaveValue('short1A!');
  await expect(currentMethod(page)).toHaveText('Device');

  await newPassword.fill(NEW_PASSWORD);
  await confirmation.fill(NEW_PASSWORD);
  // No password to confirm with now: the code the step-up e-mails to the one device.
  const mailbox = await Mailbox.open(page.request, customer.email);
  await saveAndFollowToSignOut(page, () => confirmStepUpWithCode(page, mailbox));

  // Password again: the password step is back, and the new password passes it.
  await signInCustomer(page, customer, { password: NEW_PASSWORD });
  await openSettingsPage(page, 'signin-password');
  await expect(currentMethod(page)).toHaveText('Password');
});
