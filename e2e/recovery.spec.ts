import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_BRAND,
  RECOVERY_CODE_PATTERN,
  fillBrand,
  messages,
  orchestrationMessages,
} from '@anybank/contracts';
import { expectAccessibleLoginTab } from './support/axe';
import { newCustomerDetails, registerCustomer } from './support/customers';
import {
  DEMO_PASSWORD,
  Mailbox,
  USERS,
  chooseMethod,
  enterCode,
  enterPassword,
  enterUsername,
  expectLandedAs,
  expectUsernameStep,
  loginModal,
  openSignIn,
  passwordField,
  signIn,
  stepHeading,
} from './support/sign-in';

/** Matches document 1 §5: 12+ characters, upper, lower, digit and one of @$!.,%*?& only. */
const NEW_PASSWORD = 'New.Passw0rd!2026';

/**
 * From the username step: 'Forgot password?', then the username on tab 16 (scanned for
 * accessibility first when `scan` is set).
 */
async function askForRecoveryCode(page: Page, username: string, { scan = false } = {}) {
  const modal = loginModal(page);
  await modal.getByRole('button', { name: 'Forgot password?', exact: true }).click();
  await expect(modal.getByRole('heading', { name: 'Forgot password', exact: true })).toBeVisible();
  if (scan) await expectAccessibleLoginTab(page, 16);
  await modal.getByLabel('Username', { exact: true }).fill(username);
  await modal.getByRole('button', { name: 'Send recovery code', exact: true }).click();
  await expect(
    modal.getByRole('heading', { name: 'Reset your password', exact: true }),
  ).toBeVisible();
}

/** Tab 17: the recovery code, the new password twice, and Reset password. */
async function resetPassword(page: Page, recoveryCode: string, newPassword: string) {
  const modal = loginModal(page);
  await modal.getByLabel('Recovery code', { exact: true }).fill(recoveryCode);
  await modal.getByLabel('New password', { exact: true }).fill(newPassword);
  await modal.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await modal.getByRole('button', { name: 'Reset password', exact: true }).click();
}

test('james.taylor resets his forgotten password with the recovery code from his e-mail: the old password is refused, the new one signs him in', async ({
  page,
}) => {
  const james = USERS.james;
  const mailbox = await Mailbox.open(page.request, james.email);
  await openSignIn(page);
  await askForRecoveryCode(page, james.username, { scan: true });
  await expectAccessibleLoginTab(page, 17);
  // The strength meter says what the server will say of the new password before it is sent.
  await loginModal(page).getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await expect(loginModal(page).getByTestId('password-strength')).toContainText(
    messages.passwordStrength.published,
  );

  const recoveryCode = await mailbox.readNewCode(RECOVERY_CODE_PATTERN);
  await resetPassword(page, recoveryCode, NEW_PASSWORD);

  const modal = loginModal(page);
  await expect(modal.getByRole('heading', { name: 'Password changed', exact: true })).toBeVisible();
  await expect(modal.getByRole('status')).toHaveText(messages.login.passwordResetDone);
  await expectAccessibleLoginTab(page, 18);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();

  // Back at the username: the old password is refused now.
  await expectUsernameStep(page);
  await enterUsername(page, james.username);
  await enterPassword(page, DEMO_PASSWORD);
  await expect(passwordField(page)).toHaveValue('');
  await expect(modal.getByText(messages.login.incorrectPassword, { exact: true })).toBeVisible();

  await enterPassword(page, NEW_PASSWORD);
  await chooseMethod(page, 'Email');
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  await expectLandedAs(page, james);
});

test('a wrong recovery code ends the password reset on the failure tab, and the password stays as it was', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'recovery.wrong');
  const mailbox = await Mailbox.open(page.request, customer.email);
  await openSignIn(page);
  await askForRecoveryCode(page, customer.username);

  const recoveryCode = await mailbox.readNewCode(RECOVERY_CODE_PATTERN);
  const wrongCode = `${recoveryCode.startsWith('A') ? 'B' : 'A'}${recoveryCode.slice(1)}`;
  await resetPassword(page, wrongCode, NEW_PASSWORD);

  // Tab 19: the flow's message and userMessage, and Try Again.
  const modal = loginModal(page);
  await expect(
    modal.getByRole('heading', { name: 'We could not sign you in', exact: true }),
  ).toBeVisible();
  await expect(modal.getByRole('alert')).toContainText(messages.login.recoveryFailed);
  await expect(modal.getByRole('button', { name: 'Try Again', exact: true })).toBeVisible();
  await expect(modal.getByLabel('Recovery code', { exact: true })).toHaveCount(0);
  await expectAccessibleLoginTab(page, 19);

  // Nothing changed: the customer still signs in with the old password.
  await signIn(page, customer);
});

test('forgot username e-mails the username to the address it belongs to', async ({ page }) => {
  const customer = await registerCustomer(page.request, 'recovery.name');
  const mailbox = await Mailbox.open(page.request, customer.email);
  await openSignIn(page);
  const modal = loginModal(page);
  await modal.getByRole('button', { name: 'Forgot username?', exact: true }).click();
  await expect(modal.getByRole('heading', { name: 'Forgot username', exact: true })).toBeVisible();
  await expectAccessibleLoginTab(page, 4);
  await modal.getByLabel('Email address', { exact: true }).fill(customer.email);
  await modal.getByRole('button', { name: 'Send username', exact: true }).click();

  await expect(modal.getByRole('heading', { name: 'Check your email', exact: true })).toBeVisible();
  await expect(modal.getByRole('status')).toHaveText(`We sent your username to ${customer.email}.`);
  await expectAccessibleLoginTab(page, 5);

  const message = await mailbox.readNewMessage('the username e-mail');
  expect(message.subject).toBe(fillBrand(orchestrationMessages.usernameSubject, DEFAULT_BRAND));
  expect(message.body).toContain(customer.username);

  await modal.getByRole('button', { name: 'Back to sign in', exact: true }).click();
  await expectUsernameStep(page);
});

test("forgot username with an address that belongs to nobody says 'This email may not be associated with a demo account of the bank. Please try again.'", async ({
  page,
}) => {
  const unknown = newCustomerDetails('nobody').email;
  await openSignIn(page);
  const modal = loginModal(page);
  await modal.getByRole('button', { name: 'Forgot username?', exact: true }).click();
  const address = modal.getByLabel('Email address', { exact: true });
  await address.fill(unknown);
  await modal.getByRole('button', { name: 'Send username', exact: true }).click();

  await expect(
    modal.getByText(messages.login.usernameRecoveryFailure, { exact: true }),
  ).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByRole('heading', { name: 'Check your email', exact: true })).toHaveCount(
    0,
  );
});
