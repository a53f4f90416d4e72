import { expect, type Locator, type Page } from '@playwright/test';
import { PUSH_POLL_INTERVAL_MS, pageRoute } from '@anybank/contracts';
import { installClock, moveTimeOn } from './clock';
import {
  Mailbox,
  chooseMethod,
  enterUsername,
  expectLandedAs,
  loginModal,
  openSignIn,
} from './sign-in';
import type { NewCustomer } from './customers';

/**
 * The bank's phone app, simulated at /mobile: activated once for a customer (username,
 * password, the code e-mailed to them), then it lists the requests sent to their phone with
 * Approve and Deny. Activation makes the customer's push device ("iPhone") usable at sign-in.
 */

const mobile = pageRoute('mobile');

/**
 * How often /mobile asks for the phone's pending requests (PUSH_REQUESTS_POLL_INTERVAL_MS in
 * apps/web/src/lib/use-push-requests.ts, a module of React hooks this file does not load). Were
 * it longer, `phoneChecksNow` would only be slower: the request still comes at the next poll.
 */
const PHONE_POLL_INTERVAL_MS = 2000;

/** The activated phone's screen: the section headed "{first name}'s iPhone". */
export function phoneScreen(page: Page, customer: NewCustomer): Locator {
  return page.getByRole('region', { name: `${customer.firstName}'s iPhone`, exact: true });
}

/**
 * Opens /mobile and activates the app for `customer`; ends on the phone's screen. The phone's
 * clock is installed first, so that `phoneChecksNow` can make it ask for its requests at once.
 */
export async function activatePhoneApp(page: Page, customer: NewCustomer): Promise<void> {
  await installClock(page);
  const mailbox = await Mailbox.open(page.request, customer.email);
  await page.goto(mobile.paths[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([mobile.heading]);
  const activation = page.getByRole('region', { name: 'Activate the AnyBank app', exact: true });
  await activation.getByLabel('Username', { exact: true }).fill(customer.username);
  await activation.getByLabel('Password', { exact: true }).fill(customer.password);
  await activation.getByRole('button', { name: 'Continue', exact: true }).click();

  const code = activation.getByLabel('Activation code', { exact: true });
  await expect(code).toBeEditable();
  await code.fill(await mailbox.readNewCode());
  await activation.getByRole('button', { name: 'Activate', exact: true }).click();

  const screen = phoneScreen(page, customer);
  await expect(screen).toBeVisible();
  await expect(
    screen.getByText(`Activated for ${customer.username}`, { exact: true }),
  ).toBeVisible();
}

/** The pending request card on the phone whose title is `title`. */
export function pushRequest(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/**
 * The phone asks for its pending requests now, instead of at its next poll (up to 2 s away):
 * call it once the bank has sent the request (the page that caused it says so). The phone's
 * clock must be installed (`activatePhoneApp` does).
 */
export async function phoneChecksNow(phone: Page): Promise<void> {
  await moveTimeOn(phone, PHONE_POLL_INTERVAL_MS);
}

/**
 * Waits until the phone shows `shown` (a request's card, say), making it ask for its requests at
 * once, and again each second it does not show yet (the bank may still be sending the request):
 * the phone's time then runs a few times faster than the clock on the wall, for those seconds.
 */
export async function expectOnPhone(phone: Page, shown: Locator): Promise<void> {
  await expect(async () => {
    await phoneChecksNow(phone);
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [0], timeout: 30_000 });
}

/** The card of the pending request titled `title`, once the phone shows it (`expectOnPhone`). */
export async function pendingRequestOnPhone(phone: Page, title: string): Promise<Locator> {
  const request = pushRequest(phone, title);
  await expectOnPhone(phone, request);
  return request;
}

/**
 * Answers the pending request titled `title` on the phone once it shows, and waits until the
 * bank has taken the answer: the phone then takes the request off its list.
 */
export async function answerOnPhone(
  phone: Page,
  title: string,
  answer: 'Approve' | 'Deny',
): Promise<void> {
  const request = await pendingRequestOnPhone(phone, title);
  await request.getByRole('button', { name: answer, exact: true }).click();
  await expect(request).toHaveCount(0);
}

/**
 * The login modal waiting for the phone (tab 7) reads the flow now, instead of at its next poll
 * (up to PUSH_POLL_INTERVAL_MS away): call it once the phone's answer is in (`answerOnPhone`).
 * The page's clock must have been installed before the sign-in started (`installClock`).
 */
export async function loginModalChecksNow(page: Page): Promise<void> {
  await moveTimeOn(page, PUSH_POLL_INTERVAL_MS);
}

/** A customer's sign-in by approving it on their phone app, open in `phone`. */
export async function signInWithPhone(page: Page, phone: Page, customer: NewCustomer) {
  await installClock(page);
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await chooseMethod(page, 'iPhone');
  await expect(loginModal(page).getByRole('status')).toContainText(
    'We sent a notification to your iPhone',
  );
  await answerOnPhone(phone, 'Sign in to AnyBank?', 'Approve');
  await loginModalChecksNow(page);
  await expectLandedAs(page, customer);
}
