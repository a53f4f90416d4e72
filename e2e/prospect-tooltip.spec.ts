import { expect, test } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';

const home = pageRoute('home');

test('the prospect-name tooltip is dismissed by a click elsewhere and stays dismissed after a reload', async ({
  page,
}) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText([home.heading]);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();

  await heading.click();
  await expect(tooltip).toHaveCount(0);
  expect(
    await page.evaluate(() => sessionStorage.getItem('dismissedProspectTooltip')),
    'dismissedProspectTooltip in sessionStorage',
  ).not.toBeNull();

  await page.reload();
  await expect(heading).toHaveText([home.heading]);
  // The tooltip showed by itself on the first visit; once the reloaded page has settled it
  // would have shown again had the dismissal been forgotten.
  await page.waitForLoadState('networkidle');
  await expect(tooltip).toHaveCount(0);
});
