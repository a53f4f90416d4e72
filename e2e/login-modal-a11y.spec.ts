import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessibleLoginTab,
  expectNoAxeViolations,
  waitForAnimationsToFinish,
} from './support/axe';
import {
  USERS,
  chooseMethod,
  enterPassword,
  enterUsername,
  loginModal,
  openSignIn,
  passwordField,
  stepHeading,
} from './support/sign-in';

async function expectAccessibleLoginModal(page: Page) {
  await expect(loginModal(page)).toHaveClass(/\bshow\b/);
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
}

test('the login modal has no axe-core accessibility violations at the username step', async ({
  page,
}) => {
  await openSignIn(page);
  await expectAccessibleLoginModal(page);
});

test('the login modal has no axe-core accessibility violations at the password, method and code steps', async ({
  page,
}) => {
  const noah = USERS.noah;
  await openSignIn(page);
  await enterUsername(page, noah.username);
  await expect(passwordField(page)).toBeEditable();
  await expectAccessibleLoginTab(page, 1);
  await enterPassword(page);
  await expect(stepHeading(page, 'method')).toBeVisible();
  await expectAccessibleLoginTab(page, 2);
  await chooseMethod(page, 'Email');
  await expect(stepHeading(page, 'code')).toBeVisible();
  await expectAccessibleLoginModal(page);
});
