import { expect, test, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import { registerCustomer, type NewCustomer } from './support/customers';
import { choosePairingOption, expectDeviceAdded, signInToPairingOffer } from './support/pairing';
import {
  chooseMethod,
  enterPassword,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
  sessionItem,
  signOutToHome,
} from './support/sign-in';
import {
  PLATFORM_PASSKEY,
  SECURITY_KEY_WITHOUT_VERIFICATION,
  addVirtualAuthenticator,
  withoutPasskeyAutofill,
  type AuthenticatorKind,
} from './support/webauthn';

/**
 * Passkeys and security keys in Chromium's virtual authenticator, as the second factor after
 * the password: in a browser without passkey autofill (the username field's suggestion signs
 * in with a passkey at once: passkey.spec.ts). The bank prefers user
 * verification and does not require it (registration and sign-in ask 'preferred'), so a key
 * that proves presence only works as a passkey that verifies the user does. An authenticator
 * whose signature counter does not move forward is a copy of the registered one: refused.
 */

async function addFidoFromOffer(page: Page) {
  await loginModal(page).getByRole('button', { name: 'Add a device', exact: true }).click();
  await choosePairingOption(page, 'Passkey or security key (FIDO2)');
}

/** Username, password, then the FIDO method: the authenticator answers without a touch. */
async function startSignInWith(page: Page, customer: NewCustomer, method: string) {
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await chooseMethod(page, method);
}

const KINDS: [name: string, kind: AuthenticatorKind, shownAs: string][] = [
  ['a platform passkey that verifies the user', PLATFORM_PASSKEY, 'This device (passkey)'],
  ['a security key without user verification', SECURITY_KEY_WITHOUT_VERIFICATION, 'Security key'],
];

for (const [name, kind, shownAs] of KINDS) {
  test(`${name} is registered from the offer and signs the customer in`, async ({ page }) => {
    await withoutPasskeyAutofill(page);
    const authenticator = await addVirtualAuthenticator(page, kind);
    const customer = await registerCustomer(page.request, `fido.${kind.transport}`);

    await signInToPairingOffer(page, customer);
    await addFidoFromOffer(page);
    await expectDeviceAdded(page, shownAs);
    const [registered] = await authenticator.credentials();
    expect(registered?.isResidentCredential, 'a discoverable credential').toBe(kind.hasResidentKey);
    await loginModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expectLandedAs(page, customer);

    await signOutToHome(page);
    await startSignInWith(page, customer, shownAs);
    await expectLandedAs(page, customer);
    const [used] = await authenticator.credentials();
    expect(used?.signCount, 'the key signed the sign-in').toBeGreaterThan(registered!.signCount);
  });
}

test('a copy of a passkey, its counter behind the registered one’s, is refused and the customer is told', async ({
  page,
}) => {
  await withoutPasskeyAutofill(page);
  const original = await addVirtualAuthenticator(page);
  const customer = await registerCustomer(page.request, 'passkey.clone');
  await signInToPairingOffer(page, customer);
  await addFidoFromOffer(page);
  await expectDeviceAdded(page, 'This device (passkey)');
  // Someone copies the key as it is now: its private key and its signature counter.
  const [copied] = await original.credentials();
  await loginModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);

  // The customer signs in with the registered passkey: the bank keeps its new counter.
  await signOutToHome(page);
  await startSignInWith(page, customer, 'This device (passkey)');
  await expectLandedAs(page, customer);
  await signOutToHome(page);

  // The copy, in another authenticator, signs with the counter it was copied with.
  await original.remove();
  const copy = await addVirtualAuthenticator(page);
  await copy.addCredential(copied!);
  await startSignInWith(page, customer, 'This device (passkey)');
  const modal = loginModal(page);
  await expect(
    modal.getByRole('heading', { name: 'Confirm with your passkey or security key' }),
  ).toBeVisible();
  await expect(
    modal.getByText(messages.login.fidoAuthenticatorCloned, { exact: true }),
  ).toBeVisible();
  await expect(
    modal.getByRole('button', { name: 'Choose another way to sign in', exact: true }),
  ).toBeVisible();
  expect(await sessionItem(page, '{product}UserType'), 'not signed in').toBeNull();
  const [signed] = await copy.credentials();
  expect(signed?.signCount, 'the copy did sign').toBe(copied!.signCount + 1);
});

test('a passkey whose user verification fails signs no one in, and the customer may choose another way', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const customer = await registerCustomer(page.request, 'passkey.uvfail');
  await signInToPairingOffer(page, customer);
  await addFidoFromOffer(page);
  await expectDeviceAdded(page, 'This device (passkey)');
  const [registered] = await authenticator.credentials();
  await loginModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);
  await signOutToHome(page);

  // The fingerprint does not match: the authenticator refuses to sign.
  await authenticator.setUserVerified(false);
  await startSignInWith(page, customer, 'This device (passkey)');
  const modal = loginModal(page);
  await expect(
    modal.getByText(messages.login.fidoAuthenticationNotProvided, { exact: true }),
  ).toBeVisible();
  expect(await sessionItem(page, '{product}UserType'), 'not signed in').toBeNull();
  const [unused] = await authenticator.credentials();
  expect(unused?.signCount, 'nothing was signed').toBe(registered!.signCount);
  await modal.getByRole('button', { name: 'Choose another way to sign in', exact: true }).click();
  await expect(modal.getByRole('heading', { name: 'Choose a sign-in method' })).toBeVisible();
});
