import { devices, expect, test, type Page } from '@playwright/test';
import { FOOTER_COPYRIGHT_YEAR, PARTNER_LOGINS, pageRoute } from '@anybank/contracts';

const home = pageRoute('home');

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([home.heading]);
  return page.getByRole('contentinfo');
}

test('the footer offers the three partner logins and Demo Admin', async ({ page }) => {
  const footer = await openHome(page);
  for (const { label } of PARTNER_LOGINS) {
    // A partner login starts a sign-in: a link or a button may carry it.
    const control = footer
      .getByRole('link', { name: label, exact: true })
      .or(footer.getByRole('button', { name: label, exact: true }));
    await expect(control).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Demo Admin', exact: true })).toHaveAttribute(
    'href',
    '/admin/',
  );
});

test(`the footer shows the copyright year ${FOOTER_COPYRIGHT_YEAR}`, async ({ page }) => {
  const footer = await openHome(page);
  await expect(footer).toContainText(new RegExp(`(©|copyright).*${FOOTER_COPYRIGHT_YEAR}`, 'i'));
});

test('the footer hides Install the App from a browser that is not on iOS', async ({ page }) => {
  const footer = await openHome(page);
  await expect(footer.getByText('Install the App')).toHaveCount(0);
});

test('the footer shows Install the App on an iPhone', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: devices['iPhone 15'].userAgent });
  try {
    const footer = await openHome(await context.newPage());
    await expect(footer.getByText('Install the App')).toBeVisible();
  } finally {
    await context.close();
  }
});
