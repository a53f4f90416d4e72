import { expect, test, type Page } from '@playwright/test';
import { messages } from '@anybank/contracts';
import { expectAccessibleLoginTab } from './support/axe';
import { registerCustomer, type NewCustomer } from './support/customers';
import { installClock } from './support/clock';
import {
  activatePhoneApp,
  answerOnPhone,
  loginModalChecksNow,
  pendingRequestOnPhone,
  phoneScreen,
} from './support/mobile';
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

// The first journey is john.smith's (his seeded "iPhone" becomes usable once the app is
// activated; sign-in.spec.ts lets him pick e-mail afterwards). The others register a customer of
// their own and activate the phone app for them: it adds their push device ("iPhone").

const SIGN_IN_REQUEST = 'Sign in to AnyBank?';
const PUSH_STEP = 'Approve the sign-in on your phone';

/**
 * The sign-in up to tab 7: username, password, then the iPhone on tab 2. The page's clock is
 * installed first: once the phone has answered, the modal reads the flow at once
 * (`loginModalChecksNow`) instead of at its next poll.
 */
async function signInChoosingThePhone(page: Page, customer: NewCustomer) {
  await installClock(page);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await enterPassword(page, customer.password);
  await chooseMethod(page, 'iPhone');
  const modal = loginModal(page);
  await expect(modal.getByRole('heading', { name: PUSH_STEP, exact: true })).toBeVisible();
  await expect(modal.getByRole('status')).toContainText('We sent a notification to your iPhone');
}

test('john.smith, who signs in with his device, signs in by approving on the phone app activated at /mobile', async ({
  page,
  browser,
}) => {
  // john's seeded "iPhone" works once the app is activated for him (password and e-mailed code).
  const john: NewCustomer = {
    username: 'john.smith',
    userType: 'customer',
    email: 'john.smith@example.com',
    firstName: 'John',
    lastName: 'Smith',
    password: 'Welcome2Bank!',
  };
  const phoneContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    await activatePhoneApp(phone, john);

    await installClock(page);
    await openSignIn(page);
    await enterUsername(page, john.username);
    await chooseMethod(page, 'iPhone');
    await expect(loginModal(page).getByRole('status')).toContainText(
      'We sent a notification to your iPhone',
    );

    await answerOnPhone(phone, SIGN_IN_REQUEST, 'Approve');
    await loginModalChecksNow(page);
    await expectLandedAs(page, john);
  } finally {
    await phoneContext.close();
  }
});

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
    await expectAccessibleLoginTab(page, 7);

    const request = await pendingRequestOnPhone(phone, SIGN_IN_REQUEST);
    // Where from and when, in words: the browser, not its user agent; "now", not a GMT time.
    await expect(request.getByText(/^Chrome \d+ on Linux$/)).toBeVisible();
    await expect(request.getByText('now', { exact: true })).toBeVisible();
    await request.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(phoneScreen(phone, customer).getByRole('status')).toHaveText(
      `Approved: ${SIGN_IN_REQUEST}`,
    );
    await expect(request).toHaveCount(0);

    await loginModalChecksNow(page);
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

    const request = await pendingRequestOnPhone(phone, SIGN_IN_REQUEST);
    await request.getByRole('button', { name: 'Deny', exact: true }).click();
    await expect(phoneScreen(phone, customer).getByRole('status')).toHaveText(
      `Denied: ${SIGN_IN_REQUEST}`,
    );
    await loginModalChecksNow(page);

    // The modal cancels the denied attempt and asks again how to confirm (tab 2), saying why.
    const modal = loginModal(page);
    await expect(stepHeading(page, 'method')).toBeVisible();
    await expect(
      modal.getByText(messages.login.pushRejectedOrTimedOut, { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.has('flowId'));
    await expectAccessibleLoginTab(page, 2);

    const mailbox = await Mailbox.open(page.request, customer.email);
    await chooseMethod(page, 'Email');
    await expect(stepHeading(page, 'code')).toBeVisible();
    await enterCode(page, await mailbox.readNewCode());
    await expectLandedAs(page, customer);
  } finally {
    await phoneContext.close();
  }
});
