import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  MAX_MFA_DEVICES,
  messages,
  orchestrationPaths,
  outboxResponseSchema,
} from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { publicConfigOf, registerCustomer } from './support/customers';
import { addEmailFromProfile, openProfile, signInDevices } from './support/profile';
import { confirmStepUpWithPassword } from './support/step-up';
import { signInThroughFlowApi } from './support/api-sign-in';
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

// Document 2 §2, §7, §8: the personal-details form saves through the profile-update policy; a
// changed mobile replaces the customer's SMS sign-in device, unless they are at the device limit.
// Each journey registers a customer of its own: it changes their mobile and their devices.

const SMS_DEVICE = 'Text message (SMS)';

/** A US test number (+1555…), E.164, whose last four digits differ from `other`'s. */
function phoneNumber(other?: string): string {
  for (;;) {
    const number = `+1555${randomInt(1_000_000, 10_000_000)}`;
    if (!other || lastFour(number) !== lastFour(other)) return number;
  }
}

/** What the devices list and the sign-in show of a number: its last four digits. */
function lastFour(phone: string): string {
  return phone.slice(-4);
}

/** The id of the newest message sent to `address`, or null when none was. */
async function newestMessageId(request: APIRequestContext, address: string) {
  const response = await request.get('/api/dev/outbox', { params: { to: address, limit: 1 } });
  expect(response.status(), `outbox for ${address}`).toBe(200);
  return outboxResponseSchema.parse(await response.json()).messages[0]?.id ?? null;
}

function mobileField(page: Page) {
  return page.getByLabel('Mobile', { exact: true });
}

function saveButton(page: Page) {
  return page.getByRole('button', { name: /^(Save|Saving…)$/ });
}

/** The banner under the form: the form's live region (the devices list has one of its own). */
function saveResult(page: Page) {
  return page
    .locator('form')
    .filter({ has: mobileField(page) })
    .getByRole('status');
}

/**
 * Types a mobile number into the form and clicks Save; a new number is a new way to sign in,
 * so the step-up dialog asks for the customer's `password` (docs/security.md, step-up).
 */
async function saveMobile(page: Page, mobile: string, password: string): Promise<void> {
  await mobileField(page).fill(mobile);
  await saveButton(page).click();
  await confirmStepUpWithPassword(page, password);
}

/**
 * A new mobile number is used once the code texted to it is entered. `phone` was
 * opened before the save, so only the code sent for it is read.
 */
async function verifyNewMobile(page: Page, phone: Mailbox): Promise<void> {
  const codeField = page.getByLabel('Verification code (mobile number)');
  await expect(codeField).toBeFocused();
  await codeField.fill(await phone.readNewCode());
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(codeField).toHaveCount(0);
}

test('a customer who changes their mobile sees a spinner, enters the code texted to the new number, and their SMS device now texts it, also at the next sign-in', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const customer = await registerCustomer(page.request, 'profile.mobile');
  const oldMobile = phoneNumber();
  const newMobile = phoneNumber(oldMobile);
  await signInThroughFlowApi(page, customer);
  await openProfile(page);
  const devices = signInDevices(page);
  await expect(devices).toHaveCount(1);

  // A mobile of their own first: once its code is entered, its SMS device joins the e-mail.
  const firstPhone = await Mailbox.open(page.request, oldMobile);
  await saveMobile(page, oldMobile, customer.password);
  await verifyNewMobile(page, firstPhone);
  await expect(saveResult(page)).toHaveText(messages.profile.contactVerified('mobile number'));
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: SMS_DEVICE })).toContainText(lastFour(oldMobile));
  // While the e-mail signs in, a new number waits 24 hours before it does (and says so).
  await expect(devices.filter({ hasText: SMS_DEVICE })).toContainText('New: signs you in from');

  // The save holds until the spinner has been seen: on this machine it can be quicker than a look.
  const config = await publicConfigOf(page.request);
  const policyPath = orchestrationPaths.policyStart(
    config.companyId,
    config.policyIds.profileUpdate,
  );
  let answerSave!: () => void;
  const spinnerSeen = new Promise<void>((resolve) => (answerSave = resolve));
  const isProfileUpdate = (url: URL) => url.pathname === policyPath;
  await page.route(isProfileUpdate, async (route) => {
    await spinnerSeen;
    await route.continue();
  });
  const secondPhone = await Mailbox.open(page.request, newMobile);
  await mobileField(page).fill(newMobile);
  await saveButton(page).click();
  await expect(saveButton(page)).toHaveText('Saving…');
  await expect(saveButton(page).locator('.spinner-border')).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await expect(mobileField(page)).toBeDisabled();
  answerSave();
  await confirmStepUpWithPassword(page, customer.password);
  await expect(saveButton(page)).toHaveText('Save');
  await page.unroute(isProfileUpdate);
  await verifyNewMobile(page, secondPhone);
  await expect(saveResult(page)).toHaveText(messages.profile.contactVerified('mobile number'));

  // The old number's device (itself still waiting) is gone and the new number's took its place.
  await expect(devices.filter({ hasText: lastFour(newMobile) })).toHaveCount(1);
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: SMS_DEVICE })).toContainText(lastFour(newMobile));
  await expect(devices.filter({ hasText: lastFour(oldMobile) })).toHaveCount(0);

  // Next sign-in: the new number does not sign in yet; the code goes to the e-mail, no text.
  const newPhoneLastMessage = await newestMessageId(page.request, newMobile);
  const mailbox = await Mailbox.open(page.request, customer.email);
  await signOutToHome(page);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await expect(loginModal(page).getByRole('radio', { name: /^SMS/ })).toHaveCount(0);
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  await expectLandedAs(page, customer);
  expect(await newestMessageId(page.request, newMobile), 'a text to the new number').toBe(
    newPhoneLastMessage,
  );
});

test('a customer at the device limit who saves a new mobile number is warned that the new phone is not added as a device, while the profile itself is saved', async ({
  page,
}) => {
  // Registration, two sign-ins and four pairings: more than the default 30 seconds under load.
  test.setTimeout(90_000);
  const customer = await registerCustomer(page.request, 'profile.limit');
  const mobile = phoneNumber();
  await signInThroughFlowApi(page, customer);
  await openProfile(page);
  const devices = signInDevices(page);
  await expect(devices).toHaveCount(1);
  for (const domain of ['example.org', 'example.net', 'example.edu', 'example.info']) {
    await addEmailFromProfile(page, `${customer.username}@${domain}`, customer.password);
  }
  await expect(devices).toHaveCount(MAX_MFA_DEVICES);

  await page.getByLabel('City', { exact: true }).fill('Springfield');
  const phone = await Mailbox.open(page.request, mobile);
  await saveMobile(page, mobile, customer.password);
  await verifyNewMobile(page, phone);
  await expect(saveResult(page)).toHaveText(messages.profile.limitExceeded);
  await expect(saveResult(page).getByText(messages.profile.limitExceeded)).toHaveClass(
    /alert-warning/,
  );
  await expectNoAxeViolations(page);

  // Still five devices, none of them for the new number.
  await expect(devices).toHaveCount(MAX_MFA_DEVICES);
  await expect(devices.filter({ hasText: SMS_DEVICE })).toHaveCount(0);
  await expect(devices.filter({ hasText: lastFour(mobile) })).toHaveCount(0);

  // The bank kept the details: the next sign-in brings them back from the server. Of the five
  // addresses to choose from, the one registered with is the only one at example.com.
  const mailbox = await Mailbox.open(page.request, customer.email);
  await signOutToHome(page);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await chooseMethod(page, /^Email.*@example\.com$/);
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  await expectLandedAs(page, customer);
  await openProfile(page);
  await expect(mobileField(page)).toHaveValue(mobile);
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Springfield');
  await expect(devices).toHaveCount(MAX_MFA_DEVICES);
});
