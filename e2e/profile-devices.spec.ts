import { expect, test } from '@playwright/test';
import { messages, pageRoute } from '@anybank/contracts';
import { expectAccessibleLoginTab } from './support/axe';
import { registerCustomer } from './support/customers';
import {
  choosePairingOption,
  deviceModal,
  enterPairingCode,
  expectDeviceAdded,
  pairingHeading,
  signInToPairingOffer,
} from './support/pairing';
import { openProfile, signInDevices, startAddingDevice } from './support/profile';
import {
  DEMO_PASSWORD,
  USERS,
  chooseMethod,
  codeField,
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
import { base32Decode, timeStepAt, totpCode } from './support/totp';
import { addVirtualAuthenticator } from './support/webauthn';

const AUTHENTICATOR_APP = 'Authenticator app';
const PASSKEY_OPTION = 'Passkey or security key (FIDO2)';
const PASSKEY = 'This device (passkey)';

test('jane.doe pairs an authenticator app from her profile with the key it shows, and signs in with it next time', async ({
  page,
}) => {
  const jane = USERS.jane;
  await signInThroughFlowApi(page, jane);
  await openProfile(page);
  const devices = signInDevices(page);
  await expect(devices.first()).toBeVisible();
  const devicesBefore = await devices.count();

  await startAddingDevice(page, DEMO_PASSWORD);
  await choosePairingOption(page, AUTHENTICATOR_APP);
  const modal = deviceModal(page);
  await expect(pairingHeading(page, 'authenticatorApp')).toBeVisible();
  await expect(
    modal.getByRole('img', { name: 'QR code for your authenticator app', exact: true }),
  ).toBeVisible();
  await expectAccessibleLoginTab(page, 15);

  // The key as the modal shows it for typing in: base32, in groups of four.
  const pairingKey = (await modal.getByRole('code').innerText()).trim();
  expect(pairingKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})*$/);
  expect(base32Decode(pairingKey).length, 'key length in bytes').toBeGreaterThanOrEqual(10);

  // Our own authenticator app: the code of the current 30-second step.
  const pairingStep = timeStepAt(Date.now());
  await enterPairingCode(page, totpCode(pairingKey, pairingStep));
  await expectDeviceAdded(page, AUTHENTICATOR_APP);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(modal).toHaveCount(0);
  await expect(devices).toHaveCount(devicesBefore + 1);
  await expect(devices.filter({ hasText: AUTHENTICATOR_APP })).toHaveCount(1);

  // Next time she chooses the app. A code is accepted once: the one the pairing used is
  // refused, the app's next one (within the ±1 step the bank allows) signs her in.
  await signOutToHome(page);
  await openSignIn(page);
  await enterUsername(page, jane.username);
  await enterPassword(page);
  await chooseMethod(page, AUTHENTICATOR_APP);
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, totpCode(pairingKey, pairingStep));
  await expect(codeField(page)).toHaveValue('');
  await expect(
    loginModal(page).getByText(messages.login.incorrectOtp, { exact: true }),
  ).toBeVisible();
  await enterCode(page, totpCode(pairingKey, pairingStep + 1));
  await expectLandedAs(page, jane);
});

test("adding from the profile a passkey the authenticator already holds is refused with 'Device already registered', and Cancel leaves the devices as they were", async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const customer = await registerCustomer(page.request, 'profile.passkey');
  await signInToPairingOffer(page, customer);
  await deviceModal(page).getByRole('button', { name: 'Add a device', exact: true }).click();
  await choosePairingOption(page, PASSKEY_OPTION);
  await expectDeviceAdded(page, PASSKEY);
  await deviceModal(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expectLandedAs(page, customer);

  await openProfile(page);
  const devices = signInDevices(page);
  await expect(devices).toHaveCount(2);
  await startAddingDevice(page, customer.password);
  await choosePairingOption(page, PASSKEY_OPTION);
  const modal = deviceModal(page);
  await expect(pairingHeading(page, 'fido')).toBeVisible();
  await expect(
    modal.getByText(messages.login.fidoAlreadyRegistered, { exact: true }),
  ).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectAccessibleLoginTab(page, 13);

  await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('profile').heading]);
  await expect(devices).toHaveCount(2);
});
