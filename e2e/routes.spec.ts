import { expect, test } from '@playwright/test';
import { PAGE_ROUTES, pageRoute } from '@anybank/contracts';

// The pages are open to everyone until the page guard arrives; that issue changes this file so
// that the guarded pages are opened by a signed-in user of the right type.

const home = pageRoute('home');

for (const route of PAGE_ROUTES) {
  for (const path of route.paths) {
    test(`opening ${path} shows the ${route.id} page's own heading "${route.heading}"`, async ({
      page,
    }) => {
      await page.goto(path);
      // One assertion for both facts (exactly one h1, with this text), so that a page which
      // moves on by itself cannot pass one half and fail the other.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText([route.heading]);
    });
  }
}

test('an unknown path is sent home instead of showing another page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([home.heading]);
  for (const other of PAGE_ROUTES.filter((route) => route.id !== home.id)) {
    await expect(page.getByRole('heading', { name: other.heading, exact: true })).toHaveCount(0);
  }
});
