import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { openSettingsPage } from './support/settings';
import { confirmStepUpWithPassword } from './support/step-up';
import {
  DEMO_PASSWORD,
  USERS,
  enterPassword,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
  signOutToHome,
  stepHeading,
} from './support/sign-in';
import { signInThroughFlowApi } from './support/api-sign-in';

/**
 * Jane makes recovery codes on Sign In & Password, signs in with one instead of
 * her e-mailed code, is told 9 are left, and the same code fails the second time. Her other
 * journeys (sign-in.spec.ts, profile-devices.spec.ts) still pass after this one: the device
 * choice lists the same devices, "Use a recovery code" sits below it.
 */

const text = messages.recoveryCodes;
const jane = USERS.jane;

/** Signs jane out, and in again up to the choice of sign-in method. */
async function toTheMethodChoice(page: Page): Promise<void> {
  await signOutToHome(page);
  await openSignIn(page);
  await enterUsername(page, jane.username);
  await enterPassword(page);
  await expect(stepHeading(page, 'method')).toBeVisible();
}

async function typeRecoveryCode(page: Page, code: string): Promise<void> {
  const modal = loginModal(page);
  await modal.getByRole('button', { name: text.useOne, exact: true }).click();
  await expect(modal.getByRole('heading', { name: text.entryHeading, exact: true })).toBeVisible();
  await modal.getByLabel(text.label, { exact: true }).fill(code);
  await modal.getByRole('button', { name: 'Submit', exact: true }).click();
}

test('jane generates recovery codes, signs in with one instead of her e-mail code, sees "9 left", and the same code fails the second time', async ({
  page,
}) => {
  // Three sign-ins in the browser (the codes need one; the journey is two more) and three
  // scans: more than one journey's 60 seconds on a busy machine.
  test.setTimeout(120_000);
  await signInThroughFlowApi(page, jane);
  await openSettingsPage(page, 'signin-password');
  const section = page.getByRole('region', { name: text.heading, exact: true });
  const remaining = section.getByTestId('recovery-codes-remaining');
  await expect(remaining).not.toBeEmpty();

  // New codes are a new way in: however fresh her sign-in, the step-up asks for her password.
  // The codes are shown once.
  await section.getByRole('button', { name: /^Generate (new )?recovery codes$/ }).click();
  await confirmStepUpWithPassword(page, DEMO_PASSWORD);
  const list = section.getByRole('list', { name: text.heading, exact: true });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  expect(codes.every((code) => /^[A-Z2-9]{5}-[A-Z2-9]{5}$/.test(code))).toBe(true);
  await expect(remaining).toHaveText(text.remaining(10));
  await expectNoAxeViolations(page);

  // The text file is made in the page: every code is in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: text.download, exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(text.fileName);
  const file = await readFile(await download.path(), 'utf8');
  for (const code of codes) expect(file).toContain(code);

  await section.getByRole('button', { name: text.done, exact: true }).click();
  await expect(list).toHaveCount(0);

  // At sign-in, the recovery code instead of the e-mailed one.
  await toTheMethodChoice(page);
  const modal = loginModal(page);
  await expect(modal.getByRole('radio', { name: /^Email/ })).toBeVisible();
  await expect(modal.getByRole('button', { name: text.useOne, exact: true })).toBeVisible();
  await typeRecoveryCode(page, codes[0]!);
  await expect(modal.getByRole('heading', { name: text.usedHeading, exact: true })).toBeVisible();
  await expect(modal.getByTestId('recovery-codes-left')).toHaveText('9 left');
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
  await modal.getByRole('button', { name: text.continue, exact: true }).click();
  await expectLandedAs(page, jane);

  // The same code again: refused, and the entry stays for another try.
  await toTheMethodChoice(page);
  await modal.getByRole('button', { name: text.useOne, exact: true }).click();
  await expect(modal.getByRole('heading', { name: text.entryHeading, exact: true })).toBeVisible();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
  await modal.getByLabel(text.label, { exact: true }).fill(codes[0]!);
  await modal.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(modal.getByText(messages.login.incorrectRecoveryCode)).toBeVisible();
  await expect(modal.getByRole('heading', { name: text.entryHeading, exact: true })).toBeVisible();

  // Choose another way: the device choice is back, as other journeys expect it.
  await modal.getByRole('button', { name: text.chooseAnother, exact: true }).click();
  await expect(stepHeading(page, 'method')).toBeVisible();
  await expect(modal.getByRole('radio', { name: /^Email/ })).toBeVisible();
});
