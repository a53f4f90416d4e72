import { expect, test, type Page } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD, USERS, signIn } from './support/sign-in';

/**
 * "Behind the scenes" shows, beside the page, what the bank did for this browser (ADR 0021).
 * The transfer and partner parts are checked in transfers.spec.ts and advisor.spec.ts, where
 * those journeys already run.
 */

function panel(page: Page) {
  return page.getByRole('complementary', { name: 'Behind the scenes' });
}

/** The panel's entries' texts, oldest first (the panel lists the newest first). */
async function entriesInOrder(page: Page): Promise<string[]> {
  return (await panel(page).getByRole('article').allTextContents()).reverse();
}

function entry(page: Page, title: string) {
  return panel(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('with the panel open, jane.doe’s sign-in shows the authorization request, the risk evaluation, the password step, the e-mailed code with its outbox link, and her token decoded with a valid signature', async ({
  page,
}) => {
  await page.goto('/?inspect=1');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText('Nothing yet.', { exact: false })).toBeVisible();

  await signIn(page, USERS.jane);
  await expect(entry(page, 'Tokens issued').first()).toBeVisible();

  const entries = await entriesInOrder(page);
  const order = [
    'Authorization request',
    'Risk evaluation',
    'The checkUsernamePassword step',
    'Message sent',
    'Tokens issued',
  ].map((text) => entries.findIndex((shown) => shown.includes(text)));
  expect(
    order.every((index) => index >= 0),
    entries.join('\n'),
  ).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));

  await expect(entry(page, 'Authorization request').first()).toContainText('PKCE (S256)');
  const risk = entry(page, 'Risk evaluation');
  await expect(risk).toContainText('Risk LOW: none of the');
  await expect(risk.getByText('webdriver: did not fire')).toBeVisible();
  await expect(
    entry(page, 'Sign-in step').filter({ hasText: 'checkUsernamePassword' }).first(),
  ).toContainText('USERNAME_PASSWORD_REQUIRED →');
  const token = entry(page, 'Tokens issued').first();
  await expect(token).toContainText('"anybankUserType": "customer"');
  await expect(token.getByText('signature valid', { exact: false }).first()).toBeVisible();
  // Secrets stay out: the panel shows no password.
  await expect(panel(page)).not.toContainText(DEMO_PASSWORD);
  await expectNoAxeViolations(page);

  // The e-mail's outbox link opens that very message, and the panel stays open.
  const sent = entry(page, 'Message sent').filter({ hasText: 'one-time code' }).first();
  await expect(sent).toContainText('j******e@example.com');
  await sent.getByRole('link', { name: 'Open this message in the outbox' }).click();
  await expect(page).toHaveURL((url) => url.pathname === pageRoute('outbox').paths[0]);
  const linked = page.locator('article[aria-current="true"]');
  await expect(linked).toBeFocused();
  await expect(linked).toContainText('One-time code');
  await expect(panel(page)).toBeVisible();

  // Closing it ends the panel in this tab.
  await panel(page).getByRole('button', { name: 'Close Behind the scenes' }).click();
  await expect(panel(page)).toHaveCount(0);
});
