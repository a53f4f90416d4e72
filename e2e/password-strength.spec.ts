import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, messages } from '@anybank/contracts';
import { expectNoAxeViolations } from './support/axe';
import { NEW_CUSTOMER_PASSWORD } from './support/customers';
import { openSettingsPage } from './support/settings';
import { USERS, signIn } from './support/sign-in';

const words = messages.passwordStrength;

/**
 * The registration form's strength meter says what the server will say of a new
 * password — the published demo password and the visitor's own name are refused, a strong one
 * is good — with its dictionaries loaded only once the form is open.
 */
test('the registration form’s meter refuses the demo password and the visitor’s name, and calls a strong one good', async ({
  page,
}) => {
  const dictionaries: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/dist-[\w-]+\.js$/.test(request.url())) dictionaries.push(request.url());
  });
  await page.goto('/');
  expect(dictionaries, 'no dictionary in the first page load').toEqual([]);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('First name', { exact: true }).fill('Robin');
  await modal.getByLabel('Last name', { exact: true }).fill('Tester');
  const password = modal.getByLabel('Password', { exact: true });
  const meter = modal.getByTestId('password-strength');

  await password.fill(DEMO_PASSWORD);
  await expect(meter).toContainText(words.published);
  await expect(meter.getByRole('meter', { name: words.meterLabel })).toHaveAttribute(
    'aria-valuetext',
    words.levels[1] ?? '',
  );
  await password.fill('Robin.Tester2026!');
  await expect(meter).toContainText(words.personal);
  await password.fill(NEW_CUSTOMER_PASSWORD);
  await expect(meter).toContainText(words.meterStrong);
  expect(dictionaries.length, 'the dictionaries, loaded with the form').toBeGreaterThan(0);
  await expectNoAxeViolations(page);
});

test('Change password shows the same meter: the demo password is refused before it is sent, a strong one is good', async ({
  page,
}) => {
  await signIn(page, USERS.jane);
  await openSettingsPage(page, 'signin-password');
  const form = page.getByRole('region', { name: messages.sessions.changePasswordHeading });
  const password = form.getByLabel('New password', { exact: true });
  const meter = form.getByTestId('password-strength');

  await password.fill(DEMO_PASSWORD);
  await expect(meter).toContainText(words.published);
  await password.fill('Jane.Doe2026!');
  await expect(meter).toContainText(words.personal);
  await password.fill(NEW_CUSTOMER_PASSWORD);
  await expect(meter).toContainText(words.meterStrong);
  await expectNoAxeViolations(page);
});
