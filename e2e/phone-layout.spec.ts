import { expect, test, type Locator, type Page } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { openAccountFromDashboard, openDashboard } from './support/banking';
import { USERS, signIn } from './support/sign-in';

// The banking pages on a phone held upright: the balances on the dashboard's first screen,
// the sidebar behind a menu button, every column of an account's entries within the screen,
// and the prospect-name tooltip beside the home page's headline, never over it.

/** An iPhone's screen, as e2e/phone.spec.ts holds the phone app at. */
const PHONE_VIEWPORT = { width: 390, height: 844 };
const BALANCE_PANELS = ['Checking', 'Savings', 'Credit Rewards Visa'] as const;
const ENTRY_COLUMNS = ['Date', 'Description', 'Category', 'Amount', 'Balance'];

test.use({ viewport: PHONE_VIEWPORT });

function menuButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Banking menu', exact: true });
}

/** A link of the banking sidebar that every banking page has. */
function sidebarLink(page: Page): Locator {
  return page
    .getByRole('navigation', { name: 'Banking', exact: true })
    .getByRole('link', { name: 'Transfer Money', exact: true });
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

/** The menu opens from its button, and Escape closes it with the focus back on the button. */
async function expectMenuDisclosure(page: Page) {
  await expect(sidebarLink(page)).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expectNoAxeViolations(page);

  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebarLink(page)).toBeVisible();
  const controlled = await menuButton(page).getAttribute('aria-controls');
  await expect(page.locator(`#${controlled}`)).toHaveAccessibleName('Banking');
  await expectNoAxeViolations(page);

  await sidebarLink(page).focus();
  await page.keyboard.press('Escape');
  await expect(sidebarLink(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  // The keyboard opens it too, and the button closes it again.
  await page.keyboard.press('Enter');
  await expect(sidebarLink(page)).toBeVisible();
  await menuButton(page).click();
  await expect(sidebarLink(page)).toBeHidden();
}

test('at 390×844 the dashboard shows the balances on its first screen, the sidebar is a menu, and no column of the entries is cut off', async ({
  page,
}) => {
  // The sign-in helpers press the navbar's Sign In, which a phone keeps behind the navbar's own
  // menu: jane signs in at a desktop's width, then the page is a phone's.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.jane);
  await page.setViewportSize(PHONE_VIEWPORT);

  await openDashboard(page);
  for (const title of BALANCE_PANELS) {
    const panel = page.getByRole('region', { name: title, exact: true });
    await expect(panel.getByText(/^-?\$[\d,]+\.\d{2}$/), `the ${title} balance`).toBeVisible();
    const box = await boxOf(panel);
    expect(box.y + box.height, `the ${title} panel's bottom`).toBeLessThanOrEqual(
      PHONE_VIEWPORT.height,
    );
  }
  await expectMenuDisclosure(page);

  await openAccountFromDashboard(page, 'Checking');
  const table = page.getByRole('table', { name: 'Entries', exact: true });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Still a table to a screen reader, its columns named.
  await expect(table.getByRole('columnheader')).toHaveText(ENTRY_COLUMNS);

  // Nothing to scroll sideways, neither the page nor the table within its container...
  const overflow = await table.evaluate((element) => ({
    table: element.scrollWidth - (element.parentElement?.clientWidth ?? 0),
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect(overflow.table, 'how far the table runs past its container').toBeLessThanOrEqual(0);
  expect(overflow.page, 'how far the page runs past the screen').toBeLessThanOrEqual(0);
  // ...and every cell of every entry wholly on the screen.
  const cells = table.getByRole('cell');
  expect(await cells.count()).toBeGreaterThanOrEqual(ENTRY_COLUMNS.length);
  const outside = await cells.evaluateAll(
    (elements, width) =>
      elements
        .map((cell) => ({ text: cell.textContent ?? '', box: cell.getBoundingClientRect() }))
        .filter(({ box }) => box.width === 0 || box.left < 0 || box.right > width)
        .map(({ text }) => text),
    PHONE_VIEWPORT.width,
  );
  expect(outside, 'cells cut off or not drawn').toEqual([]);

  await expectMenuDisclosure(page);
});

test('at 390×844 the prospect-name tooltip does not cover the home page headline', async ({
  page,
}) => {
  await page.goto('/');
  const headline = page.getByRole('heading', { level: 1 });
  await expect(headline).toHaveText(pageRoute('home').heading);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  const tip = await boxOf(tooltip);
  const heading = await boxOf(headline);
  expect(tip.y + tip.height, "the tooltip's bottom").toBeLessThanOrEqual(heading.y);
  await expectNoAxeViolations(page);
});
