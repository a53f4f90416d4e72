import { expect, test, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import { registerCustomer, type NewCustomer } from './support/customers';
import { activatePhoneApp, phoneScreen, pushRequest } from './support/mobile';
import {
  Mailbox,
  chooseMethod,
  enterCode,
  enterPassword,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
  stepHeading,
} from './support/sign-in';

// Each journey registers a customer of its own and activates the phone app for them: the app
// adds their push device ("iPhone"), so no seeded user's sign-in changes.

const SIGN_IN_REQUEST = 'Sign in to AnyBank?';
const PUSH_STEP = 'Approve the sign-in on your phone';

/** The sign-in up to tab 7: username, password, then the iPhone on tab 2. */
async function signInChoosingThePhone(page: Page, customer: NewCustomer) {
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await chooseMethod(page, 'iPhone');
  const modal = loginModal(page);
  await expect(modal.getByRole('heading', { name: PUSH_STEP, exact: true })).toBeVisible();
  await expect(modal.getByRole('status')).toContainText('We sent a notification to your iPhone');
}

test('a customer signs in by approving the request on the phone app they activated at /mobile', async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer(page.request, 'push.approve');
  // The phone is another device: a browser context of its own.
  const phoneContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    await activatePhoneApp(phone, customer);

    await signInChoosingThePhone(page, customer);

    const request = pushRequest(phone, SIGN_IN_REQUEST);
    await request.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(phoneScreen(phone, customer).getByRole('status')).toHaveText(
      `Approved: ${SIGN_IN_REQUEST}`,
    );
    await expect(request).toHaveCount(0);

    await expectLandedAs(page, customer);
  } finally {
    await phoneContext.close();
  }
});

test("denying the request on the phone shows 'Mobile notification timed out or was denied', and another method still signs the customer in", async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer(page.request, 'push.deny');
  const phoneContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    await activatePhoneApp(phone, customer);

    await signInChoosingThePhone(page, customer);

    const request = pushRequest(phone, SIGN_IN_REQUEST);
    await request.getByRole('button', { name: 'Deny', exact: true }).click();
    await expect(phoneScreen(phone, customer).getByRole('status')).toHaveText(
      `Denied: ${SIGN_IN_REQUEST}`,
    );

    // The modal cancels the denied attempt and asks again how to confirm (tab 2), saying why.
    const modal = loginModal(page);
    await expect(stepHeading(page, 'method')).toBeVisible();
    await expect(
      modal.getByText(messages.login.pushRejectedOrTimedOut, { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.has('flowId'));

    const mailbox = await Mailbox.open(page.request, customer.email);
    await chooseMethod(page, 'Email');
    await expect(stepHeading(page, 'code')).toBeVisible();
    await enterCode(page, await mailbox.readNewCode());
    await expectLandedAs(page, customer);
  } finally {
    await phoneContext.close();
  }
});
