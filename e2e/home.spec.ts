import { expect, test } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { collectPageErrors } from './support/console';

const home = pageRoute('home');

test('the home page offers Sign In and Sign Up to a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([home.heading]);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
});

test('the server answers its health check with 200', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
});

test('the home page is served with a Content-Security-Policy that allows no inline script', async ({
  request,
}) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const policy = response.headers()['content-security-policy'];
  expect(policy, 'Content-Security-Policy header').toBeTruthy();
  const directives = (policy ?? '').split(';').map((directive) => directive.trim().split(/\s+/));
  const scriptSrc = directives.find(([name]) => name === 'script-src');
  expect(scriptSrc, `script-src directive in "${policy}"`).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
});

test('the home page loads without console errors or uncaught exceptions', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([home.heading]);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('the home page has no axe-core accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([home.heading]);
  await expectNoAxeViolations(page);
});

test('on a phone-sized screen the menu folds behind its toggle, opens with it and folds again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const navigation = page.getByRole('navigation', { name: 'Main' });
  const toggle = navigation.getByRole('button', { name: 'Toggle navigation' });
  const personal = navigation.getByRole('link', { name: 'Personal', exact: true });
  await expect(personal).toBeHidden();
  await toggle.click();
  await expect(personal).toBeVisible();
  await expect(navigation.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await toggle.click();
  await expect(personal).toBeHidden();
  await expect(navigation.getByRole('button', { name: 'Sign In', exact: true })).toBeHidden();
});
