import { expect, test, type Page } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import { DESKTOP_CHROME_USER_AGENT } from './support/browser';
import { registerCustomer } from './support/customers';
import {
  ADMIN_DATABASE_URL,
  NO_POSTGRESQL_REASON,
  startOwnServer,
  type OwnServer,
} from './support/own-server';
import { signInThroughFlowApi } from './support/api-sign-in';
import { signOutToHome } from './support/sign-in';

// Document 2 §3, §6, §7, §9: a customer's menu comes from the server, and a premier account
// (the directory's account tier) gets extra entries. Nothing a customer can do makes them
// premier, so the journey sets the tier in the database: the suite's server keeps its data in
// PGlite, which only it can open, so this journey runs a server of its own on PostgreSQL.

test.skip(!ADMIN_DATABASE_URL, NO_POSTGRESQL_REASON);

let server: OwnServer | undefined;

test.beforeAll(async () => {
  // A new database to migrate and seed, and a server to start, on a busy machine.
  test.setTimeout(120_000);
  server = await startOwnServer();
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  await server?.stop();
});

const PREMIER_ENTRIES = [
  // A rewards page of its own, not the credit-card application.
  { title: 'Premier Rewards', path: pageRoute('premier-rewards').paths[0]! },
  { title: 'Wealth Planning', path: pageRoute('wealth-portal').paths[0]! },
] as const;

/** A desktop screen, wider than Bootstrap's xl breakpoint (1200 px). */
const DESKTOP = { width: 1280, height: 800 };
/** A small laptop's screen: wider than lg (992 px), narrower than xl. */
const SMALL_LAPTOP = { width: 1100, height: 800 };

function menuLink(page: Page, title: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: title });
}

function menuToggle(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', {
    name: 'Toggle navigation',
  });
}

test('a personal-tier customer has no premier entries in the menu; made premier in the database, at their next sign-in they see Premier Rewards and Wealth Planning', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { baseURL } = server!;
  // A context of its own for the journey's server; the desktop user agent, as the config's, since
  // the risk rules deny a headless one.
  const context = await browser.newContext({
    baseURL,
    userAgent: DESKTOP_CHROME_USER_AGENT,
    viewport: DESKTOP,
  });
  try {
    const page = await context.newPage();
    const customer = await registerCustomer(page.request, 'premier');
    await signInThroughFlowApi(page, customer);
    expect(new URL(page.url()).origin).toBe(baseURL);

    // Personal, as every new customer: the served menu, and none of the premier entries.
    await expect(menuLink(page, 'Transfer Money')).toBeVisible();
    await expect(menuLink(page, 'Accounts')).toBeVisible();
    for (const entry of PREMIER_ENTRIES) await expect(menuLink(page, entry.title)).toHaveCount(0);
    // Two entries: still laid out in full on a small laptop.
    await page.setViewportSize(SMALL_LAPTOP);
    await expect(menuLink(page, 'Transfer Money')).toBeVisible();
    await expect(menuToggle(page)).toBeHidden();
    await page.setViewportSize(DESKTOP);

    const updated = await server!.query(
      `update users set account_tier = 'premier' where uid = $1`,
      [customer.username],
    );
    expect(updated.rowCount, `users with uid ${customer.username}`).toBe(1);

    await signOutToHome(page);
    await signInThroughFlowApi(page, customer);
    for (const entry of PREMIER_ENTRIES) {
      const link = menuLink(page, entry.title);
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', entry.path);
    }
    await expect(menuLink(page, 'Transfer Money')).toBeVisible();
    await expect(menuToggle(page)).toBeHidden();

    // Four entries: below xl the menu folds behind its toggle, and opens with it.
    await page.setViewportSize(SMALL_LAPTOP);
    await expect(menuToggle(page)).toBeVisible();
    await expect(menuLink(page, 'Premier Rewards')).toBeHidden();
    await menuToggle(page).click();
    for (const entry of PREMIER_ENTRIES) await expect(menuLink(page, entry.title)).toBeVisible();
  } finally {
    await context.close();
  }
});
