import { expect, test } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';

const outbox = pageRoute('outbox');

test('the outbox page shows its heading and a recipient filter', async ({ page }) => {
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([outbox.heading]);
  await expect(page.getByLabel(/recipient/i)).toBeVisible();
});
