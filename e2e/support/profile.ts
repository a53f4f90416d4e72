import { expect, type Locator, type Page } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import {
  choosePairingOption,
  deviceModal,
  enterPairingCode,
  enterPairingTarget,
  expectDeviceAdded,
  pairingHeading,
} from './pairing';
import { Mailbox } from './sign-in';
import { confirmStepUpWithPassword } from './step-up';

/**
 * The profile page (/banking/profile-settings/profile): the customer's details and their
 * sign-in devices, with 'Add a device', which opens the login modal's pairing tabs.
 */

const profile = pageRoute('profile');

/** Opens the profile page in the signed-in tab (the session survives the page load). */
export async function openProfile(page: Page): Promise<void> {
  await page.goto(profile.paths[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([profile.heading]);
}

/** The list of the customer's sign-in devices, one item per device. */
export function signInDevices(page: Page): Locator {
  return page.getByRole('list', { name: 'Sign-in devices', exact: true }).getByRole('listitem');
}

/**
 * 'Add a device': a new way to sign in, so the step-up dialog asks for the customer's
 * `password` first; then the modal opens at the device types (tab 9), or at the limit (tab 8).
 */
export async function startAddingDevice(page: Page, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a device', exact: true }).click();
  await confirmStepUpWithPassword(page, password);
  await expect(pairingHeading(page, 'method').or(pairingHeading(page, 'maximum'))).toBeVisible();
}

/** Adds an e-mail address from the profile page with the code sent there; the modal closes. */
export async function addEmailFromProfile(
  page: Page,
  address: string,
  password: string,
): Promise<void> {
  const mailbox = await Mailbox.open(page.request, address);
  await startAddingDevice(page, password);
  await choosePairingOption(page, 'Email');
  await enterPairingTarget(page, address);
  await expect(pairingHeading(page, 'code')).toBeVisible();
  await enterPairingCode(page, await mailbox.readNewCode());
  await expectDeviceAdded(page, 'Email');
  await deviceModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(deviceModal(page)).toHaveCount(0);
}
