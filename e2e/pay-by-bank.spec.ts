import { expect, test } from '@playwright/test';
import {
  apiErrorMessage,
  payByBankMessages as text,
  retailShopBankMessages as atBank,
} from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { openAccountFromDashboard, openDashboard } from './support/banking';
import { openSettingsPage } from './support/settings';
import { signInThroughFlowApi } from './support/api-sign-in';
import { creditLine, payByBank } from './support/pay-by-bank';
import { USERS } from './support/sign-in';

// A shopper at the retail shop pays by bank as jane, on the bank's consent screen,
// sees the payment credited in the shop's account and the bank refuse it a second time; then
// cancels a second order there. Other journeys move jane's money too: each check finds
// this journey's own orders by their references.

const jane = USERS.jane;

test('a shopper on /retail pays $42.10 by bank as jane, sees “Paid” and the shop’s account credited, the bank refuses the consent a second time, and she finds it once in her checking; a cancelled order pays nothing', async ({
  page,
}) => {
  // The bank's consent screen: amount, payee and reference; the account to pay from.
  const paid = await payByBank(page);
  const payFrom = page.getByRole('group', { name: text.payFrom });
  await expect(payFrom.getByRole('radio')).toHaveCount(2);
  await payFrom.getByRole('radio', { name: /^Checking / }).check();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
  const returned = page.waitForRequest(
    (sent) => new URL(sent.url()).pathname === '/retail/callback',
  );
  await page.getByRole('button', { name: text.confirm, exact: true }).click();

  // Back at the shop: paid, with the bank's payment id, and, as the shop reads its own account
  // at AnyBank through the bank's API, this order's payment credited there.
  await expect(page.getByRole('heading', { level: 2, name: text.paid, exact: true })).toBeVisible();
  await expect(page.getByText(text.orderReference(paid.reference))).toBeVisible();
  await expect(page.getByText(/^Paid by bank\. AnyBank payment id [0-9a-f-]{36}\.$/)).toBeVisible();
  await expect(page.getByText(creditLine('$42.10', paid.reference))).toBeVisible();
  await expectNoAxeViolations(page);

  // What the bank refuses: the presenter has the shop submit the same consent again, with the
  // same token; the bank's refusal is announced in the bank's words.
  const refuses = page.getByRole('region', { name: atBank.resubmitHeading, exact: true });
  await refuses.getByRole('button', { name: atBank.resubmit, exact: true }).click();
  await expect(refuses.getByRole('status')).toHaveText(
    atBank.resubmitRefused(409, apiErrorMessage('payment_consent_consumed')),
  );
  await expectNoAxeViolations(page);

  // The bank's answer arriving again (a reload of the return) pays nothing more: still paid once.
  const callback = (await returned).url();
  await page.goto(callback);
  await expect(page.getByRole('heading', { level: 2, name: text.paid, exact: true })).toBeVisible();

  // A second order, cancelled on the consent screen: the shop says nothing was paid.
  const cancelled = await payByBank(page);
  await page.getByRole('button', { name: text.deny, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: text.notPaid, exact: true }),
  ).toBeVisible();
  await expect(page.getByText(text.shopDenied)).toBeVisible();
  await expectNoAxeViolations(page);

  // At the bank (a new session): jane's checking shows the one payment, and nothing for the other.
  await page.context().clearCookies();
  await signInThroughFlowApi(page, jane);
  await openDashboard(page);
  await openAccountFromDashboard(page, 'Checking');
  const entries = page.getByRole('table', { name: 'Entries', exact: true });
  const payment = entries.getByRole('row').filter({ hasText: paid.reference });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('Retail Shop Ltd');
  await expect(payment).toContainText('42.10');
  await expect(entries.getByRole('row').filter({ hasText: cancelled.reference })).toHaveCount(0);

  // Privacy & Security → Connected apps: the shop, with the paid consent shown as used.
  await openSettingsPage(page, 'privacy-security');
  const payments = page.getByRole('list', { name: text.connectedPaymentsLabel('Retail Shop') });
  await expect(payments.getByRole('listitem').filter({ hasText: paid.reference })).toHaveText(
    `${text.connectedPayment('$42.10', 'Retail Shop Ltd', paid.reference)}: ${text.connectedPaymentStatus.Consumed}`,
  );
  await expect(payments.getByRole('listitem').filter({ hasText: cancelled.reference })).toHaveText(
    `${text.connectedPayment('$42.10', 'Retail Shop Ltd', cancelled.reference)}: ${text.connectedPaymentStatus.Rejected}`,
  );
  await expectNoAxeViolations(page);
});
