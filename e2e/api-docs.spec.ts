import { expect, test, type Page } from '@playwright/test';
import { API_DOCS_PATHS, BALANCES_API_PATH } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { collectPageErrors } from './support/console';
import { registerCustomer } from './support/customers';
import {
  Mailbox,
  enterCode,
  enterPassword,
  enterUsername,
  expectUsernameStep,
  loginModal,
  stepHeading,
} from './support/sign-in';

/**
 * The API reference at /api/docs is Swagger UI on the OpenAPI document, served by
 * the bank under its strict CSP, and its Authorize signs in through the bank's own OAuth
 * (authorization code + PKCE, the login modal in the window it opens) so that "Try it out"
 * calls the customer APIs with the token it got.
 */

const BALANCES_SUMMARY = 'The customer’s account balances (UK Open Banking OBReadBalance1)';

/** The reference, rendered: its title and the group of the customer's banking calls. */
async function openReference(page: Page): Promise<void> {
  await page.goto(API_DOCS_PATHS.page);
  await expect(page.getByRole('heading', { level: 1, name: /^AnyBank API/ })).toBeVisible();
  await expect(page.getByText(BALANCES_SUMMARY, { exact: true })).toBeVisible();
}

test('the API reference renders under the CSP, and its document is at /api/docs/openapi.json', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openReference(page);
  await expect(page).toHaveTitle('API reference · AnyBank');
  // The viewer offers the bank's own sign-in.
  await expect(page.getByRole('button', { name: 'Authorize', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  // No CSP refusal, no failed load, no script error: everything came from the bank itself.
  expect(errors).toEqual([]);

  const answer = await page.request.get(API_DOCS_PATHS.document);
  expect(answer.status()).toBe(200);
  const document = (await answer.json()) as {
    openapi: string;
    paths: Record<string, Record<string, { summary?: string }>>;
  };
  expect(document.openapi).toBe('3.1.0');
  expect(document.paths[BALANCES_API_PATH]?.get?.summary).toBe(BALANCES_SUMMARY);
});

test('Authorize signs a customer in through the login modal, and Try it out reads her balances', async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, 'apidocs');
  const mailbox = await Mailbox.open(page.request, customer.email);
  const errors = collectPageErrors(page);
  await openReference(page);

  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  const authorizations = page.getByRole('dialog', { name: 'Available authorizations' });
  const oauth = authorizations
    .locator('.auth-container')
    .filter({ has: page.getByRole('heading', { name: /^oauth2 / }) });
  await expect(oauth.getByText('authorizationCode with PKCE', { exact: true })).toBeVisible();
  // The reference's own public client, filled in by the page.
  await expect(oauth.getByRole('textbox', { name: 'client_id:' })).toHaveValue('anybank-api-docs');
  const [signInWindow] = await Promise.all([
    page.waitForEvent('popup'),
    oauth.getByRole('button', { name: /^Authorize/ }).click(),
  ]);

  // The bank's sign-in, in the window the reference opened: the login modal as on the site.
  await expectUsernameStep(signInWindow);
  await enterUsername(signInWindow, customer.username);
  await enterPassword(signInWindow, customer.password);
  await expect(stepHeading(signInWindow, 'code')).toBeVisible();
  await enterCode(signInWindow, await mailbox.readNewCode());
  // A customer with one sign-in method is offered another first: not now.
  const offer = loginModal(signInWindow).getByRole('heading', {
    name: 'Add another way to sign in',
  });
  const nextStep = async () =>
    signInWindow.isClosed() ? 'closed' : (await offer.isVisible()) ? 'offer' : 'waiting';
  await expect.poll(nextStep).not.toBe('waiting');
  if ((await nextStep()) === 'offer') {
    await loginModal(signInWindow).getByRole('button', { name: 'Not now', exact: true }).click();
  }
  // The return page handed the code to the reference, which got the token; the window closed.
  await expect.poll(() => signInWindow.isClosed()).toBe(true);
  await expect(oauth.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(oauth.getByText('Authorized')).toBeVisible();
  await expectNoAxeViolations(page);
  await authorizations.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(authorizations).toBeHidden();

  const balances = page.locator('.opblock').filter({ hasText: BALANCES_SUMMARY });
  await balances.getByText(BALANCES_SUMMARY, { exact: true }).click();
  await balances.getByRole('button', { name: 'Try it out' }).click();
  await balances.getByRole('button', { name: 'Execute' }).click();
  // The call went out with the token the sign-in gave: the customer's own balances came back.
  const answer = balances.locator('.live-responses-table tbody tr');
  await expect(answer.locator('.response-col_status')).toHaveText('200');
  await expect(answer.locator('.response-col_description')).toContainText('"Balance"');
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});
