import { expect, type Page } from '@playwright/test';
import {
  pageRoute,
  payByBankMessages as text,
  retailShopBankMessages as atBank,
} from '@anybank/contracts';
import {
  Mailbox,
  USERS,
  chooseMethod,
  enterCode,
  enterPassword,
  enterUsername,
  loginModal,
  passwordField,
  stepHeading,
} from './sign-in';

/** The pay-by-bank journeys' steps at the shop and the bank (pay-by-bank*.spec.ts). */

const shop = pageRoute('retail');
const consent = pageRoute('payment-consent');
const jane = USERS.jane;

/** The shop's line for its account at AnyBank crediting this order, at whatever time it was. */
export function creditLine(amount: string, reference: string): RegExp {
  const escaped = atBank
    .merchantCredited(amount, reference, 'WHEN')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace('WHEN', '\\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}')}$`);
}

/** "Pay by bank with AnyBank" at the shop: answers the bank's consent screen, signed in first when asked. */
export async function payByBank(page: Page): Promise<{ reference: string }> {
  await page.goto(shop.paths[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([shop.heading]);
  await page.getByRole('button', { name: text.payByBank, exact: true }).click();

  const heading = page.getByRole('heading', { level: 1, name: consent.heading });
  const username = stepHeading(page, 'username');
  await expect(heading.or(username)).toBeVisible();
  if (await username.isVisible()) {
    const mailbox = await Mailbox.open(page.request, jane.email);
    await enterUsername(page, jane.username);
    const methods = loginModal(page).getByRole('radio').first();
    await expect(passwordField(page).or(methods)).toBeVisible();
    if (await passwordField(page).isVisible()) await enterPassword(page, jane.password);
    const code = stepHeading(page, 'code');
    await expect(methods.or(code)).toBeVisible();
    if (await methods.isVisible()) await chooseMethod(page, 'Email');
    await enterCode(page, await mailbox.readNewCode());
  }
  await expect(heading).toBeVisible();
  const ask = page.getByRole('heading', { level: 2, name: /^Retail Shop asks to pay / });
  await expect(ask).toHaveText(
    /^Retail Shop asks to pay \$42\.10 to Retail Shop Ltd, reference ORDER-\d{4}$/,
  );
  const reference = /ORDER-\d{4}/.exec(await ask.innerText())![0];
  return { reference };
}
