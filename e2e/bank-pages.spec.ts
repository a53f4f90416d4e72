import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ADMIN_ACCOUNT_TIER_PATH,
  messages,
  pageRoute,
  type PageId,
  bankPageMessages,
} from '@anybank/contracts';
import { signInThroughFlowApi } from './support/api-sign-in';
import { registerCustomer } from './support/customers';
import { USERS, sessionItem } from './support/sign-in';

// "Nothing looks unfinished": the visitor menu's pages, the advisor's and the
// marketing portal's sub-pages with sample content drawn from the customers who consented,
// Premier Rewards' own page, and "Things I Can Do" inside its column at every width. amy.davis
// and maria.lopez only sign in and read (shared users, e2e/README rule 3); the premier customer
// is registered here.

function mainMenuLink(page: Page, title: string): Locator {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: title, exact: true });
}

function portalLink(page: Page, portal: string, label: string): Locator {
  return page
    .getByRole('navigation', { name: portal })
    .getByRole('link', { name: label, exact: true });
}

/**
 * The page's one h1 is the route table's heading for it, and its data has loaded. (Its axe scan
 * is in a11y-every-page.spec.ts, which scans every page of the route table.)
 */
async function expectAccessiblePage(page: Page, pageId: PageId): Promise<void> {
  const route = pageRoute(pageId);
  await expect(page).toHaveURL((url) => url.pathname === route.paths[0]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([route.heading]);
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
}

/** A table's row whose header cell (the row's name) is `name`. */
function rowNamed(table: Locator, name: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });
}

const VISITOR_PAGES = [
  { title: 'Personal', pageId: 'personal', table: 'Today’s rates' },
  { title: 'Small Business', pageId: 'small-business', table: 'Today’s rates' },
  { title: 'Wealth', pageId: 'wealth', table: 'Today’s rates' },
  { title: 'About Us', pageId: 'about-us', table: null },
] as const;

test('the navbar’s Personal, Small Business, Wealth and About Us open pages with products, sample rates and contact', async ({
  page,
}) => {
  await page.goto('/');
  for (const visitorPage of VISITOR_PAGES) {
    await mainMenuLink(page, visitorPage.title).click();
    await expectAccessiblePage(page, visitorPage.pageId);
    const main = page.getByRole('main');
    // At least three offers, each a heading of its own, and the bank's phone number.
    expect(await main.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(3);
    await expect(main.getByRole('link', { name: /^1-800-555-01\d\d$/ })).toBeVisible();
    // Figures are labelled as sample data, not an offer.
    await expect(main.getByText(bankPageMessages.sampleNotice)).toBeVisible();
    if (visitorPage.table) {
      await expect(main.getByRole('heading', { level: 2, name: visitorPage.table })).toBeVisible();
      expect(await main.getByRole('table').getByRole('row').count()).toBeGreaterThan(3);
    }
    await expect(mainMenuLink(page, visitorPage.title)).toHaveAttribute('aria-current', 'page');
  }
});

test('the advisor’s Client Tracking, Prospecting and Other Services show her consenting clients’ shared balances', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.amy);
  const portal = 'Advisor portal';

  // emily.chen shares all three accounts ($12,345.00 + $56,000.00 + $0.00, the seed's).
  await portalLink(page, portal, 'Client Tracking').click();
  await expectAccessiblePage(page, 'advisor-tracking');
  const emily = rowNamed(page.getByRole('table'), 'Emily Chen');
  await expect(emily.getByRole('cell')).toContainText(['3 of 3', '$68,345.00']);
  // michael.brown shares nothing with the advisor: he is in no table.
  await expect(page.getByText('Michael Brown')).toHaveCount(0);
  const chart = page.getByRole('figure', { name: /balances each client shares/ });
  await expect(chart.getByRole('listitem').filter({ hasText: 'Emily Chen' })).toContainText(
    '$68,345.00',
  );

  await portalLink(page, portal, 'Prospecting').click();
  await expectAccessiblePage(page, 'advisor-prospecting');
  const opportunities = page.getByRole('table').first();
  await expect(rowNamed(opportunities, 'Emily Chen')).toContainText('$56,000.00');
  await expect(page.getByRole('figure', { name: /Referrals at each stage/ })).toBeVisible();

  await portalLink(page, portal, 'Other Services').click();
  await expectAccessiblePage(page, 'advisor-other-services');
  const book = page.getByRole('figure', { name: /added up by account type/ });
  await expect(book.getByRole('listitem')).toHaveCount(3);
  await expect(
    page.getByRole('heading', { level: 3, name: 'Retirement income plan' }),
  ).toBeVisible();
});

test('the marketing portal’s sub-pages show the customers who opted in, by the channels they chose', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.maria);
  const portal = 'Marketing portal';

  await portalLink(page, portal, 'Dashboard').click();
  await expectAccessiblePage(page, 'marketing-dashboard');
  const reach = page.getByRole('figure', { name: /each channel reaches/ });
  await expect(reach.getByRole('listitem')).toHaveText([
    /^E-mail: \d+$/,
    /^SMS\/TXT: \d+$/,
    /^Postal mail: \d+$/,
  ]);

  await portalLink(page, portal, 'Client Profiles').click();
  await expectAccessiblePage(page, 'marketing-client-profiles');
  const customers = page.getByRole('table');
  // emily.chen chose every channel; ava.thomas never opted in, so she is not listed.
  await expect(rowNamed(customers, 'emily.chen')).toContainText('Emily Chen');
  await expect(rowNamed(customers, 'emily.chen')).toContainText('Boston');
  await expect(rowNamed(customers, 'ava.thomas')).toHaveCount(0);
  await expect(customers.getByText(messages.marketing.noConsent)).toHaveCount(0);

  await portalLink(page, portal, 'Tracking').click();
  await expectAccessiblePage(page, 'marketing-tracking');
  await expect(rowNamed(page.getByRole('table'), 'Spring savings boost')).toContainText('E-mail');

  await portalLink(page, portal, 'Equities Trading').click();
  await expectAccessiblePage(page, 'marketing-equities-trading');
  await expect(page.getByText(/reaches \d+ opted-in customers?/).first()).toBeVisible();
});

/** Phone, tablet, laptop and desktop widths. */
const WIDTHS = [320, 375, 768, 1024, 1440] as const;

test('a premier customer’s Premier Rewards opens the rewards page, and Things I Can Do fits its column at every width', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'rewards');
  await signInThroughFlowApi(page, customer);
  const token = await sessionItem(page, 'AT');
  const premier = await page.request.put(ADMIN_ACCOUNT_TIER_PATH, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
    data: { accountTier: 'premier' },
  });
  expect(premier.status(), await premier.text()).toBe(200);

  // The menu is asked for again when the page loads (the session stays in sessionStorage).
  await page.reload();
  await mainMenuLink(page, 'Premier Rewards').click();
  await expectAccessiblePage(page, 'premier-rewards');
  await expect(
    page.getByRole('heading', { level: 2, name: bankPageMessages.earnHeading }),
  ).toBeVisible();

  await page.goto(pageRoute('dashboard').paths[0]!);
  const toggle = page.getByRole('button', { name: 'Things I Can Do' });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await toggle.click();
    const menu = page.locator('[aria-labelledby="things-i-can-do"]');
    await expect(menu.getByRole('link', { name: 'Privacy & Security' })).toBeVisible();
    // The page's h1 spans its column's content, the sidebar's neighbour (or all of it, below lg).
    const column = await page.getByRole('heading', { level: 1 }).boundingBox();
    const box = await menu.boundingBox();
    expect(box && column, `the menu and its column at ${width} px`).toBeTruthy();
    expect(box!.x, `the menu's left edge at ${width} px`).toBeGreaterThanOrEqual(column!.x - 0.5);
    expect(box!.x + box!.width, `the menu's right edge at ${width} px`).toBeLessThanOrEqual(
      column!.x + column!.width + 0.5,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `the page's horizontal overflow at ${width} px`).toBe(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
});
