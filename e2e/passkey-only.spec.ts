import { expect, test, type Locator, type Page } from '@playwright/test';
import { messages, passkeyMessages, pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { newCustomerDetails } from './support/customers';
import {
  Mailbox,
  declinePairingOffer,
  expectLandedAs,
  expectUsernameStep,
  loginModal,
  openSignIn,
  passwordField,
  signOutToHome,
  usernameField,
} from './support/sign-in';
import { addVirtualAuthenticator } from './support/webauthn';

/**
 * Passkeys first in Chromium with the DevTools virtual authenticator (a platform
 * passkey that verifies the user): a passkey-only account is created from Sign Up, and signed in
 * to from the username field's passkey suggestion, with no username typed and no password.
 *
 * What Chromium does: with a discoverable credential for the site and presence simulated, the
 * virtual authenticator answers the field's conditional-mediation request by itself, as a
 * person picking the one suggested passkey would: the modal opens, and the sign-in goes on.
 */

function registrationModal(page: Page): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Close registration', exact: true }) });
}

test('a visitor creates a passkey-only account, signs out, signs in from the username field’s passkey suggestion with no password, and Sign In & Password shows no password', async ({
  page,
}) => {
  const visitor = newCustomerDetails('passkey');
  const mailbox = await Mailbox.open(page.request, visitor.email);
  const authenticator = await addVirtualAuthenticator(page);

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const modal = registrationModal(page);
  const choice = modal.getByRole('button', { name: passkeyMessages.createWithPasskey });
  await expect(choice).toBeVisible();
  await choice.click();

  // The same details, no password field at all.
  await expect(
    modal.getByRole('heading', { name: passkeyMessages.createWithPasskey }),
  ).toBeVisible();
  await expect(modal.getByLabel('Password', { exact: true })).toHaveCount(0);
  await modal.getByLabel('First name', { exact: true }).fill(visitor.firstName);
  await modal.getByLabel('Last name', { exact: true }).fill(visitor.lastName);
  await modal.getByLabel('Email', { exact: true }).fill(visitor.email);
  await modal.getByLabel('Username', { exact: true }).fill(visitor.username);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();

  const code = modal.getByLabel('Verification code', { exact: true });
  await expect(code).toBeFocused();
  await code.fill(await mailbox.readNewCode());
  await modal.getByRole('button', { name: passkeyMessages.createPasskeyButton }).click();
  await expect(modal).toHaveCount(0);
  // The authenticator now holds the account's passkey: resident, for this site.
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  // The sign-in that follows: the passkey suggested in the username field signs the visitor in.
  await declinePairingOffer(page, visitor);
  await expectLandedAs(page, visitor);
  const created = page.getByRole('dialog', { name: "We've Created Your Account" });
  if (await created.isVisible()) await created.getByRole('button', { name: 'Close' }).click();
  await signOutToHome(page);

  // Signed out; the passkey is picked from the username field, nothing typed.
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(loginModal(page)).toBeVisible();
  await declinePairingOffer(page, visitor);
  await expectLandedAs(page, visitor);
  await expect(usernameField(page)).toHaveCount(0);
  await expect(passwordField(page)).toHaveCount(0);

  await page.goto(pageRoute('signin-password').paths[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Sign In & Password']);
  // Signs in with a device; no password to change, none asked for.
  await expect(page.getByTestId('current-signin-method')).toHaveText('Device');
  await expect(page.getByText('No password is asked for.', { exact: false })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: messages.sessions.changePasswordHeading }),
  ).toHaveCount(0);
  await expect(page.getByLabel(/password/i)).toHaveCount(0);
});

test('the registration choice "Create an account with a passkey" has no axe violations, and "Use a password instead" goes back', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const modal = registrationModal(page);
  await modal.getByRole('button', { name: passkeyMessages.createWithPasskey }).click();
  await expect(modal.getByLabel('First name', { exact: true })).toBeFocused();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
  await modal.getByRole('button', { name: passkeyMessages.createWithPassword }).click();
  await expect(modal.getByLabel('Password', { exact: true })).toBeVisible();
});

test('without a passkey for the site, the username field offers passkeys and the password sign-in goes on as before', async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  await openSignIn(page);
  await expect(usernameField(page)).toHaveAttribute('autocomplete', 'username webauthn');
  await expectUsernameStep(page);
});
