import { expect, test } from '@playwright/test';
import { OAUTH_PATHS, payByBankMessages as text, retailShopperMessages } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { payByBank } from './support/pay-by-bank';

// OpenID Connect Back-Channel Logout (ADR 0028): the shop's session of the shopper who paid
// ends when she signs out at the bank, and the shop's next page says so. Only this browser's
// session at the bank ends: other journeys' sessions of jane go on.
test('after paying by bank as jane and signing out at AnyBank, the shop’s page says she was signed out at AnyBank', async ({
  page,
}) => {
  await payByBank(page);
  await page
    .getByRole('group', { name: text.payFrom })
    .getByRole('radio', { name: /^Checking / })
    .check();
  await page.getByRole('button', { name: text.confirm, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: text.paid, exact: true })).toBeVisible();
  await expect(page.getByText(retailShopperMessages.signedOutAtBank)).toHaveCount(0);

  // The bank's sign-out (its end-session page confirms by itself).
  await page.goto(OAUTH_PATHS.endSession);
  await expect(page.getByText(/signed out/i).first()).toBeVisible();

  await page.goto('/retail');
  await expect(
    page.getByText(retailShopperMessages.signedOutAtBank, { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
