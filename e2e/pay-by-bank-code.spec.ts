import { expect, test } from '@playwright/test';
import { messages, pageRoute, payByBankMessages as text } from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { openTransferMoney, sendTransfer, transferResult } from './support/banking';
import { registerCustomer } from './support/customers';
import {
  Mailbox,
  enterCode,
  enterPassword,
  enterUsername,
  loginModal,
  passwordField,
  signIn,
  stepHeading,
} from './support/sign-in';

// Above the approval threshold a customer without the phone app approves a pay-by-
// bank payment with the code e-mailed to them, as they would a transfer. A customer of this
// journey's own (registered here: e-mail is their only sign-in method), so that the transfer
// pushing their 24-hour running total near the threshold changes no one else's.

const shop = pageRoute('retail');
const consent = pageRoute('payment-consent');

test('a customer without the phone app whose day’s transfers reach the approval threshold pays the shop’s $42.10 with the e-mailed code, and sees “Paid”', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'paycode');
  await signIn(page, customer);

  // $990 to savings leaves $10 below the $1,000 approval threshold: it moves at once, and the
  // shop's $42.10 takes the running total above it.
  await openTransferMoney(page);
  await sendTransfer(page, { from: 'Checking', to: 'Savings', amount: '990.00' });
  await expect(transferResult(page, messages.transfer.confirmedTitle)).toBeVisible();

  await page.goto(shop.paths[0]!);
  await page.getByRole('button', { name: text.payByBank, exact: true }).click();
  // The bank may remember the sign-in above, or ask again (then: password, e-mailed code, and
  // 'Not now' to the offer of another sign-in method).
  const heading = page.getByRole('heading', { level: 1, name: consent.heading });
  const username = stepHeading(page, 'username');
  await expect(heading.or(username)).toBeVisible();
  if (await username.isVisible()) {
    const signInMail = await Mailbox.open(page.request, customer.email);
    await enterUsername(page, customer.username);
    const code = stepHeading(page, 'code');
    await expect(passwordField(page).or(code)).toBeVisible();
    if (await passwordField(page).isVisible()) await enterPassword(page, customer.password);
    await enterCode(page, await signInMail.readNewCode());
    const offer = loginModal(page).getByRole('heading', { name: 'Add another way to sign in' });
    await expect(offer.or(heading)).toBeVisible();
    if (await offer.isVisible()) {
      await loginModal(page).getByRole('button', { name: 'Not now', exact: true }).click();
    }
  }
  await expect(heading).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: /^Retail Shop asks to pay / }),
  ).toHaveText(/^Retail Shop asks to pay \$42\.10 to Retail Shop Ltd, reference ORDER-\d{4}$/);
  await expect(page.getByText(text.codeApprovalNote)).toBeVisible();
  await page
    .getByRole('group', { name: text.payFrom })
    .getByRole('radio', { name: /^Checking / })
    .check();

  // Confirm: the bank e-mails a code and asks for it on the same screen.
  const mailbox = await Mailbox.open(page.request, customer.email);
  await page.getByRole('button', { name: text.confirm, exact: true }).click();
  const codeField = page.getByRole('textbox', { name: text.codeLabel, exact: true });
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  const [local, domain] = customer.email.split('@');
  const masked = `${local!.charAt(0)}${'*'.repeat(local!.length - 2)}${local!.slice(-1)}@${domain}`;
  await expect(page.getByText(text.codeRequired(masked), { exact: true })).toBeVisible();
  await expect(codeField).toHaveAccessibleDescription(text.codeRequired(masked));
  const code = await mailbox.readNewCode();
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);

  // A mistyped code: refused with the tries left, announced, and the field takes focus again.
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: text.confirm, exact: true }).click();
  const wrong = messages.transfer.confirmationCodeWrong(4);
  await expect(page.getByRole('alert').filter({ hasText: wrong })).toBeVisible();
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await codeField.fill(code);
  await page.getByRole('button', { name: text.confirm, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: text.paid, exact: true })).toBeVisible();
  await expect(page.getByText(/^Paid by bank\. AnyBank payment id [0-9a-f-]{36}\.$/)).toBeVisible();
});
