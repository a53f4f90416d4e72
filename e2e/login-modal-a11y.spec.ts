import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import {
  USERS,
  chooseMethod,
  enterPassword,
  enterUsername,
  loginModal,
  openSignIn,
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

test('the login modal has no axe-core accessibility violations at the code step', async ({
  page,
}) => {
  const noah = USERS.noah;
  await openSignIn(page);
  await enterUsername(page, noah.username);
  await enterPassword(page);
  await chooseMethod(page, 'Email');
  await expect(stepHeading(page, 'code')).toBeVisible();
  await expectAccessibleLoginModal(page);
});
