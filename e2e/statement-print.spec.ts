import { expect, test, type Locator } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { centsOf, openAccountFromDashboard, openDashboard } from './support/banking';
import { USERS, signIn } from './support/sign-in';

// A monthly statement prints as a bank's statement (document 2's account activity): the bank's
// name, the holder, the period, balances that add up, the entries, a footer on every page, and
// none of the site's navigation.

async function amountAfter(list: Locator, term: string): Promise<number> {
  const value = list.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  return centsOf((await value.textContent()) ?? '');
}

test('jane.doe’s printed checking statement shows the bank, her name and address, the period, balances that add up and a page footer, without the site’s navigation', async ({
  page,
}) => {
  await signIn(page, USERS.jane);
  await openDashboard(page);
  // The bank's name as the site shows it now (the demo admin may have renamed it).
  const bankName = (
    (await page.locator('header .anybank-logo').first().textContent()) ?? ''
  ).trim();
  expect(bankName).not.toBe('');

  await openAccountFromDashboard(page, 'Checking');
  const statements = page.getByRole('region', { name: 'Statements' });
  await statements
    .getByRole('link', { name: / statement$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    pageRoute('account-statement').heading,
  );
  await expect(page.getByRole('table')).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print statement' })).toBeHidden();

  const letterhead = page.locator('.statement-letterhead');
  await expect(letterhead).toContainText(bankName);
  const holder = page
    .getByRole('group', { name: 'Account holder' })
    .or(letterhead.locator('address'));
  await expect(holder).toContainText('Jane Doe');
  await expect(
    page.getByText(/^Statement period: \w{3} 1, \d{4} to \w{3} \d{2}, \d{4}$/),
  ).toBeVisible();

  const balances = page.locator('dl');
  const opening = await amountAfter(balances, 'Opening balance');
  const moneyIn = await amountAfter(balances, 'Money in');
  const moneyOut = await amountAfter(balances, 'Money out');
  const closing = await amountAfter(balances, 'Closing balance');
  expect(opening + moneyIn - moneyOut).toBe(closing);

  const footer = page.locator('.statement-footer');
  await expect(footer).toBeVisible();
  await expect(footer).toContainText(`${bankName} · Checking`);
  expect(await footer.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');

  await page.emulateMedia({ media: 'screen' });
  await expect(footer).toBeHidden();
  await expectNoAxeViolations(page);
});
