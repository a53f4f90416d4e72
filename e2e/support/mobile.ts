import { expect, type Locator, type Page } from '@playwright/test';
import { pageRoute } from '@anybank/contracts';
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

/** The activated phone's screen: the section headed "{first name}'s iPhone". */
export function phoneScreen(page: Page, customer: NewCustomer): Locator {
  return page.getByRole('region', { name: `${customer.firstName}'s iPhone`, exact: true });
}

/** Opens /mobile and activates the app for `customer`; ends on the phone's screen. */
export async function activatePhoneApp(page: Page, customer: NewCustomer): Promise<void> {
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

/** A customer's sign-in by approving it on their phone app, open in `phone`. */
export async function signInWithPhone(page: Page, phone: Page, customer: NewCustomer) {
  await openSignIn(page);
  await enterUsername(page, customer.username);
  await chooseMethod(page, 'iPhone');
  await expect(loginModal(page).getByRole('status')).toContainText(
    'We sent a notification to your iPhone',
  );
  await pushRequest(phone, 'Sign in to AnyBank?')
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expectLandedAs(page, customer);
}
