import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { MAX_MFA_DEVICES, messages } from '@anybank/contracts';
import { expectAccessibleLoginTab } from './support/axe';
import { registerCustomer } from './support/customers';
import {
  choosePairingOption,
  deviceModal,
  enterPairingCode,
  enterPairingTarget,
  expectDeviceAdded,
  pairingCodeField,
  pairingHeading,
  signInToPairingOffer,
} from './support/pairing';
import {
  addEmailFromProfile,
  openProfile,
  signInDevices,
  startAddingDevice,
} from './support/profile';
import {
  Mailbox,
  chooseMethod,
  enterCode,
  enterPassword,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
  signOutToHome,
  stepHeading,
} from './support/sign-in';
import { signInThroughFlowApi } from './support/api-sign-in';

// Each journey registers a customer of its own: a new customer's e-mail is their one sign-in
// method, so the offer to add another (tab 8) follows their code.

/** A six-digit code other than `code`. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

test('a single-method customer pairs a second e-mail address from the offer with the code sent there, and signs in with it next time', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'pair.email');
  await signInToPairingOffer(page, customer);
  await expectAccessibleLoginTab(page, 8);
  const modal = loginModal(page);
  await modal.getByRole('button', { name: 'Add a device', exact: true }).click();
  await expect(pairingHeading(page, 'method')).toBeVisible();
  await expectAccessibleLoginTab(page, 9);
  await choosePairingOption(page, 'Email');
  await expect(pairingHeading(page, 'email')).toBeVisible();
  await expectAccessibleLoginTab(page, 10);

  const secondAddress = `${customer.username}@example.org`;
  const secondMailbox = await Mailbox.open(page.request, secondAddress);
  await enterPairingTarget(page, secondAddress);
  await expect(pairingHeading(page, 'code')).toBeVisible();
  await expectAccessibleLoginTab(page, 11);
  await enterPairingCode(page, await secondMailbox.readNewCode());

  await expectDeviceAdded(page, 'Email');
  await expectAccessibleLoginTab(page, 12);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);

  // Next time the sign-in asks which of the two addresses to use; the new one works.
  await signOutToHome(page);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await expect(modal.getByRole('radio')).toHaveCount(2);
  await chooseMethod(page, /^Email.*@example\.org$/);
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await secondMailbox.readNewCode());
  await expectLandedAs(page, customer);
});

test('a single-method customer pairs a phone by SMS: the code goes to the number typed, in E.164 form, and signs them in next time', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'pair.sms');
  const subscriber = String(randomInt(1_000_000, 10_000_000));
  // Typed with the dot the format allows; the bank texts +1555… (E.164).
  const typed = `+1.555${subscriber}`;
  const phone = await Mailbox.open(page.request, `+1555${subscriber}`);

  await signInToPairingOffer(page, customer);
  const modal = loginModal(page);
  await modal.getByRole('button', { name: 'Add a device', exact: true }).click();
  await choosePairingOption(page, 'Text message (SMS)');
  await expect(pairingHeading(page, 'phone')).toBeVisible();
  await enterPairingTarget(page, typed);
  await expect(pairingHeading(page, 'code')).toBeVisible();
  await enterPairingCode(page, await phone.readNewCode());

  await expectDeviceAdded(page, 'SMS');
  await expect(modal.getByRole('status')).toContainText(subscriber.slice(-4));
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);

  await signOutToHome(page);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await chooseMethod(page, 'SMS');
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await phone.readNewCode());
  await expectLandedAs(page, customer);
});

test('pairing refuses an address that is already a sign-in method and a wrong code, saying why and clearing the code', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'pair.wrong');
  await signInToPairingOffer(page, customer);
  const modal = loginModal(page);
  await modal.getByRole('button', { name: 'Add a device', exact: true }).click();
  await choosePairingOption(page, 'Email');

  // Their own e-mail: the uniqueness check refuses it before any code is sent.
  await enterPairingTarget(page, customer.email);
  await expect(modal.getByText(messages.login.duplicateDevice, { exact: true })).toBeVisible();
  await expect(pairingHeading(page, 'email')).toBeVisible();

  const secondAddress = `${customer.username}@example.org`;
  const secondMailbox = await Mailbox.open(page.request, secondAddress);
  await enterPairingTarget(page, secondAddress);
  await expect(pairingHeading(page, 'code')).toBeVisible();
  const rightCode = await secondMailbox.readNewCode();

  await enterPairingCode(page, wrongCode(rightCode));
  await expect(modal.getByText(messages.login.incorrectOtp, { exact: true })).toBeVisible();
  await expect(pairingCodeField(page)).toHaveValue('');
  await expect(pairingHeading(page, 'code')).toBeVisible();

  // The right code still pairs the address.
  await enterPairingCode(page, rightCode);
  await expectDeviceAdded(page, 'Email');
});

test('a customer with five sign-in methods who adds another from the profile page is told the maximum is reached', async ({
  page,
}) => {
  // Registration, a sign-in and four pairings: more than the default 30 seconds under load.
  test.setTimeout(60_000);
  const customer = await registerCustomer(page.request, 'pair.max');
  await signInThroughFlowApi(page, customer);
  await openProfile(page);
  const devices = signInDevices(page);
  await expect(devices).toHaveCount(1);

  // Four more through 'Add a device': five in all, the most allowed.
  for (const domain of ['example.org', 'example.net', 'example.edu', 'example.info']) {
    await addEmailFromProfile(page, `${customer.username}@${domain}`, customer.password);
  }
  await expect(devices).toHaveCount(MAX_MFA_DEVICES);

  await startAddingDevice(page, customer.password);
  const modal = deviceModal(page);
  await expect(pairingHeading(page, 'maximum')).toBeVisible();
  await expect(modal.getByRole('alert')).toHaveText('MAXIMUM ALLOWED METHODS LIMIT');
  await expect(modal.getByRole('radio')).toHaveCount(0);
  await expectAccessibleLoginTab(page, 8);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(modal).toHaveCount(0);
  await expect(devices).toHaveCount(MAX_MFA_DEVICES);
});
