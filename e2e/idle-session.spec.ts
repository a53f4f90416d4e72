import { expect, test } from '@playwright/test';
import { messages, pageRoute } from '@anybank/contracts';
import { signInThroughFlowApi } from './support/api-sign-in';
import { USERS, expectLandedAs, sessionItem, sessionItems } from './support/sign-in';

const home = pageRoute('home');

test("after 30 idle minutes 'Are you still there?' asks; Stay keeps the session, and another idle period while it asks signs out", async ({
  page,
}) => {
  const ava = USERS.ava;
  // Playwright's clock drives the page's timers from the first page on; it runs at normal speed
  // until the test moves it forward.
  await page.clock.install();
  await signInThroughFlowApi(page, ava);
  const stillThere = page.getByRole('dialog', { name: messages.login.idleTitle, exact: true });
  await expect(stillThere).toHaveCount(0);

  await page.clock.fastForward('30:00');
  await expect(stillThere).toBeVisible();

  // Stay starts the sign-on again; the live single sign-on session answers it without a modal.
  const tokenBefore = await sessionItem(page, 'AT');
  const signedOnAgain = page.waitForURL((url) => url.searchParams.has('REF'), {
    waitUntil: 'commit',
  });
  await stillThere.getByRole('button', { name: 'Stay', exact: true }).click();
  await signedOnAgain;
  await expectLandedAs(page, ava);
  await expect(stillThere).toHaveCount(0);
  const tokenAfter = await sessionItem(page, 'AT');
  expect(tokenAfter, 'AT after Stay').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(tokenAfter, 'AT after Stay is a new token').not.toBe(tokenBefore);

  await page.clock.fastForward('30:00');
  await expect(stillThere).toBeVisible();
  await page.clock.fastForward('30:00');

  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([home.heading]);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await sessionItems(page)).toEqual({});
});
