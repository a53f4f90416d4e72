import { expect, test, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { registerCustomer } from './support/customers';
import { choosePairingOption, expectDeviceAdded, signInToPairingOffer } from './support/pairing';
import { openSettingsPage, signInCustomer } from './support/settings';
import { Mailbox, expectLandedAs, loginModal, signOutToHome } from './support/sign-in';
import { confirmStepUpWithCode } from './support/step-up';
import { addVirtualAuthenticator } from './support/webauthn';

/**
 * For a customer who signed up with a password: their passkey gets a name they
 * can change and says when it was last used; "Sign in without a password" removes the
 * password, after which the passkey alone signs them in; switching the sign-in method to
 * Password gives them one again.
 */

const names = messages.passkeyNames;
const passwordless = messages.passwordless;
const NEW_PASSWORD = 'Harbor.Violet.Compass9';

function passkeyItem(page: Page) {
  return page
    .getByRole('list', { name: 'Sign-in devices', exact: true })
    .getByRole('listitem')
    .filter({ hasText: 'Passkey on this device' });
}

test('a customer names their passkey, removes their password, signs in with the passkey alone, and can add a password back', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await addVirtualAuthenticator(page);
  const customer = await registerCustomer(page.request, 'passwordless');

  // A passkey from the offer after the first sign-in.
  await signInToPairingOffer(page, customer);
  await loginModal(page).getByRole('button', { name: 'Add a device', exact: true }).click();
  await choosePairingOption(page, 'Passkey or security key (FIDO2)');
  await expectDeviceAdded(page, 'This device (passkey)');
  await loginModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);

  // Personal Details: the passkey has a name, is not used yet, and takes a new name.
  await openSettingsPage(page, 'profile');
  const item = passkeyItem(page);
  await expect(item).toContainText(names.neverUsed);
  const shownName = (await item.getByTestId('device-name').textContent()) ?? '';
  expect(shownName.trim(), 'a name from the authenticator or the default').not.toBe('');
  await item.getByRole('button', { name: `${names.rename} ${shownName.trim()}` }).click();
  const nameField = item.getByLabel(names.nameLabel, { exact: true });
  await nameField.fill('Work laptop');
  await item.getByRole('button', { name: names.save, exact: true }).click();
  await expect(item.getByRole('status')).toHaveText(names.renamed);
  await expect(item.getByTestId('device-name')).toHaveText('Work laptop');

  // Sign In & Password: the password goes (the sign-in just now stands for the step-up).
  await openSettingsPage(page, 'signin-password');
  await page.getByRole('button', { name: passwordless.remove, exact: true }).click();
  await page.getByRole('button', { name: passwordless.confirmYes, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: passwordless.removed })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed out and in again: the passkey from the username field's suggestion, nothing typed.
  await signOutToHome(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectLandedAs(page, customer);
  await openSettingsPage(page, 'profile');
  await expect(passkeyItem(page)).toContainText('Work laptop');
  await expect(passkeyItem(page)).toContainText(names.lastUsed('').trim());

  // A password again: the sign-in method switches to Password with a new one…
  await openSettingsPage(page, 'signin-password');
  await expect(page.getByRole('button', { name: passwordless.remove })).toHaveCount(0);
  await page.getByRole('button', { name: 'Switch to Password', exact: true }).click();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  const mailbox = await Mailbox.open(page.request, customer.email);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // A new password is a new way in: the step-up asks for a factor they have (their e-mail's code).
  await confirmStepUpWithCode(page, mailbox);
  await expect(
    page.getByRole('status').filter({ hasText: messages.signInMethod.updated }),
  ).toHaveText(messages.signInMethod.updated);

  // …which signs them in, in a browser that holds no passkey of theirs.
  const elsewhere = await browser.newContext();
  try {
    await signInCustomer(await elsewhere.newPage(), customer, { password: NEW_PASSWORD });
  } finally {
    await elsewhere.close();
  }
});
