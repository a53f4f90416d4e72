import { expect, test, type Page } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { openAccountFromDashboard, openDashboard } from './support/banking';
import { USERS, signIn } from './support/sign-in';

// "Behind the scenes" open beside the page is how every demo runs: the page it explains,
// narrower then, must still read right — no amount broken over two lines ("$24,500.0 / 0", or
// a minus sign alone at a line's end).

test.use({ viewport: { width: 1280, height: 800 } });

function panel(page: Page) {
  return page.getByRole('complementary', { name: 'Behind the scenes' });
}

/** The amounts on the page (`data-amount`, components/ui/Amount.tsx) that span more than one line box. */
async function brokenAmounts(page: Page): Promise<string[]> {
  const amounts = page.locator('[data-amount]');
  await expect(amounts.first()).toBeVisible();
  return amounts.evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 1)
      .map((element) => element.textContent ?? ''),
  );
}

async function expectAmountsOnOneLine(page: Page) {
  expect(await brokenAmounts(page)).toEqual([]);
  await expectNoAxeViolations(page);
}

test('with the panel open at 1280×800, every amount on the dashboard, the account activity and the transfer page keeps to one line', async ({
  page,
}) => {
  await page.goto('/?inspect=1');
  await expect(panel(page)).toBeVisible();
  await signIn(page, USERS.jane);

  await openDashboard(page);
  await expect(panel(page)).toBeVisible();
  await expectAmountsOnOneLine(page);

  await openAccountFromDashboard(page, 'Checking');
  await expectAmountsOnOneLine(page);

  await page.goto(pageRoute('transfer-money').paths[0]!);
  await page.getByLabel('From', { exact: true }).selectOption({ index: 1 });
  await expect(page.getByText('Available balance:', { exact: false })).toBeVisible();
  await expectAmountsOnOneLine(page);
});
