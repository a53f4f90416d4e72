import { expect, test } from '@playwright/test';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  DESKTOP_CHROME_USER_AGENT,
  E2E_BROWSER_PATH,
  HIDE_AUTOMATION_FLAG,
} from './support/browser';
import {
  USERS,
  enterUsername,
  errorModal,
  loginModal,
  openSignIn,
  passwordField,
} from './support/sign-in';

test("a browser that says automation drives it (navigator.webdriver) is refused with 'Access Denied: …'", async ({
  page,
  baseURL,
}) => {
  const mia = USERS.mia;

  // The suite's own browser hides that automation drives it: mia.jackson may go on.
  expect(await page.evaluate(() => navigator.webdriver)).toBe(false);
  await openSignIn(page);
  await enterUsername(page, mia.username);
  await expect(passwordField(page)).toBeEditable();

  // The same Chromium with the same flags and user agent, but without the flag that hides
  // automation: navigator.webdriver is true there.
  const automated = await chromium.launch({
    executablePath: E2E_BROWSER_PATH,
    headless: true,
    args: CHROMIUM_ARGS.filter((arg) => arg !== HIDE_AUTOMATION_FLAG),
  });
  try {
    const context = await automated.newContext({ baseURL, userAgent: DESKTOP_CHROME_USER_AGENT });
    const automatedPage = await context.newPage();
    await automatedPage.goto('/');
    expect(await automatedPage.evaluate(() => navigator.webdriver)).toBe(true);

    await openSignIn(automatedPage);
    await enterUsername(automatedPage, mia.username);

    await expect(errorModal(automatedPage).getByRole('alert')).toHaveText(/^Access Denied: \S/);
    await expect(loginModal(automatedPage)).toHaveCount(0);
  } finally {
    await automated.close();
  }
});
