import { expect, type Locator, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import type { NewCustomer } from './customers';
import {
  Mailbox,
  enterCode,
  enterPassword,
  enterUsername,
  openSignIn,
  stepHeading,
} from './sign-in';

/**
 * Adding a device in the login modal (document 1 §4.4, tabs 8–13 and 15): the offer after a
 * single-method customer's code, the device type, the target, the code sent there, the result.
 * The profile page's 'Add a device' opens the same tabs in the same modal, whose close button
 * is then 'Close add a device'.
 */

/** The login modal, in a sign-in or adding a device from the profile page. */
export function deviceModal(page: Page): Locator {
  return page.getByRole('dialog').filter({
    has: page.getByRole('button', { name: /^Close (sign in|add a device)$/ }),
  });
}

export const PAIRING_HEADINGS = {
  offer: 'Add another way to sign in',
  maximum: 'You cannot add another device',
  method: 'Choose a device to add',
  email: 'Add an email address',
  phone: 'Add a phone number',
  code: 'Enter the pairing code',
  authenticatorApp: 'Set up your authenticator app',
  fido: 'Register your passkey or security key',
  added: 'Device added',
} as const;

/** The device types of tab 9, by their labels. */
export type PairingOption =
  'Email' | 'Text message (SMS)' | 'Authenticator app' | 'Passkey or security key (FIDO2)';

export function pairingHeading(page: Page, step: keyof typeof PAIRING_HEADINGS): Locator {
  return deviceModal(page).getByRole('heading', { name: PAIRING_HEADINGS[step], exact: true });
}

/**
 * A single-method customer signs in (username, password, the code e-mailed to them) and is
 * offered to add another device (tab 8).
 */
export async function signInToPairingOffer(page: Page, customer: NewCustomer): Promise<void> {
  const mailbox = await Mailbox.open(page.request, customer.email);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  await expect(pairingHeading(page, 'offer')).toBeVisible();
}

/** Tab 9: picks a device type and clicks 'Add device'. */
export async function choosePairingOption(page: Page, option: PairingOption): Promise<void> {
  const modal = deviceModal(page);
  await expect(pairingHeading(page, 'method')).toBeVisible();
  await modal.getByRole('radio', { name: option, exact: true }).check();
  await modal.getByRole('button', { name: 'Add device', exact: true }).click();
}

/** Tab 10: the e-mail address or phone number to pair, then 'Send code'. */
export async function enterPairingTarget(page: Page, target: string): Promise<void> {
  const modal = deviceModal(page);
  const field = modal
    .getByLabel('Email address', { exact: true })
    .or(modal.getByLabel('Phone number', { exact: true }));
  await expect(field).toBeEditable();
  await field.fill(target);
  await modal.getByRole('button', { name: 'Send code', exact: true }).click();
}

/** The code field of tab 11 ('Pairing code') or tab 15 ('Code from your authenticator app'). */
export function pairingCodeField(page: Page): Locator {
  const modal = deviceModal(page);
  return modal
    .getByLabel('Pairing code', { exact: true })
    .or(modal.getByLabel('Code from your authenticator app', { exact: true }));
}

/** Tab 11 or 15: types the code and submits it. */
export async function enterPairingCode(page: Page, code: string): Promise<void> {
  const field = pairingCodeField(page);
  await expect(field).toBeEditable();
  await field.fill(code);
  await deviceModal(page).getByRole('button', { name: 'Submit', exact: true }).click();
}

/**
 * Tab 12 after a success: 'Your device was paired successfully!' with the device's name and
 * (masked) target.
 */
export async function expectDeviceAdded(page: Page, deviceName: string): Promise<void> {
  const modal = deviceModal(page);
  await expect(pairingHeading(page, 'added')).toBeVisible();
  const result = modal.getByRole('status');
  await expect(result).toContainText(messages.login.pairingSuccess);
  await expect(result.getByText(deviceName, { exact: true })).toBeVisible();
}
