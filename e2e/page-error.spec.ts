import { expect, test } from '@playwright/test';
import { messages, pageRoute } from '@anybank/contracts';

test('a page whose code cannot be fetched shows the unexpected error and a way back, not a blank page', async ({
  page,
}) => {
  // The outbox page's own chunk fails to arrive, as on a dropped connection.
  await page.route(/\/assets\/.*[Oo]utbox[^/]*\.js$/, (route) => route.abort('failed'));
  const outbox = pageRoute('outbox');
  await page.goto(outbox.paths[0] ?? '/outbox');
  const alert = page.getByRole('alert');
  await expect(
    alert.getByRole('heading', { name: messages.login.unexpectedErrorTitle }),
  ).toBeVisible();
  await expect(alert).toContainText(messages.login.unexpectedErrorText);
  await expect(alert.getByRole('button', { name: messages.login.reloadPage })).toBeVisible();
  // The navigation stays; another page shows as usual.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('home').heading]);

  // Once the chunk arrives again, reloading shows the page.
  await page.unroute(/\/assets\/.*[Oo]utbox[^/]*\.js$/);
  await page.goto(outbox.paths[0] ?? '/outbox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([outbox.heading]);
});
