import { expect, test, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { registerCustomer } from './support/customers';
import {
  choosePairingOption,
  expectDeviceAdded,
  pairingHeading,
  signInToPairingOffer,
} from './support/pairing';
import { expectLandedAs, loginModal, signOutToHome } from './support/sign-in';
import { addVirtualAuthenticator, withoutPasskeyAutofill } from './support/webauthn';

const PASSKEY = 'This device (passkey)';

/** From the offer (tab 8): Add a device, the FIDO2 option, and the browser registers. */
async function addPasskeyFromOffer(page: Page) {
  await loginModal(page).getByRole('button', { name: 'Add a device', exact: true }).click();
  await choosePairingOption(page, 'Passkey or security key (FIDO2)');
}

test('a single-method customer adds a passkey from the offer after the code, and next time signs in from the username field’s passkey suggestion, with no username or password', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const customer = await registerCustomer(page.request, 'passkey');

  await signInToPairingOffer(page, customer);
  await addPasskeyFromOffer(page);
  await expectDeviceAdded(page, PASSKEY);
  const [credential, ...others] = await authenticator.credentials();
  expect(others, 'other credentials').toEqual([]);
  expect(credential?.rpId).toBe(new URL(page.url()).hostname);
  await loginModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);

  await signOutToHome(page);
  // The modal asks the browser for a passkey as it opens; the virtual authenticator picks the
  // customer's at once, as a person would from the username field's suggestions. (After the
  // password, as the second factor: passkey-authenticators.spec.ts.)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectLandedAs(page, customer);
  const [used] = await authenticator.credentials();
  expect(used?.signCount, 'the passkey signed the sign-in').toBeGreaterThan(credential!.signCount);
});

test('a customer whose browser offers no passkey suggestion signs in with “Sign in with a passkey”, with no username or password', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const customer = await registerCustomer(page.request, 'passkey.button');
  await signInToPairingOffer(page, customer);
  await addPasskeyFromOffer(page);
  await expectDeviceAdded(page, PASSKEY);
  await loginModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);
  await signOutToHome(page);

  // A browser without the username field's suggestions (or a person who misses them).
  await withoutPasskeyAutofill(page);
  await page.reload();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const button = loginModal(page).getByRole('button', {
    name: messages.login.signInWithPasskey,
    exact: true,
  });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page);
  const [before] = await authenticator.credentials();
  await button.click();
  await expectLandedAs(page, customer);
  const [used] = await authenticator.credentials();
  expect(used?.signCount, 'the passkey signed the sign-in').toBeGreaterThan(before!.signCount);
});

test("registering a passkey the authenticator already holds for the customer is refused with 'Device already registered'", async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer(page.request, 'passkey.again');
  // The customer has the sign-in open in two windows of one computer, each at the offer.
  // Chromium's virtual authenticator belongs to one tab: the second window's gets the very
  // credential the first one makes, as one authenticator would hold it for both windows.
  const otherWindow = await browser.newContext();
  try {
    const other = await otherWindow.newPage();
    const otherAuthenticator = await addVirtualAuthenticator(other);
    await signInToPairingOffer(other, customer);

    const authenticator = await addVirtualAuthenticator(page);
    await signInToPairingOffer(page, customer);
    await addPasskeyFromOffer(page);
    await expectDeviceAdded(page, PASSKEY);
    const [credential] = await authenticator.credentials();
    expect(credential, 'the registered passkey').toBeDefined();
    await loginModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expectLandedAs(page, customer);

    await otherAuthenticator.addCredential(credential!);
    await addPasskeyFromOffer(other);
    const modal = loginModal(other);
    await expect(pairingHeading(other, 'fido')).toBeVisible();
    await expect(
      modal.getByText(messages.login.fidoAlreadyRegistered, { exact: true }),
    ).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Try Again', exact: true })).toBeVisible();
    expect(await otherAuthenticator.credentials()).toHaveLength(1);
  } finally {
    await otherWindow.close();
  }
});
