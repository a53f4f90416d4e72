import { expect, test, type Locator, type Page } from '@playwright/test';
import { messages, orchestrationMessages, outboxResponseSchema } from '@anybank/contracts';
import { newCustomerDetails, type NewCustomer } from './support/customers';
import {
  Mailbox,
  USERS,
  declinePairingOffer,
  enterCode,
  enterPassword,
  enterUsername,
  expectLandedAs,
  expectUsernameStep,
  signIn,
  signOutToHome,
  stepHeading,
  usernameField,
} from './support/sign-in';

const FORM_HEADING = 'Open your AnyBank account';

/** The registration modal: the dialog with the 'Close registration' button. */
function registrationModal(page: Page): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Close registration', exact: true }) });
}

/** The confirmation modal shown once after the new customer's first sign-in (§2.3). */
function confirmationModal(page: Page): Locator {
  return page.getByRole('dialog', { name: messages.registration.createdTitle, exact: true });
}

/** Opens the home page and clicks Sign Up; the widget's form is ready. */
async function openSignUp(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const modal = registrationModal(page);
  await expect(modal.getByRole('heading', { name: FORM_HEADING, exact: true })).toBeVisible();
  await expect(modal.getByLabel('First name', { exact: true })).toBeEditable();
  return modal;
}

/** Types the visitor's details into the form and continues. */
async function submitDetails(modal: Locator, visitor: NewCustomer) {
  await modal.getByLabel('First name', { exact: true }).fill(visitor.firstName);
  await modal.getByLabel('Last name', { exact: true }).fill(visitor.lastName);
  await modal.getByLabel('Email', { exact: true }).fill(visitor.email);
  await modal.getByLabel('Username', { exact: true }).fill(visitor.username);
  await modal.getByLabel('Password', { exact: true }).fill(visitor.password);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Every message the outbox holds for `address`. */
async function outboxOf(page: Page, address: string) {
  const response = await page.request.get('/api/dev/outbox', { params: { to: address } });
  expect(response.status(), `outbox for ${address}`).toBe(200);
  return outboxResponseSchema.parse(await response.json()).messages;
}

test("a visitor registers through Sign Up with the code e-mailed to them, sees 'We've Created Your Account' after signing in, and signs in again later", async ({
  page,
}) => {
  const visitor = newCustomerDetails('signup');
  const mailbox = await Mailbox.open(page.request, visitor.email);

  const modal = await openSignUp(page);
  await submitDetails(modal, visitor);
  const code = modal.getByLabel('Verification code', { exact: true });
  await expect(code).toBeEditable();
  await expect(modal.getByText(`We sent a 6-digit code to ${visitor.email}.`)).toBeVisible();
  await code.fill(await mailbox.readNewCode());
  await modal.getByRole('button', { name: 'Verify', exact: true }).click();

  // The account exists: the registration modal closes and the sign-in starts, the new
  // username filled in.
  await expect(modal).toHaveCount(0);
  await expectUsernameStep(page);
  await expect(usernameField(page)).toHaveValue(visitor.username);
  await enterUsername(page, visitor.username);
  await enterPassword(page, visitor.password);
  // Their e-mail is their only method: the code goes there straight away.
  await expect(stepHeading(page, 'code')).toBeVisible();
  await enterCode(page, await mailbox.readNewCode());
  await declinePairingOffer(page, visitor);
  await expectLandedAs(page, visitor);

  const confirmation = confirmationModal(page);
  await expect(confirmation).toBeVisible();
  await expect(
    confirmation.getByRole('heading', { name: 'Get the app', exact: true }),
  ).toBeVisible();
  await confirmation.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(confirmation).toHaveCount(0);

  await signOutToHome(page);

  await signIn(page, visitor);
  await expect(confirmation).toHaveCount(0);
});

test("when the registration policy fails, the widget gives way to 'An Error Occurred', and Close resets the modal", async ({
  page,
}) => {
  const visitor = newCustomerDetails('signup.error');
  let failedCalls = 0;
  await page.route('**/policy/**/start', async (route) => {
    failedCalls += 1;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The orchestration service is unavailable.' }),
    });
  });

  const modal = await openSignUp(page);
  await submitDetails(modal, visitor);

  await expect(
    modal.getByRole('heading', { name: messages.registration.errorTitle, exact: true }),
  ).toBeVisible();
  await expect(modal.getByRole('alert')).toHaveText(messages.registration.errorText);
  await expect(modal.getByLabel('First name', { exact: true })).toHaveCount(0);
  expect(failedCalls, 'registration policy calls').toBe(1);

  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toHaveCount(0);

  // Opened again, the modal shows the form, not the error.
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(modal.getByRole('heading', { name: FORM_HEADING, exact: true })).toBeVisible();
  await expect(modal.getByLabel('First name', { exact: true })).toBeEditable();
  await expect(modal.getByText(messages.registration.errorTitle)).toHaveCount(0);
  expect(await outboxOf(page, visitor.email)).toEqual([]);
});

test('a username that is taken (jane.doe) is refused under its field, and nothing is created: no code is e-mailed', async ({
  page,
}) => {
  const visitor = { ...newCustomerDetails('signup.taken'), username: USERS.jane.username };

  const modal = await openSignUp(page);
  await submitDetails(modal, visitor);

  const username = modal.getByLabel('Username', { exact: true });
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(orchestrationMessages.usernameTaken);
  await expect(modal.getByText(orchestrationMessages.usernameTaken, { exact: true })).toBeVisible();
  // Still the form: no code step, and the other fields are fine.
  await expect(modal.getByLabel('Verification code', { exact: true })).toHaveCount(0);
  await expect(modal.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'false');

  expect(await outboxOf(page, visitor.email)).toEqual([]);
});
